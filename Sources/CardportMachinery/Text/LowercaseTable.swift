/// The Unicode lower-case mapping of every scalar below U+2000, looked up instead of asked for.
///
/// `Unicode.Scalar.Properties.lowercaseMapping` builds a string per call; normalising a million texts
/// calls it hundreds of millions of times. The table holds the same mapping (from the standard
/// library, so the two never disagree), one or two scalars per entry: only `İ` lower-cases to two.
package final class LowercaseTable: Sendable {
    /// Scalars from here on are not in the table.
    package static let limit: UInt32 = 0x2000

    /// The table, built on first use.
    package static let shared = LowercaseTable()

    /// First scalar in the low 32 bits, second (or 0) in the high 32.
    private let entries: [UInt64]

    private init() {
        entries = (0..<LowercaseTable.limit).map { value -> UInt64 in
            guard let scalar = Unicode.Scalar(value), scalar.properties.changesWhenLowercased else { return UInt64(value) }
            let mapped = Array(scalar.properties.lowercaseMapping.unicodeScalars)
            let first = UInt64(mapped.first?.value ?? value)
            let second = mapped.count > 1 ? UInt64(mapped[1].value) : 0
            return first | second << 32
        }
    }

    /// The lower-case mapping of `value` (below ``limit``): one scalar, and a second one or 0.
    @inline(__always)
    package func mapping(_ value: UInt32) -> (UInt32, UInt32) {
        let entry = entries[Int(value)]
        return (UInt32(truncatingIfNeeded: entry), UInt32(truncatingIfNeeded: entry >> 32))
    }
}
