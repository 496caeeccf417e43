import Foundation

/// A bounded queue between one producing thread and one consuming thread: the producer waits
/// when `depth` batches are waiting, the consumer waits when none is, and either side can end it.
///
/// The hand-off under the operations' read-ahead (`RecordReadAhead`, which `PrefetchingReader`
/// and the store's import share).
///
/// ```swift
/// let handOff = BatchHandOff<[Record]>(depth: 4)
/// // producer thread:
/// _ = handOff.put(batch); handOff.finish()
/// // consumer thread:
/// while let batch = handOff.take() { … }
/// ```
package final class BatchHandOff<Batch>: @unchecked Sendable {
    // Every field is guarded by `condition`; batches cross threads only through it.
    private let condition = NSCondition()
    private let depth: Int
    private var waiting: [Batch] = []
    private var isStopped = false
    private var isFinished = false

    /// A queue that holds at most `depth` batches.
    package init(depth: Int) {
        self.depth = max(1, depth)
    }

    /// Waits for room, then queues a batch; `false` when the consumer has stopped (the batch is dropped).
    ///
    /// The batch is consumed: the producer keeps no reference, so the consumer can change the
    /// batch's storage in place instead of copying it.
    package func put(_ batch: consuming Batch) -> Bool {
        condition.lock()
        defer { condition.unlock() }
        while waiting.count >= depth && !isStopped { condition.wait() }
        guard !isStopped else { return false }
        waiting.append(batch)
        condition.broadcast()
        return true
    }

    /// Tells the consumer no more batches will come. The producer calls it last, whatever happened.
    package func finish() {
        condition.lock()
        isFinished = true
        condition.broadcast()
        condition.unlock()
    }

    /// The next batch, waiting for one; `nil` once the producer has finished and all were taken.
    package func take() -> Batch? {
        condition.lock()
        defer { condition.unlock() }
        while waiting.isEmpty && !isFinished { condition.wait() }
        guard !waiting.isEmpty else { return nil }
        let batch = waiting.removeFirst()
        condition.broadcast()
        return batch
    }

    /// Tells the producer to stop: a waiting or later ``put(_:)`` returns `false`. With
    /// `untilFinished`, waits until the producer has called ``finish()``, so that what it used is
    /// the caller's again.
    package func stop(untilFinished: Bool) {
        condition.lock()
        defer { condition.unlock() }
        isStopped = true
        waiting.removeAll()
        condition.broadcast()
        while untilFinished && !isFinished { condition.wait() }
    }

    /// Whether the producer has called ``finish()``.
    package var hasFinished: Bool {
        condition.lock()
        defer { condition.unlock() }
        return isFinished
    }
}
