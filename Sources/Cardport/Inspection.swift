public import CardportCore
import CardportMachinery
import Foundation

/// What `cardport inspect` found in one input: its format and how many records of each kind.
public struct InspectionReport: Sendable, Hashable, Codable, OperationReport {
    /// The input as given (`-` for standard input).
    public var path: String
    /// The id of the format the input was read as.
    public var format: String
    /// The input's size in bytes, when it is a regular file.
    public var bytes: Int?
    /// Records read, of all kinds.
    public var records: Int
    /// Records by plural kind name.
    public var kinds: [String: Int]
    /// What the reader counted besides records (entries by kind, skipped, folded), when it said anything.
    public var notes: [ConversionReport.NamedCount]?
    /// Warnings about input that was read anyway, when there were any (the first 1000).
    public var warnings: [ConversionReport.Rejection]?
    /// How many warnings there were in all, when there were any.
    public var warningCount: Int?
}

/// Reads inputs through to the end to report their format and record counts, writing nothing.
///
/// Reading them whole is the point: an input that `inspect` passes converts without errors.
public struct Inspection: Sendable {
    /// The formats inputs are resolved against.
    public let registry: FormatRegistry

    /// Creates an inspection that resolves formats in `registry`.
    public init(registry: FormatRegistry) {
        self.registry = registry
    }

    /// Inspects one input; `from` forces its format, `kind` is the kind for kind-less inputs, and
    /// `options` are passed to the reader. A folder is inspected as `convert` reads it: every file
    /// in it that a format looks for in folders (a KOReader `.sdr`, a Kobo's `.kobo/`), one report
    /// each; a database (a Kobo's `KoboReader.sqlite`) is opened by its format, as `convert` does.
    public func run(path: String, from: String? = nil, kind: RecordKind? = nil,
                    options: ReadOptions = ReadOptions()) throws(CardportError) -> [InspectionReport] {
        // Sniffing and reading parse nested formats: on a reading thread, whose stack the depth limits assume.
        try ReadingThread.run { () throws(CardportError) in
            let request = ConversionRequest(inputs: [path], destination: .file("-"), from: from, kind: kind,
                                            keepGoing: false, readOptions: options)
            let plan = try Conversion(registry: registry).planInputs(request)
            return try plan.inputs.map { (input) throws(CardportError) in try read(input, options: request.effectiveReadOptions) }
        }
    }

    private func read(_ input: Conversion.PlannedInput, options: ReadOptions) throws(CardportError) -> InspectionReport {
        let source = try input.open()
        let reader = try input.resolution.makeReader(source, options: options)
        // A database is opened by its reader, not read as bytes: its size is the file's.
        let bytes = input.format.descriptor.readsFromPath
            ? (try? FileManager.default.attributesOfItem(atPath: input.path))?[.size] as? Int : source.size
        var report = InspectionReport(path: input.path, format: input.format.id, bytes: bytes, records: 0, kinds: [:])
        var tally = KindTally()
        while let record = try reader.next() {
            tally[record.kind] += 1
        }
        report.kinds = tally.byPluralName
        report.records = report.kinds.values.reduce(0, +)
        var summary = ConversionReport.InputSummary(path: input.path, format: input.format.id)
        summary.add(reader.notes)
        report.notes = summary.notes
        report.warnings = summary.warnings
        report.warningCount = summary.warningCount
        return report
    }
}

extension InspectionReport {
    /// One line per input, as `cardport inspect` prints it.
    ///
    /// ```text
    /// Samples/quotes.jsonl: jsonl, 5 records (4 citations, 1 bookmark)
    /// ```
    public var summary: String {
        let shown = path == "-" ? "standard input" : path
        var line = "\(shown): \(format), \(ConversionReport.count(records, "record"))"
        if !kinds.isEmpty { line += " (\(ConversionReport.kindCounts(kinds)))" }
        for note in notes ?? [] {
            line += "\n  \(note.label): \(ConversionReport.grouped(note.count))"
        }
        if let warnings, let count = warningCount, count > 0 {
            line += "\n  \(ConversionReport.count(count, "warning")):\n"
            line += ConversionReport.diagnostics(warnings, total: count, colour: false, asWarnings: true)
        }
        return line
    }
}
