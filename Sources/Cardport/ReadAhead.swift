import CardportCore
import CardportMachinery
import CardportStore
import Foundation

/// Reads an input on a thread of its own, keying each record, and hands the records over in
/// batches: the import's writer stores one batch while the next is parsed.
///
/// Parsing, folding and hashing a record cost about as much as storing it, so on a machine with a
/// spare core an import takes the time of the slower half instead of both. At most a few batches
/// wait, so memory stays flat whatever the input's size.
final class ReadAhead: @unchecked Sendable {
    /// What the reader produced, in order.
    enum Item {
        /// A record, keyed, with its identity in the source it comes from.
        case record(KeyedRecord, OriginItem)
        /// A record the reader rejected and skipped (`--keep-going`).
        case rejected(CardportError)
    }

    /// Up to ``batchSize`` items and how far into the input they reach.
    struct Batch {
        var items: [Item] = []
        var bytesRead = 0
    }

    static let batchSize = 2048
    private static let maximumWaiting = 4

    private let handOff = BatchHandOff<Batch>(depth: ReadAhead.maximumWaiting)
    // Written by the reading thread before it finishes the hand-off, read after the last batch.
    private var failure: CardportError?
    /// What the reader noted, once it is done.
    private(set) var notes = ReaderNotes()

    /// Starts reading: `makeReader` runs on a new reading thread (``ReadingThread``, whose stack the
    /// depth limits assume) and opens the input there; each record's origin item is made there too,
    /// by the input's `scheme`.
    init(keepGoing: Bool, scheme: OriginItem.Scheme,
         makeReader: @escaping @Sendable () throws(CardportError) -> (any RecordReader, ByteInput)) {
        ReadingThread.start { [self] in produce(keepGoing: keepGoing, scheme: scheme, makeReader: makeReader) }
    }

    /// The reading thread's work: every record, keyed, in batches; then the end or the failure.
    private func produce(keepGoing: Bool, scheme: OriginItem.Scheme,
                         makeReader: () throws(CardportError) -> (any RecordReader, ByteInput)) {
        do throws(CardportError) {
            let (reader, source) = try makeReader()
            var batch = Batch()
            batch.items.reserveCapacity(ReadAhead.batchSize)
            while true {
                let record: Record?
                do {
                    record = try reader.next()
                } catch where error.isRecoverable && keepGoing {
                    batch.items.append(.rejected(error))
                    continue
                }
                guard let record else { break }
                let keyed = KeyedRecord(record)
                batch.items.append(.record(keyed, OriginItem(record, key: keyed.key, scheme: scheme)))
                if batch.items.count == ReadAhead.batchSize {
                    batch.bytesRead = source.bytesRead
                    guard handOff.put(batch) else { return }
                    batch = Batch()
                    batch.items.reserveCapacity(ReadAhead.batchSize)
                }
            }
            batch.bytesRead = source.bytesRead
            _ = handOff.put(batch)
            finish(notes: reader.notes, failure: nil)
        } catch {
            finish(notes: ReaderNotes(), failure: error)
        }
    }

    private func finish(notes: ReaderNotes, failure: CardportError?) {
        self.notes = notes
        self.failure = failure
        handOff.finish()
    }

    /// The next batch, `nil` at the end of the input; throws what stopped the reader.
    func next() throws(CardportError) -> Batch? {
        if let batch = handOff.take() { return batch }
        if let failure { throw failure }
        return nil
    }

    /// Tells the reader to stop (the import failed on the writer's side).
    func cancel() {
        handOff.stop(untilFinished: false)
    }
}
