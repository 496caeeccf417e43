import CardportCore
import CardportMachinery

/// Reads CSV records one row at a time: the header first (its delimiter sniffed, its dialect and
/// kind recognised), then one record per row.
///
/// A header with a `kind` column and the columns of several kinds reads each row as the kind it
/// names, which is how ``CSVWriter`` writes records of several kinds to one file. A blank line
/// followed by a row that names a kind's key column starts a new section with its own header.
///
/// Once a file in Cardport's own columns has proved long (``CSVWorkerPlan``), this reader only cuts
/// it into runs of whole records (``CSVRecordCut``), which worker threads split into rows and decode
/// (``CSVRowWorkers``); records and errors come out the same, in the same order.
final class CSVReader: RecordReader {
    private let input: ByteInput
    private let dialect: CSVDialect
    private let kind: RecordKind?
    private let delimiterOption: UInt8?
    private let recordLimit: Int
    /// When rows go to worker threads, and the threads (``ReadOptions/threads``); `nil` for never.
    private let workerPlan: CSVWorkerPlan?
    private let threads: (any ReadThreads)?
    // A reader belongs to one thread at a time: the fields touched per row go without run-time
    // exclusivity checks.
    @exclusivity(unchecked) private var rowsDecoded = 0
    @exclusivity(unchecked) private var workers: CSVRowWorkers?
    /// Data rows cut into batches for the workers.
    @exclusivity(unchecked) private var rowsBatched = 0
    /// Whether the rest of the file is read here once the workers are done (a record too large
    /// for them, which the reader's own scan reports).
    @exclusivity(unchecked) private var stopsHandingOut = false
    /// Whether the workers are done with the file (it has no rows left, or the records left are
    /// past the record limit).
    @exclusivity(unchecked) private var workersDone = false
    /// The most records and rejected rows the workers may decode: ``ReadLimits/maximumRecords``.
    /// The rows past it are read here, so that the limit's error points at the first row too many.
    private let recordBudget: Int
    @exclusivity(unchecked) private var scanner: CSVScanner?
    @exclusivity(unchecked) private var decoder: CSVRowDecoder?
    private var todoist: TodoistDecoder?
    private var readwise: ReadwiseDecoder?
    @exclusivity(unchecked) private var afterBlank = false
    /// A Todoist record held back until the next row shows whether notes follow it.
    private var held: Record?
    @exclusivity(unchecked) private var ended = false

    init(input: ByteInput, dialect: CSVDialect, options: ReadOptions, recordLimit: Int, workerPlan: CSVWorkerPlan?) {
        self.input = input
        threads = options.threads
        self.workerPlan = threads.flatMap { workerPlan ?? .standard(threads: $0.count) }
        recordBudget = options.limits.maximumRecords
        self.dialect = dialect
        self.kind = dialect == .readwiseImport ? .citation : options.kind
        self.delimiterOption = options.delimiter
        self.recordLimit = recordLimit
    }

    func next() throws(CardportError) -> Record? {
        if let workers { return try next(from: workers) }
        // The row is done with once its record or error is made: the input's offset then points at
        // the next record, as the record limit's error needs.
        defer { scanner?.consumeRow() }
        if scanner == nil {
            let delimiter: UInt8
            if let delimiterOption { delimiter = delimiterOption } else { delimiter = try sniffDelimiter() }
            let scanner = CSVScanner(input: input, delimiter: delimiter, recordLimit: recordLimit)
            self.scanner = scanner
            // Nothing can be read after a bad header: the reader ends unless the header is good.
            ended = true
            guard let first = try scanner.nextRow(), try readHeader(first, first: true) else { return nil }
            ended = false
        }
        let scanner = self.scanner!
        while !ended {
            guard let row = try scanner.nextRow() else {
                ended = true
                break
            }
            if row.isBlank {
                // Only files in Cardport's own columns have sections; dialects have their own blank rows.
                afterBlank = decoder != nil
                continue
            }
            if afterBlank {
                afterBlank = false
                if try readHeader(row, first: false) { continue }
            }
            if let todoist {
                switch try todoist.decode(row) {
                case .record(let record):
                    let previous = held
                    held = record
                    if let previous { return previous }
                case .note(let text):
                    if held != nil { TodoistDecoder.attach(note: text, to: &held!) }
                case .skip:
                    break
                }
                continue
            }
            if let readwise { return try readwise.record(row) }
            if let decoder {
                // The rows after this one go to the workers once the file has proved long.
                rowsDecoded += 1
                if let workerPlan, let threads, rowsDecoded > workerPlan.rowsBefore, !workersDone {
                    workers = CSVRowWorkers(plan: workerPlan, threads: threads)
                }
                return try decoder.record(row)
            }
        }
        defer { held = nil }
        return held
    }

    // MARK: Worker threads

    /// The next record from the workers, which are kept busy with the runs of records cut after it.
    private func next(from workers: CSVRowWorkers) throws(CardportError) -> Record? {
        while true {
            if let item = workers.nextItem() {
                switch item {
                case .record(let record): return record
                case .failure(let error): throw error
                }
            }
            while !ended && !stopsHandingOut && !isBudgetSpent && workers.hasRoom { scanBatch(for: workers) }
            if workers.takeBatch() { continue }
            // Every batch is handed out: the file has ended, or the rest is read here.
            workersDone = true
            self.workers = nil
            return ended ? nil : try next()
        }
    }

    /// Whether the workers have been given as many rows as the record limit allows.
    private var isBudgetSpent: Bool { rowsDecoded + rowsBatched + scanner!.rejected >= recordBudget }

    /// Cuts the next run of whole records into a batch for the workers. The run ends when the batch
    /// is full, the input ends, reading fails, a new section's header follows (the rows after it
    /// have other columns), or a record is too large (the reader's own scan reports it).
    private func scanBatch(for workers: CSVRowWorkers) {
        let header = decoder!.header
        let scanner = self.scanner!
        // The row decoded here last, before the workers took over, is done with.
        scanner.consumeRow()
        let batch = workers.makeBatch(name: input.name)
        let target = Swift.min(workers.plan.rowsPerBatch, recordBudget - (rowsDecoded + rowsBatched + scanner.rejected))
        var length = 0
        var records = 0
        var headerLength = 0
        cutting: while true {
            let window = input.available
            let cut = CSVRecordCut.find(in: window, from: length, isFinal: input.isAtEnd, delimiter: scanner.delimiter,
                                        targetBytes: CSVRowWorkers.batchBytes - length, targetRecords: target - records,
                                        recordLimit: recordLimit, afterBlank: &afterBlank)
            length = cut.end
            records += cut.records
            switch cut.stop {
            case .full:
                break cutting
            case .tooLarge:
                stopsHandingOut = true
                break cutting
            case .windowEnd:
                if input.isAtEnd {
                    ended = true
                    break cutting
                }
                // Cut what is whole; the record the window ends in goes to the next batch.
                if records > 0 { break cutting }
                guard readMore(than: window.count, failing: batch) else { break cutting }
            case .afterBlank:
                switch scanner.peek(at: length) {
                case .needMore:
                    guard readMore(than: window.count, failing: batch) else { break cutting }
                case .malformed:
                    // The scan rejects it; the row after it is still the one after the blank lines.
                    var passing = false
                    let one = CSVRecordCut.find(in: window, from: length, isFinal: input.isAtEnd, delimiter: scanner.delimiter,
                                                targetBytes: Int.max, targetRecords: 1, recordLimit: recordLimit,
                                                afterBlank: &passing)
                    if one.records == 1 {
                        length = one.end
                        records += 1
                    } else if one.stop == .tooLarge {
                        stopsHandingOut = true
                        break cutting
                    } else {
                        guard readMore(than: window.count, failing: batch) else { break cutting }
                    }
                case .row(let row):
                    do {
                        if try readHeader(row, first: false) {
                            // A new section: this batch ends before its header, which is read here.
                            headerLength = row.raw
                            afterBlank = false
                            break cutting
                        }
                        afterBlank = false
                    } catch {
                        batch.failure = error
                        ended = true
                        break cutting
                    }
                }
            }
        }
        if length > 0 {
            let offset = input.offset
            batch.fill(UnsafeRawBufferPointer(rebasing: input.available[0..<length]), records: records,
                       startingAt: input.location(at: offset).location)
            input.consume(length)
        }
        if headerLength > 0 { input.consume(headerLength) }
        rowsBatched += records
        if records > 0 || batch.failure != nil { workers.submit(batch, header: header, delimiter: scanner.delimiter) }
    }

    /// Reads more of the input into the window, as the scanner does for a long record; `false`,
    /// with the error filed after the batch's records, when reading fails.
    private func readMore(than have: Int, failing batch: CSVRowBatch) -> Bool {
        do {
            _ = try input.require(Swift.min(Swift.max(have * 2, have + 65536), input.maximumWindow))
            return true
        } catch {
            batch.failure = error
            ended = true
            return false
        }
    }

    /// Reads a row (or, for the first header, the first row that is not blank) as a header; for a
    /// later section, returns `false` when the row is not a header after all.
    private func readHeader(_ candidate: CSVRow, first: Bool) throws(CardportError) -> Bool {
        var row = candidate
        var names = try headerNames(row)
        // Lines of nothing but spaces before the header are blank too.
        while first && (row.isBlank || names.allSatisfy(\.isEmpty)) {
            guard let next = try scanner!.nextRow() else { return false }
            row = next
            names = try headerNames(row)
        }
        if !first {
            guard let header = CSVHeader(severalKinds: names) ?? CSVHeader(names: names, kind: nil), header.hasKey else {
                return false
            }
            decoder = CSVRowDecoder(header: header, source: input)
            return true
        }
        let recognised = dialect == .generic ? CSVDialect.recognise(names) : dialect
        switch recognised {
        case .readwise:
            readwise = try ReadwiseDecoder(names: names, row: row, input: input)
        case .todoist:
            todoist = try TodoistDecoder(names: names, row: row, input: input)
        default:
            guard let header = (kind == nil ? CSVHeader(severalKinds: names) : nil) ?? CSVHeader(names: names, kind: kind) else {
                throw input.error(.malformedInput, "cannot tell what kind of records the columns hold",
                                  at: row.offset,
                                  hint: "a header row is required; name a text, url, description or title column, or pass --kind")
            }
            guard header.hasKey else {
                let key = CSVColumn.key(of: header.kind).headerName
                throw input.error(.malformedInput, "the header has no '\(key)' column, which every \(header.kind.rawValue) needs",
                                  at: row.offset, hint: "name the column '\(key)' (or an alias, see Formats.md)")
            }
            decoder = CSVRowDecoder(header: header, source: input)
        }
        return true
    }

    /// The names in the scanner's row, without guards and surrounding spaces.
    private func headerNames(_ row: CSVRow) throws(CardportError) -> [String] {
        var names: [String] = []
        for index in 0..<row.count {
            let bytes = row.field(index)
            let unguarded = UnsafeRawBufferPointer(rebasing: bytes[CSVCell.guardLength(bytes)...])
            switch UTF8Validation.string(unguarded) {
            case .success(let name): names.append(name.trimmingSpaces)
            case .failure:
                throw input.error(.malformedInput, "the header is not valid UTF-8", at: row.offset(ofField: index),
                                  hint: "save the file as UTF-8")
            }
        }
        return names
    }

    /// The delimiter of the input's first bytes (``CSVDelimiter``).
    private func sniffDelimiter() throws(CardportError) -> UInt8 {
        CSVDelimiter.guess(try input.peek(upTo: 64 * 1024))
    }
}
