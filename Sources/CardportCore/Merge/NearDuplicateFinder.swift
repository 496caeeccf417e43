/// Finds citations whose folded text is contained in another's of the same author and source,
/// without comparing every pair.
///
/// Containment is by whole words: `"well begun"` is in `"well begun is half done"`, but `"art"` is
/// not in `"heart"`. Each text is indexed under a hash of its group (author and source) and its
/// first three words (all of them when it has fewer). A text then probes the index at each of its
/// word positions: a text it contains must start at one of them. A bit filter answers most probes
/// without touching the index, and a hit is confirmed by comparing the bytes, so hash collisions
/// cost time, never correctness. The cost is about one probe per word of input, whatever the number
/// of texts, unless many texts of one group share their first three words.
struct NearDuplicateFinder {
    /// One text to compare: its folded form and its group.
    struct Entry {
        /// The folded text.
        var text: String
        /// A digest of the folded author and source: only texts of one group are compared.
        var group: (UInt64, UInt64)
    }

    private static let prefixWords = 3
    private static let filterBits = 1 << 24

    /// For each entry, the index of the longest entry that contains it (the earliest on a tie),
    /// followed to the end of the chain: a text that contains it and that nothing contains. `-1` for
    /// an entry nothing contains.
    static func roots(of entries: [Entry]) -> [Int32] {
        let texts = entries.map { $0.text }
        var keys: [(key: UInt64, entry: Int32)] = []
        keys.reserveCapacity(entries.count)
        var filter = [UInt64](repeating: 0, count: filterBits / 64)
        var hasShort = [false, false, false, false]
        for index in entries.indices {
            let words = withBytes(texts[index]) { wordHashes($0, limit: prefixWords) }
            guard !words.isEmpty else { continue }
            let key = ngramKey(group: entries[index].group, words[...])
            hasShort[words.count] = true
            keys.append((key, Int32(index)))
            filter[Int(key >> 40) >> 6] |= 1 << (key >> 40 & 63)
        }
        keys.sort { $0.key != $1.key ? $0.key < $1.key : $0.entry < $1.entry }

        var container = [Int32](repeating: -1, count: entries.count)
        var hashes: [UInt64] = []
        var starts: [Int] = []
        for a in entries.indices {
            withBytes(texts[a]) { aBytes in
                allWordHashes(aBytes, into: &hashes, starts: &starts)
                for p in hashes.indices {
                    for n in 1...prefixWords where hasShort[n] && p + n <= hashes.count {
                        let key = ngramKey(group: entries[a].group, hashes[p..<(p + n)])
                        guard filter[Int(key >> 40) >> 6] & (1 << (key >> 40 & 63)) != 0 else { continue }
                        var i = lowerBound(keys, key)
                        while i < keys.count, keys[i].key == key {
                            let b = Int(keys[i].entry)
                            i += 1
                            guard b != a, entries[b].group == entries[a].group else { continue }
                            let contained = withBytes(texts[b]) { bBytes in
                                contains(aBytes, at: starts[p], bBytes)
                            }
                            guard contained else { continue }
                            let current = container[b]
                            if current < 0 || longer(a, than: Int(current), texts) {
                                container[b] = Int32(a)
                            }
                        }
                    }
                }
            }
        }

        var roots = [Int32](repeating: -1, count: entries.count)
        for index in entries.indices where container[index] >= 0 {
            var root = container[index]
            while container[Int(root)] >= 0 { root = container[Int(root)] }
            roots[index] = root
        }
        return roots
    }

    /// Reads a string's UTF-8 in place (folded strings are native, so always), else from a copy.
    private static func withBytes<R>(_ text: String, _ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
        if let result = text.utf8.withContiguousStorageIfAvailable(body) { return result }
        return Array(text.utf8).withUnsafeBufferPointer(body)
    }

    /// Whether `a` is the better container: longer, or as long and earlier.
    private static func longer(_ a: Int, than b: Int, _ texts: [String]) -> Bool {
        let la = texts[a].utf8.count
        let lb = texts[b].utf8.count
        return la != lb ? la > lb : a < b
    }

    /// Whether `needle` occurs in `haystack` at byte `start`, ending at a word boundary, and is
    /// shorter than it.
    private static func contains(_ haystack: UnsafeBufferPointer<UInt8>, at start: Int,
                                 _ needle: UnsafeBufferPointer<UInt8>) -> Bool {
        guard needle.count < haystack.count, start + needle.count <= haystack.count else { return false }
        let end = start + needle.count
        guard end == haystack.count || haystack[end] == 0x20 else { return false }
        for i in 0..<needle.count where haystack[start + i] != needle[i] { return false }
        return true
    }

    private static func lowerBound(_ keys: [(key: UInt64, entry: Int32)], _ key: UInt64) -> Int {
        var low = 0
        var high = keys.count
        while low < high {
            let mid = (low + high) / 2
            if keys[mid].key < key { low = mid + 1 } else { high = mid }
        }
        return low
    }

    private static func ngramKey(group: (UInt64, UInt64), _ words: ArraySlice<UInt64>) -> UInt64 {
        var h = group.0 ^ (UInt64(words.count) &* 0x9E37_79B9_7F4A_7C15)
        for word in words {
            h = (h ^ word) &* 0xBF58_476D_1CE4_E5B9
            h ^= h >> 31
        }
        h ^= group.1
        h = (h ^ (h >> 29)) &* 0x94D0_49BB_1331_11EB
        return h ^ (h >> 32)
    }

    /// FNV-1a hashes of the first `limit` space-separated words.
    private static func wordHashes(_ bytes: UnsafeBufferPointer<UInt8>, limit: Int) -> [UInt64] {
        var hashes: [UInt64] = []
        var h: UInt64 = 0xCBF2_9CE4_8422_2325
        var inWord = false
        for byte in bytes {
            if byte == 0x20 {
                if inWord {
                    hashes.append(h)
                    if hashes.count == limit { return hashes }
                }
                h = 0xCBF2_9CE4_8422_2325
                inWord = false
            } else {
                h = (h ^ UInt64(byte)) &* 0x100_0000_01B3
                inWord = true
            }
        }
        if inWord { hashes.append(h) }
        return hashes
    }

    /// FNV-1a hashes of every word, and the byte offset where each starts.
    private static func allWordHashes(_ bytes: UnsafeBufferPointer<UInt8>, into hashes: inout [UInt64],
                                      starts: inout [Int]) {
        hashes.removeAll(keepingCapacity: true)
        starts.removeAll(keepingCapacity: true)
        var h: UInt64 = 0xCBF2_9CE4_8422_2325
        var inWord = false
        for (offset, byte) in bytes.enumerated() {
            if byte == 0x20 {
                if inWord { hashes.append(h) }
                h = 0xCBF2_9CE4_8422_2325
                inWord = false
            } else {
                if !inWord { starts.append(offset) }
                h = (h ^ UInt64(byte)) &* 0x100_0000_01B3
                inWord = true
            }
        }
        if inWord { hashes.append(h) }
    }
}
