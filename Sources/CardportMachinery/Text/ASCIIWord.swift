/// Eight bytes of text normalised at once (SWAR), for ``TextNormalisation``'s common case: plain ASCII words.
package enum ASCIIWord {
    @usableFromInline static let ones: UInt64 = 0x0101_0101_0101_0101
    @usableFromInline static let highs: UInt64 = 0x8080_8080_8080_8080

    /// `word` (eight bytes, the first in the low byte) lower-cased, and the number of its first
    /// bytes that normalising byte by byte would only lower-case: ASCII bytes that are not control
    /// characters, with no two spaces in a row and no space last (so that a run of spaces never
    /// starts inside the run). The bytes of the result past that number mean nothing.
    ///
    /// A word that stops part way (at an accented letter, say) still gives the bytes before it, so
    /// a text with a non-ASCII letter every few words is still normalised mostly eight bytes at a time.
    @inlinable @inline(__always)
    package static func normalisedPrefix(_ word: UInt64) -> (normalised: UInt64, count: Int) {
        // Where a byte must stop the run: non-ASCII bytes (high bit), then bytes below 0x20 (adding
        // 0x60 leaves their high bit clear). A carry out of a non-ASCII byte reaches only the bytes
        // after it, and the run ends before it anyway.
        let nonASCII = word & highs
        let control = ~(word &+ ones &* 0x60) & highs
        let spaces = ASCIIWord.spaces(in: word)
        let stops = nonASCII | control | spaces & (spaces >> 8)
        var count = stops.trailingZeroBitCount >> 3
        // A space last in the run stays for the byte-by-byte path, which sees what follows it.
        if count > 0 && (spaces >> UInt64(8 &* count &- 1)) & 1 != 0 { count &-= 1 }
        // `A`–`Z`: at least 0x41 and below 0x5B. The run's bytes are below 0x80, so no carry
        // reaches them from another byte.
        let upper = (word &+ ones &* 0x3F) & ~(word &+ ones &* 0x25) & highs
        return (word | upper >> 2, count)
    }

    /// The eight bytes of `count` bytes at `base` from offset `i` (the first in the low byte; zeros
    /// past the end), with 0x80 in each byte that is a space or past the end: where the words
    /// that start before it end.
    ///
    /// Near the end of a text of eight bytes or more, the text's last eight bytes are loaded and
    /// moved down, so that no byte is read past the text and no loop is needed.
    @inlinable @inline(__always)
    package static func chunk(at i: Int, _ base: UnsafeRawPointer, count: Int) -> (chunk: UInt64, ends: UInt64) {
        let available = count &- i
        if available >= 8 {
            let chunk = UInt64(littleEndian: base.loadUnaligned(fromByteOffset: i, as: UInt64.self))
            return (chunk, spaces(in: chunk))
        }
        var chunk: UInt64 = 0
        if count >= 8 {
            chunk = UInt64(littleEndian: base.loadUnaligned(fromByteOffset: count &- 8, as: UInt64.self)) >> UInt64(8 &* (8 &- available))
        } else {
            for j in 0..<available { chunk |= UInt64(base.load(fromByteOffset: i &+ j, as: UInt8.self)) << UInt64(8 &* j) }
        }
        let past: UInt64 = ~0 << UInt64(8 &* available)
        return (chunk, spaces(in: chunk) & ~past | highs & past)
    }

    /// 0x80 in each byte of `word` that is a space, and nothing else: exact for every byte value
    /// (no borrow between bytes, the high bits are masked off before the addition).
    @inlinable @inline(__always)
    package static func spaces(in word: UInt64) -> UInt64 {
        let x = word ^ (ones &* 0x20)
        return ~((x & ~highs) &+ ~highs | x) & highs
    }
}
