public import CardportCore
import CardportMachinery
import Foundation

/// A ``RecordReader`` that runs another reader on a thread of its own, a few batches ahead of its
/// caller, so that parsing one record overlaps with writing or merging the one before (through
/// the read-ahead every command shares, `RecordReadAhead`).
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
    private let reader: any RecordReader
    private let source: ByteInput
    private let ahead: RecordReadAhead<RecordsAsRead>
    /// The batch being handed out; each record is moved out as it is taken (a copy would cost a
    /// retain now and a release later for every string of the record).
    ///
    /// Only ``next()`` touches the batch and the position, one access at a time, on the caller's
    /// thread: the run-time exclusivity checks, three per record, are left out.
    @exclusivity(unchecked) private var batch: [RecordReadAhead<RecordsAsRead>.Item?] = []
    @exclusivity(unchecked) private var position = 0
    private var started = false
    private var finished = false
    private var takenBytes = 0

    /// Wraps `reader`, which reads from `source`; nothing is read until the first ``next()``.
    ///
    /// The defaults let about 8,000 records wait: a reader with worker threads of its own (CSV)
    /// hands out a few thousand at once, and with less room its workers waited for the caller.
    public init(_ reader: any RecordReader, source: ByteInput, batchSize: Int = 1024, depth: Int = 8) {
        self.reader = reader
        self.source = source
        ahead = RecordReadAhead(batchSize: batchSize, depth: depth, open: { (reader, source) }, transform: RecordsAsRead())
    }

    deinit { close() }

    /// The next record, in the wrapped reader's order; `nil` at the end.
    public func next() throws(CardportError) -> Record? {
        while position == batch.count {
            if finished { return nil }
            start()
            let taken = ahead.take()
            position = 0
            takenBytes = taken.bytesRead
            finished = taken.isLast
            // Consumed, so the batch's storage is this thread's alone and taking records out of it
            // does not copy it. The emptied batch goes back to the reading thread to be filled again.
            var emptied = (consume taken).items
            swap(&emptied, &batch)
            ahead.recycle(emptied)
        }
        let item = batch[position].take()!
        position += 1
        switch item {
        case .value(let record): return record
        case .failure(let error): throw error
        }
    }

    /// Starts reading ahead now rather than at the first ``next()``: the wrapped reader and its
    /// source belong to the reading thread from here on.
    public func start() {
        guard !started else { return }
        started = true
        ahead.start()
    }

    /// The wrapped reader's notes; complete once ``next()`` has returned `nil` or ``close()`` was called.
    public var notes: ReaderNotes {
        guard started else { return reader.notes }
        // After the last batch the reading thread only has to finish: wait for it.
        if finished { ahead.stop(untilFinished: true) }
        return ahead.notes
    }

    /// How many bytes of the source had been read when the records taken so far were read.
    public var bytesRead: Int { started ? takenBytes : source.bytesRead }

    /// Stops the reading thread and waits for it; the wrapped reader is the caller's again.
    public func close() {
        guard started else { return }
        ahead.stop(untilFinished: true)
    }
}
