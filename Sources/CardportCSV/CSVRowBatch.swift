import CardportCore

/// A run of whole records cut from the input, for a worker thread to scan and decode while the
/// reading thread reads on: the input's bytes (an excerpt, so that errors about a record are
/// located as the input would locate them), how many records they hold, and the buffers the
/// worker's scan uses (kept with the batch, so that they are allocated once, not per batch).
///
/// The reading thread fills a batch, then hands it over whole; from then on only the worker reads
/// it, until it is handed back to be filled again. Nothing is shared while both could touch it,
/// so the run-time exclusivity checks are left out.
final class CSVRowBatch: @unchecked Sendable {
    private let name: String
    @exclusivity(unchecked) private var copied: SourceExcerpt?
    @exclusivity(unchecked) private var isStarted = false
    /// The records (rows that are not blank) the bytes hold, as the reading thread counted them.
    @exclusivity(unchecked) private(set) var records = 0
    /// What stopped the reading thread after these records, handed out after their records.
    @exclusivity(unchecked) var failure: CardportError?
    /// Where the worker's scan puts each record's fields.
    let buffers = CSVFieldBuffers()

    init(name: String) {
        self.name = name
    }

    /// The records' bytes; `nil` until some are copied.
    var excerpt: SourceExcerpt? { isStarted ? copied : nil }

    /// Fills the batch with the input's bytes from `start` on: `records` whole records (and blank
    /// lines). A batch is filled once between resets.
    func fill(_ bytes: UnsafeRawBufferPointer, records: Int, startingAt start: SourceLocation) {
        if let copied {
            copied.restart(at: start)
        } else {
            copied = SourceExcerpt(name: name, start: start, capacity: CSVRowWorkers.batchBytes + 64 * 1024)
        }
        copied!.append(bytes)
        isStarted = true
        self.records = records
    }

    /// Empties the batch, keeping its buffers, to be filled again.
    func reset() {
        isStarted = false
        records = 0
        failure = nil
    }
}
