/// Tests on eight bytes at once (SWAR), for the loops that skip over plain string content.
enum ByteScan {
    private static let ones: UInt64 = 0x0101_0101_0101_0101
    private static let highs: UInt64 = 0x8080_8080_8080_8080

    /// Whether any byte of `word` is zero.
    @inline(__always)
    static func hasZeroByte(_ word: UInt64) -> Bool {
        (word &- ones) & ~word & highs != 0
    }

    /// Whether any byte of `word` is `"`, `\` or below 0x20: the bytes a JSON string must escape.
    @inline(__always)
    static func hasQuoteBackslashOrControl(_ word: UInt64) -> Bool {
        let quote = word ^ (ones &* 0x22)
        let backslash = word ^ (ones &* 0x5C)
        // A byte below 0x20 sets its high bit in `word - 0x20…` while being ASCII (high bit clear).
        let control = (word &- ones &* 0x20) & ~word & highs
        return hasZeroByte(quote) || hasZeroByte(backslash) || control != 0
    }
}
