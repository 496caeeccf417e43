import CardportCore

/// What a backup holds, or what `cardport verify` found in one.
public struct BackupSummary: Sendable, Hashable, Encodable, OperationReport {
    /// The backup file.
    public var path: String
    /// Records by plural kind name.
    public var records: [String: Int]
    /// Provenance entries.
    public var provenance: Int
    /// Origins: cards' items in the sources they came from.
    public var origins: Int
    /// The SHA-256 the document carries (of its content before the checksum).
    public var checksum: String

    /// One line, as `cardport backup` and `cardport verify` print it.
    public var summary: String {
        let total = records.values.reduce(0, +)
        let kinds = records.isEmpty ? "" : " (" + ConversionReport.kindCounts(records) + ")"
        let traced = origins == 0 ? "" : ", \(ConversionReport.count(origins, "origin"))"
        return "\(path): \(ConversionReport.count(total, "record"))\(kinds), "
            + "\(ConversionReport.grouped(provenance)) provenance \(provenance == 1 ? "entry" : "entries")\(traced), sha256 \(checksum)\n"
    }
}
