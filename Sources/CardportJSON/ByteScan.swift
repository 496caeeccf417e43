/// Many bytes at once, for the loops that skip over plain string content: the JSON Lines decoder
/// and the parser looking for a string's end, the writer looking for what to escape.
///
/// The first sixteen bytes go eight at a time in one register (SWAR, ``escapeMask(_:)``), which
/// finds the exact byte; a longer run then goes 32 bytes at a time through a loop of a fixed
/// length that the compiler turns into vector compares (``blockIsPlain(_:)``), and the block that
/// stops it by words again.
enum ByteScan {
    /// The bytes of a block that ``blockIsPlain(_:)`` tests at once.
    static let blockSize = 32

    /// The index of the first byte at or after `from` that JSON must escape (`"`, `\` or below
    /// 0x20), or `count`.
    @inline(__always)
    static func plainEnd(_ p: UnsafeRawPointer, from: Int, count: Int) -> Int {
        var i = from
        // Most strings (member names, authors, dates) end within their first sixteen bytes: those
        // go by words, and only a longer run by blocks.
        if i + 16 <= count {
            let first = escapeMask(p.loadUnaligned(fromByteOffset: i, as: UInt64.self))
            if first != 0 { return i + first.trailingZeroBitCount >> 3 }
            let second = escapeMask(p.loadUnaligned(fromByteOffset: i + 8, as: UInt64.self))
            if second != 0 { return i + 8 + second.trailingZeroBitCount >> 3 }
            i += 16
            while i + blockSize <= count, blockIsPlain(p + i) { i += blockSize }
        }
        while i + 16 <= count {
            let mask = escapeMask(p.loadUnaligned(fromByteOffset: i, as: UInt64.self))
                | escapeMask(p.loadUnaligned(fromByteOffset: i + 8, as: UInt64.self))
            if mask != 0 { break }
            i += 16
        }
        while i + 8 <= count {
            let mask = escapeMask(p.loadUnaligned(fromByteOffset: i, as: UInt64.self))
            if mask != 0 { return i + mask.trailingZeroBitCount >> 3 }
            i += 8
        }
        // The last few bytes in one word that overlaps bytes already scanned, when there is one.
        if count - from >= 8 {
            let mask = escapeMask(p.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self))
            if mask == 0 { return count }
            return Swift.max(i, count - 8 + mask.trailingZeroBitCount >> 3)
        }
        while i < count {
            let byte = p.load(fromByteOffset: i, as: UInt8.self)
            if byte < 0x20 || byte == 0x22 || byte == 0x5C { return i }
            i += 1
        }
        return count
    }

    /// Whether none of the ``blockSize`` bytes at `p` is one JSON must escape.
    ///
    /// Written as a loop of a fixed length without an early exit, which the optimiser turns into a
    /// few vector compares and one mask test (checked with `swiftc -O -emit-assembly`): an exit on
    /// the first such byte would keep it a byte at a time.
    @inline(__always)
    static func blockIsPlain(_ p: UnsafeRawPointer) -> Bool {
        let bytes = p.assumingMemoryBound(to: UInt8.self)
        var stops: UInt8 = 0
        for j in 0..<blockSize {
            let byte = bytes[j]
            stops |= (byte < 0x20 ? 1 : 0) | (byte == 0x22 ? 1 : 0) | (byte == 0x5C ? 1 : 0)
        }
        return stops == 0
    }

    /// The high bit of each byte of `word` (little-endian) that JSON must escape: `"`, `\` or below
    /// 0x20. Bits above the first such byte may be set by borrows; the lowest set bit is exact.
    ///
    /// One subtraction per kind of byte, sharing the final masks: a byte borrows below 0x20, or at
    /// zero once `"` or `\` is XORed away, and non-ASCII bytes are cleared by `~word`.
    @inline(__always)
    static func escapeMask(_ word: UInt64) -> UInt64 {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let below = word &- ones &* 0x20
        let quote = (word ^ (ones &* 0x22)) &- ones
        let backslash = (word ^ (ones &* 0x5C)) &- ones
        return (below | quote | backslash) & ~word & (ones &* 0x80)
    }
}
