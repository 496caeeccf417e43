/// A 64-bit set of the words of a folded text: one bit for each word, chosen by its first eight
/// bytes.
///
/// It depends only on which words a text has, so a text whose words are all words of another has
/// no bit the other lacks: the near-duplicate pass compares two texts only when that holds. A word
/// costs one load, a few operations to find where it ends and one multiply, about a tenth of
/// ``WordHashes``, which hashes all of a word's bytes.
///
/// ```swift
/// let bits = WordBits.of(folded)           // of "well begun is half done"
/// WordBits.of(shorter) & ~bits == 0        // true for "begun is half"
/// ```
enum WordBits {
    private static let highs: UInt64 = 0x8080_8080_8080_8080

    /// The bits of the words of `bytes` (runs of bytes between spaces).
    static func of(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
        guard let pointer = bytes.baseAddress else { return 0 }
        let base = UnsafeRawPointer(pointer)
        let count = bytes.count
        var bits: UInt64 = 0
        var i = 0
        while i < count {
            var (chunk, ends) = chunkAt(i, base, count)
            if ends & 0x80 != 0 {
                // A space: words start after it.
                i &+= 1
                continue
            }
            if ends == 0 {
                // Eight bytes or more: the first eight choose the bit; the rest is skipped.
                i &+= 8
                while i < count {
                    let next = chunkAt(i, base, count).ends
                    if next != 0 {
                        i &+= next.trailingZeroBitCount >> 3
                        break
                    }
                    i &+= 8
                }
            } else {
                let length = ends.trailingZeroBitCount >> 3
                chunk &= ~0 >> UInt64(64 &- 8 &* length)
                // Past the word's end: its space, or the end of the text.
                i &+= length &+ 1
            }
            bits |= 1 << (((chunk ^ chunk >> 29) &* 0x9E37_79B9_7F4A_7C15) >> 58)
        }
        return bits
    }

    /// Eight bytes from `i` (the first in the low byte), with 0x80 in each byte that is a space
    /// or past the end of the text.
    @inline(__always)
    private static func chunkAt(_ i: Int, _ base: UnsafeRawPointer, _ count: Int) -> (chunk: UInt64, ends: UInt64) {
        let available = count &- i
        if available >= 8 {
            let chunk = UInt64(littleEndian: base.loadUnaligned(fromByteOffset: i, as: UInt64.self))
            return (chunk, ASCIIWord.spaces(in: chunk))
        }
        var chunk: UInt64 = 0
        if count >= 8 {
            // The text's last eight bytes, moved down so that byte `i` comes first.
            chunk = UInt64(littleEndian: base.loadUnaligned(fromByteOffset: count &- 8, as: UInt64.self)) >> UInt64(8 &* (8 &- available))
        } else {
            for j in 0..<available { chunk |= UInt64(base.load(fromByteOffset: i &+ j, as: UInt8.self)) << UInt64(8 &* j) }
        }
        return (chunk, ASCIIWord.spaces(in: chunk) & ~(~0 << UInt64(8 &* available)) | highs & (~0 << UInt64(8 &* available)))
    }
}
