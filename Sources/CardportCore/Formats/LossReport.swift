/// Counts of what a conversion could not carry over, by `kind.field` (`citation.tags`) or by kind.
///
/// ```swift
/// var losses = LossReport()
/// losses.dropField("tags", of: .citation)
/// losses.fields   // ["citation.tags": 1]
/// ```
public struct LossReport: Sendable, Hashable, Codable {
    /// How many values of each field were dropped, keyed `kind.field`.
    public private(set) var fields: [String: Int] = [:]
    /// How many whole records of each kind the target could not hold.
    public private(set) var records: [RecordKind: Int] = [:]

    /// A report of no losses.
    public init() {}

    /// Counts `count` values of `field` (a field name of the JSON mapping, e.g. `tags`) that a writer could not express.
    public mutating func dropField(_ field: String, of kind: RecordKind, count: Int = 1) {
        fields["\(kind.rawValue).\(field)", default: 0] += count
    }

    /// Counts records of `kind` the target could not hold.
    public mutating func dropRecord(of kind: RecordKind, count: Int = 1) {
        records[kind, default: 0] += count
    }

    /// Adds another report's counts to this one.
    public mutating func merge(_ other: LossReport) {
        for (key, value) in other.fields { fields[key, default: 0] += value }
        for (key, value) in other.records { records[key, default: 0] += value }
    }

    /// Whether nothing was lost.
    public var isEmpty: Bool { fields.isEmpty && records.isEmpty }
}
