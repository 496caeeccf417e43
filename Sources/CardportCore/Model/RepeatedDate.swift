/// A record's last date, read from its bytes, so that a second date with the same text (a card
/// updated when it was made: most of them) is not parsed again.
///
/// The bytes are the reader's own (a cell, a JSON string) and must stay in place while the record
/// is read: a reader makes one of these per record.
///
/// ```swift
/// var dates = RepeatedDate()
/// let created = dates.parse(createdBytes)   // parsed
/// let updated = dates.parse(updatedBytes)   // the same text: created's value, not parsed again
/// ```
public struct RepeatedDate {
    private var bytes = UnsafeRawBufferPointer(start: nil, count: 0)
    private var stamp: Timestamp?

    /// A memo that has seen no date yet.
    public init() {}

    /// The ISO 8601 date of `bytes` (see ``Timestamp/parse(_:)``), `nil` when they are not one.
    package mutating func parse(_ bytes: UnsafeRawBufferPointer) -> Timestamp? {
        if let stamp, RepeatedDate.same(bytes, self.bytes) { return stamp }
        guard let parsed = Timestamp.parse(bytes) else { return nil }
        self.bytes = bytes
        stamp = parsed
        return parsed
    }

    /// Whether two short byte strings are equal, eight bytes at a time (a date is 10 to 35 bytes:
    /// less than the cost of calling `memcmp`).
    @inline(__always)
    private static func same(_ a: UnsafeRawBufferPointer, _ b: UnsafeRawBufferPointer) -> Bool {
        let count = a.count
        guard count == b.count else { return false }
        var i = 0
        while i + 8 <= count {
            if a.loadUnaligned(fromByteOffset: i, as: UInt64.self) != b.loadUnaligned(fromByteOffset: i, as: UInt64.self) {
                return false
            }
            i += 8
        }
        while i < count {
            if a[i] != b[i] { return false }
            i += 1
        }
        return true
    }
}
