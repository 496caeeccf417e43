import CardportCore
import CardportStore
public import CardportMarkdown

/// What an export wrote, and what its format could not hold.
public struct ExportSummary: Sendable, Hashable, Encodable, OperationReport {
    /// The output written.
    public var output: ConversionReport.OutputSummary
    /// Cards of kinds the target cannot hold, by plural kind name.
    public var droppedRecords: [String: Int]
    /// What an export into a folder of notes did to the notes.
    public var notes: NoteFolderSummary?

    /// Streams the selected cards into `writer`, counting those it cannot hold.
    static func write(from store: Store, filter: CardFilter, to writer: any RecordWriter,
                      writable: KindSet, uncountedArchived: Bool = false) throws(CardportError) -> ExportSummary {
        var written = 0
        var dropped = KindTally()
        try store.read { (reader) in
            try reader.forEach(filter) { (record) in
                guard writable.contains(record.kind) else {
                    dropped[record.kind] += 1
                    return
                }
                try writer.write(record)
                if uncountedArchived, case .citation(let citation) = record, citation.isArchived { return }
                written += 1
            }
        }
        return ExportSummary(output: ConversionReport.OutputSummary(path: "", format: "", records: written, droppedFields: [:]),
                             droppedRecords: dropped.byPluralName)
    }

    /// One line per fact, as `cardport export` prints it on standard error.
    public var summary: String {
        let shown = output.path == "-" ? "standard output" : output.path
        var lines = ["wrote \(ConversionReport.count(output.records, "record")) to \(shown) (\(output.format))"]
        if !droppedRecords.isEmpty {
            lines.append("left out records the target cannot hold: " + ConversionReport.kindCounts(droppedRecords))
        }
        if !output.droppedFields.isEmpty {
            lines.append("dropped fields the target cannot hold: "
                         + output.droppedFields.sorted { $0.key < $1.key }.map { "\($0.key) (\($0.value))" }.joined(separator: ", "))
        }
        if let notes { lines.append(String(notes.summary.dropLast())) }
        return lines.joined(separator: "\n") + "\n"
    }
}
