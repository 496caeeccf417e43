/// The words of a normalised text (the runs of bytes between spaces), each with a hash, read eight
/// bytes at a time.
///
/// A word's hash takes its bytes eight at a time (the last few zero-padded) with one multiply for
/// each eight, and then its length; a hash of a byte at a time made a chain of one multiply per
/// byte, which the processor cannot overlap. The hashes need only agree wherever words are hashed
/// (a text's prefix when its record arrives, its words when it probes): the near-duplicate pass
/// confirms every match by comparing the texts.
///
/// ```swift
/// WordHashes.forEach(folded) { hash, start in print(start); return true }   // 0, 5, 11 for "well begun is"
/// ```
package enum WordHashes {
    /// Calls `body` with the hash and the byte offset of each word, in order, until it returns `false`.
    @inlinable @inline(__always)
    package static func forEach(_ bytes: UnsafeBufferPointer<UInt8>, _ body: (UInt64, Int) -> Bool) {
        guard let pointer = bytes.baseAddress else { return }
        let base = UnsafeRawPointer(pointer)
        let count = bytes.count
        var i = 0
        while i < count {
            if pointer[i] == 0x20 {
                i += 1
                continue
            }
            let start = i
            var h: UInt64 = 0x243F_6A88_85A3_08D3
            while true {
                // The bytes past the end count as spaces: they end the word.
                let (chunk, ends) = ASCIIWord.chunk(at: i, base, count: count)
                if ends == 0 {
                    h = step(h, chunk)
                    i += 8
                    continue
                }
                let length = ends.trailingZeroBitCount / 8
                if length > 0 { h = step(h, chunk & (~0 >> UInt64(64 - 8 * length))) }
                i += length
                break
            }
            var hash = (h ^ UInt64(i - start)) &* 0x94D0_49BB_1331_11EB
            hash ^= hash >> 32
            if !body(hash, start) { return }
        }
    }

    @usableFromInline @inline(__always)
    static func step(_ h: UInt64, _ chunk: UInt64) -> UInt64 {
        let mixed = (h ^ chunk) &* 0xBF58_476D_1CE4_E5B9
        return mixed ^ mixed >> 29
    }
}
