public import CardportCore

/// What `cardport convert` is asked to do: which inputs, where to, and how.
public struct ConversionRequest: Sendable, Hashable {
    /// Where converted records go.
    public enum Destination: Sendable, Hashable {
        /// One output file for all inputs (`-o FILE`; `-` is standard output).
        case file(String)
        /// One output per input in a directory (`--out-dir DIR`), named after the input.
        case directory(String)
    }

    /// Input paths; `-` is standard input.
    public var inputs: [String]
    /// Where the converted records go.
    public var destination: Destination
    /// `--from`: the format of every input, instead of resolving each one.
    public var from: String?
    /// `--to`: the output format, instead of the output's extension.
    public var to: String?
    /// `--kind`: convert only records of this kind (and read kind-less inputs as this kind).
    public var kind: RecordKind?
    /// `--keep-going`: skip records a reader rejects, report them, and write the rest.
    public var keepGoing: Bool
    /// Format options for every reader (`kind` is set from ``kind`` when it is not set here).
    public var readOptions: ReadOptions
    /// Format options for the writer.
    public var writeOptions: WriteOptions
    /// `--in-place`: an output that is one of the inputs (the same file, however it is spelled) is
    /// replaced atomically once the run succeeds, instead of refused.
    public var inPlace = false

    /// Creates a request; see the properties for each option.
    public init(inputs: [String], destination: Destination, from: String? = nil, to: String? = nil,
                kind: RecordKind? = nil, keepGoing: Bool = false,
                readOptions: ReadOptions = ReadOptions(), writeOptions: WriteOptions = WriteOptions()) {
        self.inputs = inputs
        self.destination = destination
        self.from = from
        self.to = to
        self.kind = kind
        self.keepGoing = keepGoing
        self.readOptions = readOptions
        self.writeOptions = writeOptions
    }
}

/// How far a long conversion has got, for a progress bar.
public struct ConversionProgress: Sendable, Hashable {
    /// Bytes read from all inputs so far.
    public var bytesRead: Int
    /// The inputs' total size, when every input is a regular file.
    public var totalBytes: Int?
    /// Records written so far.
    public var records: Int
}

/// Converts files from any registered format into any other that can hold their records.
///
/// Everything that can be checked before reading is checked first: every input exists and has a
/// format, the target can hold what the inputs hold, no output overwrites an input. Outputs are
/// written to temporary files and moved into place only when every input has been converted, so a
/// failed run leaves no output behind (and an existing file untouched).
///
/// ```swift
/// let request = ConversionRequest(inputs: ["quotes.jsonl"], destination: .file("quotes.json"))
/// let report = try Conversion(registry: .standard).run(request)
/// report.recordsWritten
/// ```
public struct Conversion: Sendable {
    /// The formats inputs and outputs are resolved against.
    public let registry: FormatRegistry

    /// Creates a conversion that uses the formats in `registry`.
    public init(registry: FormatRegistry) {
        self.registry = registry
    }

    /// How often, in records, progress is reported.
    static let progressInterval = 4096

    /// Runs a conversion and reports what it did.
    ///
    /// `progress` is called every few thousand records with how far the conversion has got.
    /// Throws the first error that stops the conversion; records rejected under `--keep-going` are in
    /// the report instead.
    public func run(_ request: ConversionRequest,
                    progress: ((ConversionProgress) -> Void)? = nil) throws(CardportError) -> ConversionReport {
        let plan = try makePlan(request)
        if request.writeOptions.split != nil { return try runSplit(request, plan: plan, progress: progress) }
        var report = ConversionReport()
        var outputs: [OutputFile] = []
        var status = ConversionProgress(bytesRead: 0, totalBytes: plan.totalBytes, records: 0)
        var finishedBytes = 0
        var createdDirectories: [String] = []

        do {
            if let directory = plan.outputDirectory {
                createdDirectories = try Conversion.makeDirectory(directory)
            }
            var current: (file: OutputFile, writer: any RecordWriter, format: any CardFormat)?
            var writtenToCurrent = 0
            var opened = OpenedInputs(plan.inputs, options: request.effectiveReadOptions)
            for index in plan.inputs.indices {
                let input = try opened.next()
                let target = plan.targets[index]
                if current == nil || current!.file.path != target.path {
                    if let open = current {
                        try open.writer.finish()
                        try open.file.close()
                        report.record(output: open.file.path, format: open.format.id, records: writtenToCurrent,
                                      losses: open.writer.losses)
                        writtenToCurrent = 0
                    }
                    let file = try OutputFile(path: target.path)
                    outputs.append(file)
                    let writer = try target.format.makeWriter(file.output, options: request.writeOptions)
                    current = (file, writer, target.format)
                }
                try read(input, into: current!.writer, writable: KindSet(target.format.descriptor.writes),
                         request: request, report: &report, written: &writtenToCurrent, status: &status,
                         finishedBytes: &finishedBytes, progress: progress)
            }
            if let open = current {
                try open.writer.finish()
                report.record(output: open.file.path, format: open.format.id, records: writtenToCurrent,
                              losses: open.writer.losses)
            }
            try checkWroteSomething(report, formats: plan.targets.map(\.format))
            for file in outputs { try file.commit() }
        } catch {
            for file in outputs { file.discard() }
            for directory in createdDirectories.reversed() { Conversion.removeEmptyDirectory(directory) }
            throw error
        }
        return report
    }

    /// Fails, before any output is moved into place, when records were read and the target could
    /// hold none of them: an empty output would pass for a conversion that worked.
    func checkWroteSomething(_ report: ConversionReport, formats: [any CardFormat]) throws(CardportError) {
        guard report.recordsWritten == 0, !report.droppedRecords.isEmpty, let target = formats.first else { return }
        let kinds = Set(report.droppedRecords.keys.compactMap { RecordKind(name: $0) })
        let able = registry.formats.filter { !$0.descriptor.writes.isDisjoint(with: kinds) }.map(\.id)
        throw CardportError(
            .unsupportedKind,
            "wrote nothing: format '\(target.id)' cannot hold any of the records read (\(ConversionReport.kindCounts(report.droppedRecords)))",
            hint: able.isEmpty ? nil : "formats that can: \(able.joined(separator: ", "))")
    }

    /// Reads one input into `writer` and files in the report what was read, dropped and noted.
    func read(_ opened: OpenedInput, into writer: any RecordWriter, writable: KindSet, request: ConversionRequest,
              report: inout ConversionReport, written: inout Int, status: inout ConversionProgress,
              finishedBytes: inout Int, progress: ((ConversionProgress) -> Void)?) throws(CardportError) {
        let (input, source, reader) = (opened.input, opened.source, opened.reader)
        defer { reader.close() }
        let before = finishedBytes
        let counts = try copy(from: reader, to: writer, writable: writable, request: request,
                              report: &report, written: &written, status: &status) { update in
            var update = update
            update.bytesRead += before
            progress?(update)
        }
        reader.close()
        finishedBytes += source.bytesRead
        var entry = ConversionReport.InputSummary(path: input.path, format: input.format.id)
        entry.add(counts.read)
        entry.add(reader.notes)
        report.add(droppedRecords: counts.dropped)
        report.inputs.append(entry)
    }

    /// Moves every record from one reader to the writer: skips kinds not asked for, counts the kinds
    /// the target cannot hold, and files rejected records under `--keep-going`.
    func copy(from reader: PrefetchingReader, to writer: any RecordWriter,
              writable: KindSet, request: ConversionRequest, report: inout ConversionReport,
              written: inout Int, status: inout ConversionProgress,
              notify: (ConversionProgress) -> Void) throws(CardportError) -> KindCounts {
        var counts = KindCounts()
        while true {
            let record: Record?
            do {
                record = try reader.next()
            } catch where error.isRecoverable && request.keepGoing {
                report.reject(error)
                continue
            }
            guard let record else { return counts }
            let kind = record.kind
            counts.read[kind] += 1
            if let wanted = request.kind, kind != wanted {
                report.skipped += 1
                continue
            }
            guard writable.contains(kind) else {
                counts.dropped[kind] += 1
                continue
            }
            try writer.write(record)
            report.recordsWritten += 1
            written += 1
            status.records += 1
            if status.records % Conversion.progressInterval == 0 {
                status.bytesRead = reader.bytesRead
                notify(status)
            }
        }
    }
}

extension ConversionRequest {
    /// ``readOptions`` with ``kind`` filled in from `--kind`, and the machine's threads for the
    /// parts of a reader's work that can run at once (``MachineThreads``) unless others are given.
    var effectiveReadOptions: ReadOptions {
        var options = readOptions
        if options.kind == nil { options.kind = kind }
        return options.onMachineThreads
    }
}
