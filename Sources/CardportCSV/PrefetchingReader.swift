import CardportCore
import Foundation

/// Runs a reader on a thread of its own, a few batches ahead of the caller, so that parsing an
/// input overlaps with writing the records already parsed.
///
/// Only the worker thread touches the wrapped reader and its input (whose `bytesRead` may be read
/// from any thread). Records and errors come back in their order through a queue of at most
/// `depth` batches, so memory stays bounded: a recoverable error arrives in its place and the
/// records after it follow; reading ends after any other error. Spent batches go back to the
/// worker, so records are freed on the thread that made them, not on the caller's. Dropping the
/// reader stops the worker.
final class PrefetchingReader: RecordReader {
    private let channel: Channel
    private var batch: [Item] = []
    private var index = 0

    init(_ base: any RecordReader, batchSize: Int = 512, depth: Int = 4) {
        channel = Channel(depth: depth)
        let worker = Worker(base: base, channel: channel, batchSize: batchSize)
        Thread { worker.run() }.start()
    }

    deinit { channel.cancel() }

    func next() throws(CardportError) -> Record? {
        while true {
            if index < batch.count {
                let item = batch[index]
                index += 1
                switch item {
                case .record(let record): return record
                case .failure(let error): throw error
                }
            }
            // The spent batch goes back to the worker, which frees its records where it made them.
            guard let next = channel.take(returning: batch) else { return nil }
            batch = next
            index = 0
        }
    }

    fileprivate enum Item: Sendable {
        case record(Record)
        case failure(CardportError)
    }

    /// The queue between the worker and the reader; every member is guarded by `condition`.
    fileprivate final class Channel: @unchecked Sendable {
        private let condition = NSCondition()
        private let depth: Int
        private var batches: [[Item]] = []
        /// Batches the reader is done with, for the worker to free.
        private var spent: [[Item]] = []
        private var finished = false
        private var cancelled = false

        init(depth: Int) { self.depth = depth }

        /// Hands a batch over, waiting while the queue is full; `false` once the reader is gone.
        /// Returns the spent batches in `recycled`, so the caller frees them outside the lock.
        func put(_ batch: [Item], isLast: Bool, recycled: inout [[Item]]) -> Bool {
            condition.lock()
            defer { condition.unlock() }
            while batches.count >= depth && !cancelled { condition.wait() }
            swap(&spent, &recycled)
            guard !cancelled else { return false }
            batches.append(batch)
            finished = isLast
            condition.broadcast()
            return true
        }

        /// The next batch, waiting for the worker; `nil` when it has handed over its last one.
        func take(returning used: [Item]) -> [Item]? {
            condition.lock()
            defer { condition.unlock() }
            if !used.isEmpty && !finished { spent.append(used) }
            while batches.isEmpty && !finished { condition.wait() }
            guard !batches.isEmpty else { return nil }
            condition.broadcast()
            return batches.removeFirst()
        }

        func cancel() {
            condition.lock()
            cancelled = true
            condition.broadcast()
            condition.unlock()
        }
    }

    /// What the worker thread runs; after `start` nothing else touches it or its reader.
    private final class Worker: @unchecked Sendable {
        let base: any RecordReader
        let channel: Channel
        let batchSize: Int

        init(base: any RecordReader, channel: Channel, batchSize: Int) {
            self.base = base
            self.channel = channel
            self.batchSize = batchSize
        }

        func run() {
            var batch: [Item] = []
            batch.reserveCapacity(batchSize)
            var recycled: [[Item]] = []
            var isDone = false
            while !isDone {
                do throws(CardportError) {
                    if let record = try base.next() { batch.append(.record(record)) } else { isDone = true }
                } catch {
                    batch.append(.failure(error))
                    if !error.isRecoverable { isDone = true }
                }
                if batch.count >= batchSize || isDone {
                    guard channel.put(batch, isLast: isDone, recycled: &recycled) else { return }
                    recycled.removeAll()
                    batch = []
                    batch.reserveCapacity(batchSize)
                }
            }
        }
    }
}
