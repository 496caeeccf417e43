/// Eight bytes of text folded at once (SWAR), for ``TextFolding``'s common case: plain ASCII words.
enum ASCIIWord {
    private static let ones: UInt64 = 0x0101_0101_0101_0101
    private static let highs: UInt64 = 0x8080_8080_8080_8080

    /// `word` (eight bytes, the first in the low byte) lower-cased, when folding it byte by byte
    /// would only lower-case it: every byte ASCII and not a control character, no two spaces in a
    /// row, and no space last (so that a run of spaces never starts inside the word). `nil` otherwise.
    @inline(__always)
    static func folded(_ word: UInt64) -> UInt64? {
        // High bits: non-ASCII bytes; then bytes below 0x20 (adding 0x60 leaves their high bit clear).
        guard word & highs == 0, ~(word &+ ones &* 0x60) & highs == 0 else { return nil }
        // Exactly the bytes equal to a space (no borrow between bytes: every byte is below 0x80).
        let x = word ^ (ones &* 0x20)
        let spaces = ~((x & ~highs) &+ ~highs | x) & highs
        guard spaces & (spaces >> 8) == 0, spaces >> 56 == 0 else { return nil }
        // `A`–`Z`: at least 0x41 and below 0x5B.
        let upper = (word &+ ones &* 0x3F) & ~(word &+ ones &* 0x25) & highs
        return word | upper >> 2
    }
}
