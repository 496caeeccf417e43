/// What the normalisation appends for each common non-ASCII scalar, looked up instead of worked out.
///
/// Half the texts of a typical collection hold a few accented letters, curly quotes, dashes or CJK
/// punctuation; working each out (is NFKC known to leave it alone, its lower-case mapping, its
/// unification) costs a few hundred instructions, a look-up a few. The table covers two-byte UTF-8
/// (U+0080–U+07FF: Latin, Greek, Cyrillic, Hebrew, Arabic), general punctuation (U+2000–U+206F),
/// CJK punctuation and kana (U+3000–U+30FF) and the half- and full-width forms (U+FF00–U+FFEF); it
/// is built from ``NormalisingScalars`` itself, so the two never disagree. CJK ideographs and Hangul
/// syllables normalise to themselves and need no table.
package final class NormalisedScalarTable: Sendable {
    /// The table, built on first use.
    package static let shared = NormalisedScalarTable()

    private static let ranges: [(start: UInt32, end: UInt32)] = [
        (0x80, 0x800), (0x2000, 0x2070), (0x3000, 0x3100), (0xFF00, 0xFFF0),
    ]

    /// The normalised bytes in the low seven bytes (first byte lowest), their number in the high byte;
    /// 0 for a scalar the normalisation must work out (whitespace, or one NFKC may change).
    private let entries: [UInt64]

    private init() {
        var entries: [UInt64] = []
        for range in NormalisedScalarTable.ranges {
            for value in range.start..<range.end { entries.append(NormalisedScalarTable.reference(value)) }
        }
        self.entries = entries
    }

    /// What the normalisation appends for `value` outside a run of whitespace, packed as in the table; 0
    /// when the scalar is whitespace or not known to be left alone by NFKC.
    package static func reference(_ value: UInt32) -> UInt64 {
        guard NormalisingScalars.isKnownStable(value) else { return 0 }
        let mapped = value >= 0xFF01 && value <= 0xFF5E ? value - 0xFEE0 : value
        guard !NormalisingScalars.isWhitespace(mapped) else { return 0 }
        var bytes = [UInt8](repeating: 0, count: 16)
        let count = bytes.withUnsafeMutableBufferPointer { buffer -> Int in
            var sink = ByteSink(base: buffer.baseAddress!)
            NormalisingScalars.appendLowercasedUnified(mapped, normalised: false, to: &sink)
            return sink.count
        }
        guard count <= 7 else { return 0 }
        var packed = UInt64(count) << 56
        for index in 0..<count { packed |= UInt64(bytes[index]) << UInt64(8 * index) }
        return packed
    }

    /// The packed normalised bytes of `value`, or 0 when the normalisation must work it out.
    @inline(__always)
    package func normalised(_ value: UInt32) -> UInt64 {
        if value < 0x800 { return value >= 0x80 ? entries[Int(value - 0x80)] : 0 }
        if value &- 0x2000 < 0x70 { return entries[0x780 + Int(value - 0x2000)] }
        if value &- 0x3000 < 0x100 { return entries[0x7F0 + Int(value - 0x3000)] }
        if value &- 0xFF00 < 0xF0 { return entries[0x8F0 + Int(value - 0xFF00)] }
        return 0
    }

    /// Whether `value` is a CJK ideograph or a Hangul syllable: known to NFKC, without case, and
    /// not unified, so it normalises to itself.
    @inline(__always)
    package static func normalisesToItself(_ value: UInt32) -> Bool {
        value &- 0x4E00 <= 0x9FFF - 0x4E00 || value &- 0x3400 <= 0x4DBF - 0x3400 || value &- 0xAC00 <= 0xD7A3 - 0xAC00
    }
}
