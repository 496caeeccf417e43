import Foundation

/// When and how a CSV reader hands rows to worker threads (``CSVRowWorkers``).
struct CSVWorkerPlan: Sendable, Hashable {
    /// The data rows decoded on the reader's own thread first: short files are not worth threads.
    var rowsBefore: Int
    /// The rows scanned into one batch (a batch also ends after ``CSVRowWorkers/batchBytes``).
    var rowsPerBatch: Int
    /// The worker threads.
    var workers: Int

    /// The plan for this machine: after 4,096 rows, one worker per core (at most four), in
    /// batches of 2,048 rows; `nil` on a single core, where threads would only take turns.
    static var standard: CSVWorkerPlan? {
        let cores = ProcessInfo.processInfo.activeProcessorCount
        guard cores > 1 else { return nil }
        return CSVWorkerPlan(rowsBefore: 4096, rowsPerBatch: 2048, workers: Swift.min(cores, 4))
    }
}
