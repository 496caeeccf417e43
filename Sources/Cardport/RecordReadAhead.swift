import CardportCore
import CardportMachinery
import Foundation

/// The read-ahead of every command: a reader runs on a reading thread of its own, a few batches
/// ahead of the thread that takes its records, and each record is made into a value there (by a
/// ``RecordTransform``).
///
/// ``PrefetchingReader`` (convert, merge, dedupe, inspect) takes the records as they are; the
/// store's import keys each record and makes its origin item on the reading thread, because
/// parsing, normalising and hashing a record cost about as much as storing it.
///
/// Items come out in exactly the order the reader gives them: a recoverable error is followed by
/// the records after it (the reading thread reads on), anything else ends the stream, as does an
/// error opening the input. Memory stays bounded: at most `depth` batches of `batchSize` items wait.
/// The reader and its input belong to the reading thread from ``start()`` until the hand-off has
/// finished (``isDone``).
///
/// ```swift
/// let ahead = RecordReadAhead(batchSize: 1024, depth: 8, open: { (reader, input) }, transform: RecordsAsRead())
/// ahead.start()
/// while true {
///     let batch = ahead.take()
///     for item in batch.items { … }
///     if batch.isLast { break }
/// }
/// ```
final class RecordReadAhead<Transform: RecordTransform>: @unchecked Sendable {
    typealias Value = Transform.Value

    /// A record made into a value, or an error in its place.
    enum Item {
        case value(Value)
        case failure(CardportError)
    }

    /// Up to `batchSize` items, how far into the input they reach, and whether they are the last.
    struct Batch {
        var items: [Item?]
        var bytesRead: Int
        var isLast: Bool
    }

    private let open: () throws(CardportError) -> (any RecordReader, ByteInput)
    private let transform: Transform
    private let batchSize: Int
    private let handOff: BatchHandOff<Batch>
    /// Set by the reading thread before its first batch; read by others only once it has finished.
    private var reader: (any RecordReader)?
    /// How far into the input the last batch reached, for a `take` after the hand-off was stopped.
    private var lastBytesRead = 0
    /// Storage of batches the consumer has emptied, for the reading thread to fill again: a fresh
    /// batch is one large allocation, and each large allocation makes the allocator merge the small
    /// blocks freed on the other thread, which then costs every small allocation more.
    private let spareLock = NSLock()
    // Guarded by the lock: the run-time exclusivity checks would only repeat what it ensures.
    @exclusivity(unchecked) private var spares: [[Item?]] = []

    /// A read-ahead that, once started, opens its reader with `open` on the reading thread and
    /// hands out what `transform` makes of each record.
    init(batchSize: Int, depth: Int, open: @escaping () throws(CardportError) -> (any RecordReader, ByteInput),
         transform: Transform) {
        self.open = open
        self.transform = transform
        self.batchSize = max(1, batchSize)
        handOff = BatchHandOff(depth: max(1, depth))
    }

    /// Starts the reading thread. Parsers of nested formats recurse: a reading thread's stack is
    /// what their depth limits assume.
    func start() {
        ReadingThread.start { [self] in run() }
    }

    /// The next batch, waiting for it; the stream always ends with one marked last.
    func take() -> Batch {
        handOff.take() ?? Batch(items: [], bytesRead: lastBytesRead, isLast: true)
    }

    /// Tells the reading thread to stop; with `untilFinished`, waits until it has, so that the
    /// reader and its input are the caller's again.
    func stop(untilFinished: Bool) {
        handOff.stop(untilFinished: untilFinished)
    }

    /// Whether the reading thread has finished.
    var isDone: Bool { handOff.hasFinished }

    /// What the reader noted; empty until the reading thread has finished.
    var notes: ReaderNotes {
        guard isDone else { return ReaderNotes() }
        return reader?.notes ?? ReaderNotes()
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
        let reader: any RecordReader
        let source: ByteInput
        do {
            (reader, source) = try open()
        } catch {
            _ = handOff.put(Batch(items: [.failure(error)], bytesRead: 0, isLast: true))
            return
        }
        self.reader = reader
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
                    items.append(.value(transform.make(consume record)))
                } catch {
                    items.append(.failure(error))
                    if !error.isRecoverable {
                        last = true
                        break
                    }
                }
            }
            lastBytesRead = source.bytesRead
            guard handOff.put(Batch(items: consume items, bytesRead: source.bytesRead, isLast: last)) else { return }
        }
    }
}

/// What a ``RecordReadAhead``'s reading thread makes of each record before handing it over.
///
/// A type, not a closure, so that the read-ahead is specialised for it: through a closure, a
/// record handed over as it is would be copied field by field into and out of a generic slot.
protocol RecordTransform: Sendable {
    associatedtype Value
    /// The value handed over for `record`.
    func make(_ record: consuming Record) -> Value
}

/// Hands each record over as it was read.
struct RecordsAsRead: RecordTransform {
    func make(_ record: consuming Record) -> Record { record }
}
