import CardportCore

/// Decodes batches of rows into records on worker threads and hands the records out in the
/// input's order, with each rejected row's error in its place.
///
/// A long CSV file's time goes into splitting records into fields and decoding their cells
/// (strings, ids, tags, dates), not into finding where records end: the reading thread cuts runs of
/// whole records (``CSVRecordCut``) into ``CSVRowBatch``es, and the workers scan and decode them, each
/// batch with the columns of the section it is in. Errors are located from the batch's excerpt, so
/// they read exactly as when the reading thread reads rows itself.
///
/// Batches and the arrays their records are decoded into come back with the records and are
/// filled again: allocating a megabyte per batch would make the allocator merge the small blocks
/// freed on other threads, which then costs every small allocation more.
final class CSVRowWorkers {
    /// A batch, how its records are split and decoded, and where its records go.
    struct Job: Sendable {
        let batch: CSVRowBatch
        let header: CSVHeader
        let delimiter: UInt8
        var items: [Item?]
    }

    /// A batch's records and errors, in its rows' order, and the batch, to be filled again.
    struct Decoded: Sendable {
        let batch: CSVRowBatch
        var items: [Item?]
    }

    enum Item: Sendable {
        case record(Record)
        case failure(CardportError)
    }

    /// The bytes after which a batch ends before its rows are all in (long rows).
    static let batchBytes = 1 << 20

    let plan: CSVWorkerPlan
    private let pool: any OrderedPool<Job, Decoded>
    /// The records being handed out; each item is moved out as it is taken.
    ///
    /// Only the reading thread touches the fields below, one access at a time: the run-time
    /// exclusivity checks, several per record, are left out.
    @exclusivity(unchecked) private var items: [Item?] = []
    @exclusivity(unchecked) private var position = 0
    private var spareBatches: [CSVRowBatch] = []
    private var spareItems: [[Item?]] = []

    /// The plan's workers on `threads`, with a few batches under way for each.
    init(plan: CSVWorkerPlan, threads: any ReadThreads) {
        self.plan = plan
        pool = threads.orderedPool(workers: plan.workers, depth: 2 * plan.workers + 1) { job in CSVRowWorkers.decode(job) }
    }

    /// Whether another batch can be submitted before one is taken.
    var hasRoom: Bool { pool.hasRoom }

    /// An empty batch to fill: one handed back, when there is one.
    func makeBatch(name: String) -> CSVRowBatch {
        if let batch = spareBatches.popLast() { return batch }
        return CSVRowBatch(name: name)
    }

    /// Hands a filled batch to the workers, to be split at `delimiter` and decoded by `header`.
    func submit(_ batch: CSVRowBatch, header: CSVHeader, delimiter: UInt8) {
        var items = spareItems.popLast() ?? []
        items.reserveCapacity(batch.records + 1)
        pool.submit(Job(batch: batch, header: header, delimiter: delimiter, items: items))
    }

    /// The next record or error of the batch being handed out; `nil` once it is all handed out.
    @inline(__always)
    func nextItem() -> Item? {
        guard position < items.count else { return nil }
        defer { position += 1 }
        return items[position].take()
    }

    /// Starts handing out the oldest batch submitted, waiting for its decoding; `false` when every
    /// batch submitted was handed out.
    func takeBatch() -> Bool {
        guard var decoded = pool.take() else { return false }
        decoded.batch.reset()
        spareBatches.append(decoded.batch)
        swap(&items, &decoded.items)
        position = 0
        decoded.items.removeAll(keepingCapacity: true)
        if decoded.items.capacity > 0 { spareItems.append(decoded.items) }
        return true
    }

    /// Splits a batch into rows as the scanner does, and decodes each; blank lines are skipped,
    /// malformed records are rejected with the scanner's errors.
    private static func decode(_ job: consuming Job) -> Decoded {
        var job = job
        let batch = job.batch
        // Swapped out, not copied: a copy would leave the storage shared with the job, and the
        // first record appended would then copy all of it.
        var items: [Item?] = []
        swap(&items, &job.items)
        if let excerpt = batch.excerpt {
            let decoder = CSVRowDecoder(header: job.header, source: excerpt)
            let bytes = excerpt.bytes
            var position = 0
            while position < bytes.count {
                let window = UnsafeRawBufferPointer(rebasing: bytes[position...])
                let base = excerpt.start.offset + position
                let (outcome, row) = batch.buffers.scan(window, base: base, isFinal: true, delimiter: job.delimiter)
                switch outcome {
                case .complete(let length):
                    if !row.isBlank {
                        do {
                            items.append(.record(try decoder.record(row)))
                        } catch {
                            items.append(.failure(error))
                        }
                    }
                    position += length
                case .unterminated(let at):
                    items.append(.failure(CSVScanner.unterminated(at: at, in: excerpt)))
                    position = bytes.count
                case .strayAfterQuote(let at):
                    let from = at - base
                    items.append(.failure(CSVScanner.strayAfterQuote(window[from], at: at, in: excerpt)))
                    position += CSVScanner.endOfStrayRecord(window, from: from)
                case .needMore:
                    preconditionFailure("a batch holds whole records and is scanned as the end of the input")
                }
            }
        }
        if let failure = batch.failure { items.append(.failure(failure)) }
        return Decoded(batch: batch, items: items)
    }
}
