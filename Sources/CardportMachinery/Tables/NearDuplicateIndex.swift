/// The index keys of the near-duplicate pass, each with its entry: sorted by key, found through
/// the bucket of keys that share their top bits, behind a bit filter that answers most keys it
/// does not hold.
///
/// The keys are uniform hashes, so a counting pass on their top bits sorts them into buckets of
/// two or three keys each, and a look-up reads the bucket's start and then its few keys: two
/// memory reads where a binary search of a million keys made twenty. The filter gives each key one
/// 64-bit word and sets two bits in it, so a probe costs one read there too.
///
/// ```swift
/// let index = NearDuplicateIndex([(key: 42, entry: 0), (key: 7, entry: 1)])
/// index.mayContain(42)               // true
/// index.positions(of: 42).map(index.entry(at:))   // [0]
/// ```
package struct NearDuplicateIndex: Sendable {
    /// The keys in increasing order, and the entry of each (in increasing order among equal keys).
    package private(set) var keys: [UInt64]
    package private(set) var entries: [Int32]
    /// Where each bucket's keys start in `keys`, and past the last bucket, its end.
    @usableFromInline var starts: [Int32]
    @usableFromInline let shift: UInt64
    @usableFromInline var filter: [UInt64]
    @usableFromInline let filterMask: UInt64

    /// An index of `list`, which must be in increasing entry order.
    package init(_ list: [(key: UInt64, entry: Int32)]) {
        var bits = 1
        while (1 << bits) < list.count / 4 && bits < 24 { bits += 1 }
        shift = UInt64(64 - bits)
        let bucketCount = 1 << bits
        var starts = [Int32](repeating: 0, count: bucketCount + 1)
        for item in list { starts[Int(item.key >> shift) + 1] += 1 }
        for bucket in 0..<bucketCount { starts[bucket + 1] += starts[bucket] }
        var keys = [UInt64](repeating: 0, count: list.count)
        var entries = [Int32](repeating: 0, count: list.count)
        var next = starts
        for item in list {
            let bucket = Int(item.key >> shift)
            let slot = Int(next[bucket])
            keys[slot] = item.key
            entries[slot] = item.entry
            next[bucket] += 1
        }
        // Within a bucket, entries are already in increasing order: an insertion by key alone keeps it.
        for bucket in 0..<bucketCount {
            let first = Int(starts[bucket])
            var i = first + 1
            while i < Int(starts[bucket + 1]) {
                let (key, entry) = (keys[i], entries[i])
                var j = i
                while j > first, keys[j - 1] > key {
                    keys[j] = keys[j - 1]
                    entries[j] = entries[j - 1]
                    j -= 1
                }
                keys[j] = key
                entries[j] = entry
                i += 1
            }
        }
        self.keys = keys
        self.entries = entries
        self.starts = starts

        // Sixteen bits per key, two set in one word by each: about one false hit in sixty probes,
        // and a false hit now costs only a look-up in a short bucket.
        var words = 1 << 10
        while words * 64 < list.count * 16 { words <<= 1 }
        filterMask = UInt64(words - 1)
        filter = [UInt64](repeating: 0, count: words)
        for key in keys {
            let (word, bits) = NearDuplicateIndex.filterWord(key, mask: filterMask)
            filter[word] |= bits
        }
    }

    /// The number of keys held.
    package var count: Int { keys.count }

    /// False when `key` is certainly not held.
    @inlinable @inline(__always)
    package func mayContain(_ key: UInt64) -> Bool {
        let (word, bits) = NearDuplicateIndex.filterWord(key, mask: filterMask)
        return filter[word] & bits == bits
    }

    /// The positions of `key` in ``keys``; empty when it is not held.
    @inlinable @inline(__always)
    package func positions(of key: UInt64) -> Range<Int> {
        let bucket = Int(key >> shift)
        var low = Int(starts[bucket])
        let end = Int(starts[bucket + 1])
        while low < end, keys[low] < key { low += 1 }
        var high = low
        while high < end, keys[high] == key { high += 1 }
        return low..<high
    }

    /// The entry of the key at `position`.
    @inlinable @inline(__always)
    package func entry(at position: Int) -> Int32 { entries[position] }

    /// The filter word of a key and its two bits in it: from parts of the key that neither its
    /// bucket (the top bits) nor each other depend on.
    @usableFromInline @inline(__always)
    static func filterWord(_ key: UInt64, mask: UInt64) -> (Int, UInt64) {
        (Int(truncatingIfNeeded: (key >> 12) & mask), 1 << (key & 63) | 1 << ((key >> 6) & 63))
    }
}
