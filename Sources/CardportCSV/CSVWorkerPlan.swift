/// When and how a CSV reader hands rows to worker threads (``CSVRowWorkers``).
struct CSVWorkerPlan: Sendable, Hashable {
    /// The data rows decoded on the reader's own thread first: short files are not worth threads.
    var rowsBefore: Int
    /// The rows scanned into one batch (a batch also ends after ``CSVRowWorkers/batchBytes``).
    var rowsPerBatch: Int
    /// The worker threads.
    var workers: Int

    /// The plan for `threads` threads that can run at once: after 4,096 rows, one worker each (at
    /// most four), in batches of 2,048 rows; `nil` for one, where threads would only take turns.
    static func standard(threads: Int) -> CSVWorkerPlan? {
        guard threads > 1 else { return nil }
        return CSVWorkerPlan(rowsBefore: 4096, rowsPerBatch: 2048, workers: Swift.min(threads, 4))
    }
}
