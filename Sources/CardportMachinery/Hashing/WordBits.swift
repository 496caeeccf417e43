/// A 64-bit set of the words of a normalised text: one bit for each word, chosen by its first eight
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
package enum WordBits {
    /// The bits of the words of `bytes` (runs of bytes between spaces).
    @inlinable
    package static func of(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
        guard let pointer = bytes.baseAddress else { return 0 }
        let base = UnsafeRawPointer(pointer)
        let count = bytes.count
        var bits: UInt64 = 0
        var i = 0
        while i < count {
            var (chunk, ends) = ASCIIWord.chunk(at: i, base, count: count)
            if ends & 0x80 != 0 {
                // A space: words start after it.
                i &+= 1
                continue
            }
            if ends == 0 {
                // Eight bytes or more: the first eight choose the bit; the rest is skipped.
                i &+= 8
                while i < count {
                    let next = ASCIIWord.chunk(at: i, base, count: count).ends
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
}
