public import CardportCore
public import CardportMarkdown

/// What a conversion did: records read per input and kind, written per output, and everything
/// it could not carry over. Printed as a summary, or as JSON with `--report json`.
public struct ConversionReport: Sendable, Hashable, Codable {
    /// One input and what was read from it.
    public struct InputSummary: Sendable, Hashable, Codable {
        public var path: String
        public var format: String
        public var records = 0
        /// Records read, by plural kind name.
        public var kinds: [String: Int] = [:]
        /// What the reader counted besides records (entries skipped or folded), when it said anything.
        public var notes: [NamedCount]?
        /// Warnings about input that was read anyway, when there were any (the first 1000).
        public var warnings: [Rejection]?
        /// How many warnings there were in all, when there were any.
        public var warningCount: Int?

        mutating func add(_ readerNotes: ReaderNotes) {
            guard !readerNotes.isEmpty else { return }
            notes = readerNotes.counts.map { NamedCount(label: $0.label, count: $0.value) }
            if readerNotes.warningCount > 0 {
                warnings = readerNotes.warnings.map(Rejection.init)
                warningCount = readerNotes.warningCount
            }
        }

        mutating func add(_ tally: KindTally) {
            for (name, count) in tally.byPluralName {
                records += count
                kinds[name, default: 0] += count
            }
        }
    }

    /// One output and what it could not hold.
    public struct OutputSummary: Sendable, Hashable, Codable {
        public var path: String
        public var format: String
        public var records: Int
        /// Field values the format could not express, by `kind.field`.
        public var droppedFields: [String: Int]
    }

    /// A count a reader reported, such as `bookmarks skipped`.
    public struct NamedCount: Sendable, Hashable, Codable {
        public var label: String
        public var count: Int
    }

    /// A located diagnostic: a record a reader rejected under `--keep-going`, or a reader's warning.
    public struct Rejection: Sendable, Hashable, Codable {
        /// Where the record is.
        public var location: SourceLocation?
        /// What is wrong with it.
        public var message: String
        /// The full diagnostic, as printed.
        public var error: CardportError

        init(_ error: CardportError) {
            self.location = error.location
            self.message = error.message
            self.error = error
        }

        enum CodingKeys: String, CodingKey { case location, message }

        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            location = try container.decodeIfPresent(SourceLocation.self, forKey: .location)
            message = try container.decode(String.self, forKey: .message)
            error = CardportError(.invalidValue, message, location: location)
        }

        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encodeIfPresent(location, forKey: .location)
            try container.encode(message, forKey: .message)
        }
    }

    /// What was read, one entry per input, in order.
    public var inputs: [InputSummary] = []
    /// What was written, one entry per output, in order.
    public var outputs: [OutputSummary] = []
    /// Records written to all outputs.
    public var recordsWritten = 0
    /// Records left out because they were not of the `--kind` asked for.
    public var skipped = 0
    /// Records the target format cannot hold, by plural kind name.
    public var droppedRecords: [String: Int] = [:]
    /// The records rejected under `--keep-going`, the first ``maximumListedRejections`` of them.
    public var rejected: [Rejection] = []
    /// How many records were rejected in all.
    public var rejectedCount = 0
    /// What an export into a folder of notes did to the notes (`--to markdown --split`).
    public var notes: NoteFolderSummary?

    /// How many rejections a report lists; past that it only counts them, so a file of a million
    /// bad lines cannot fill memory with diagnostics.
    public static let maximumListedRejections = 1000

    /// An empty report.
    public init() {}

    mutating func add(droppedRecords tally: KindTally) {
        for (name, count) in tally.byPluralName { droppedRecords[name, default: 0] += count }
    }

    mutating func reject(_ error: CardportError) {
        rejectedCount += 1
        if rejected.count < ConversionReport.maximumListedRejections { rejected.append(Rejection(error)) }
    }

    /// Records read from all inputs.
    public var recordsRead: Int { inputs.reduce(0) { $0 + $1.records } }

    /// Field values dropped across all outputs, by `kind.field`.
    public var droppedFields: [String: Int] {
        outputs.reduce(into: [:]) { total, output in
            for (field, count) in output.droppedFields { total[field, default: 0] += count }
        }
    }

    /// Whether every record read was written in full.
    public var isLossless: Bool { droppedFields.isEmpty && droppedRecords.isEmpty && rejectedCount == 0 }

    mutating func record(output path: String, format: String, records: Int, losses: LossReport) {
        outputs.append(OutputSummary(path: path, format: format, records: records, droppedFields: losses.fields))
        for (kind, count) in losses.records { droppedRecords[kind.pluralName, default: 0] += count }
    }
}
