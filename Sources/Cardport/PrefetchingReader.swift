public import CardportCore
import CardportMachinery
import Foundation

/// A ``RecordReader`` that runs another reader on a thread of its own, a few batches ahead of its
/// caller, so that parsing one record overlaps with writing or merging the one before.
///
/// The wrapped reader and its ``ByteInput`` belong to the reading thread from the first ``next()``
/// until the reader has handed out its last record or error, or until ``close()``; the caller must
/// not touch either in between. Records and errors come out in exactly the order the wrapped
/// reader gives them: a recoverable error is followed by the records after it (the reading thread
/// reads on), anything else ends the stream. Memory stays bounded: at most `depth` batches of
/// `batchSize` records wait to be taken.
///
/// ```swift
/// let reader = PrefetchingReader(try format.makeReader(input, options: options), source: input)
/// while let record = try reader.next() { try writer.write(record) }
/// let notes = reader.notes
/// ```
public final class PrefetchingReader: RecordReader {
    private let channel: Channel
    /// The batch being handed out; each record is moved out as it is taken (a copy would cost a
    /// retain now and a release later for every string of the record).
    ///
    /// Only ``next()`` touches the batch and the position, one access at a time, on the caller's
    /// thread: the run-time exclusivity checks, three per record, are left out.
    @exclusivity(unchecked) private var batch: [Item?] = []
    @exclusivity(unchecked) private var position = 0
    private var started = false
    private var finished = false
    private var takenBytes = 0

    /// Wraps `reader`, which reads from `source`; nothing is read until the first ``next()``.
    ///
    /// The defaults let about 8,000 records wait: a reader with worker threads of its own (CSV)
    /// hands out a few thousand at once, and with less room its workers waited for the caller.
    public init(_ reader: any RecordReader, source: ByteInput, batchSize: Int = 1024, depth: Int = 8) {
        channel = Channel(reader: reader, source: source, batchSize: max(1, batchSize), depth: max(1, depth))
    }

    deinit { close() }

    /// The next record, in the wrapped reader's order; `nil` at the end.
    public func next() throws(CardportError) -> Record? {
        while position == batch.count {
            if finished { return nil }
            start()
            let taken = channel.take()
            position = 0
            takenBytes = taken.bytesRead
            finished = taken.isLast
            // Consumed, so the batch's storage is this thread's alone and taking records out of it
            // does not copy it. The emptied batch goes back to the reading thread to be filled again.
            var emptied = (consume taken).items
            swap(&emptied, &batch)
            channel.recycle(emptied)
        }
        let item = batch[position].take()!
        position += 1
        switch item {
        case .record(let record): return record
        case .failure(let error): throw error
        }
    }

    /// Starts reading ahead now rather than at the first ``next()``: the wrapped reader and its
    /// source belong to the reading thread from here on.
    public func start() {
        guard !started else { return }
        started = true
        channel.start()
    }

    /// The wrapped reader's notes; complete once ``next()`` has returned `nil` or ``close()`` was called.
    public var notes: ReaderNotes {
        guard started else { return channel.reader.notes }
        // After the last batch the reading thread only has to finish: wait for it.
        if finished { channel.stop() }
        guard channel.isDone else { return ReaderNotes() }
        return channel.reader.notes
    }

    /// How many bytes of the source had been read when the records taken so far were read.
    public var bytesRead: Int { started ? takenBytes : channel.source.bytesRead }

    /// Stops the reading thread and waits for it; the wrapped reader is the caller's again.
    public func close() {
        guard started else { return }
        channel.stop()
    }

    // MARK: The reading thread

    private enum Item {
        case record(Record)
        case failure(CardportError)
    }

    private struct Batch {
        var items: [Item?]
        var bytesRead: Int
        var isLast: Bool
    }

    /// What the two threads share: the hand-off, and the reader and its source, which belong to
    /// the reading thread from ``start()`` until it has finished.
    private final class Channel: @unchecked Sendable {
        let reader: any RecordReader
        let source: ByteInput
        private let batchSize: Int
        private let handOff: BatchHandOff<Batch>
        /// Storage of batches the consumer has emptied, for the reading thread to fill again: a fresh
        /// batch is one large allocation, and each large allocation makes the allocator merge the small
        /// blocks freed on the other thread, which then costs every small allocation more.
        private let spareLock = NSLock()
        // Guarded by the lock: the run-time exclusivity checks would only repeat what it ensures.
        @exclusivity(unchecked) private var spares: [[Item?]] = []

        init(reader: any RecordReader, source: ByteInput, batchSize: Int, depth: Int) {
            self.reader = reader
            self.source = source
            self.batchSize = batchSize
            handOff = BatchHandOff(depth: depth)
        }

        var isDone: Bool { handOff.hasFinished }

        func start() {
            // Parsers of nested formats recurse: a reading thread's stack is what their depth limits assume.
            ReadingThread.start { [self] in run() }
        }

        /// The next batch; the reader always ends with one marked last, so this never waits for nothing.
        func take() -> Batch {
            handOff.take() ?? Batch(items: [], bytesRead: source.bytesRead, isLast: true)
        }

        func stop() {
            handOff.stop(untilFinished: true)
        }

        /// Takes back the storage of a batch whose every item was taken.
        func recycle(_ items: consuming [Item?]) {
            spareLock.lock()
            defer { spareLock.unlock() }
            if spares.count < 2 { spares.append(items) }
        }

        /// Empty storage for the next batch: a recycled one when there is one.
        private func spare() -> [Item?] {
            spareLock.lock()
            defer { spareLock.unlock() }
            return spares.popLast() ?? []
        }

        private func run() {
            defer { handOff.finish() }
            var last = false
            while !last {
                var items = spare()
                items.removeAll(keepingCapacity: true)
                items.reserveCapacity(batchSize)
                while items.count < batchSize {
                    do {
                        guard let record = try reader.next() else {
                            last = true
                            break
                        }
                        items.append(.record(record))
                    } catch {
                        items.append(.failure(error))
                        if !error.isRecoverable {
                            last = true
                            break
                        }
                    }
                }
                guard handOff.put(Batch(items: consume items, bytesRead: source.bytesRead, isLast: last)) else { return }
            }
        }
    }
}
