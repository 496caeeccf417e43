import CardportCore

/// Records a parse has produced and the reader has not yet handed out.
///
/// The parser is fed a chunk at a time and calls back for every element in it, so a chunk may
/// yield several records at once; they wait here. A recoverable error waits in line with them, so
/// `--keep-going` reports it after the records before it.
final class RecordQueue {
    private var items: [Result<Record, CardportError>] = []
    private var head = 0

    /// Adds a record at the back.
    func append(_ record: Record) {
        items.append(.success(record))
    }

    /// Adds a recoverable error at the back.
    func append(_ error: CardportError) {
        items.append(.failure(error))
    }

    /// Whether nothing is waiting.
    var isEmpty: Bool { head == items.count }

    /// The item at the front, or `nil` when nothing is waiting.
    func popFirst() -> Result<Record, CardportError>? {
        guard head < items.count else { return nil }
        let item = items[head]
        head += 1
        if head == items.count {
            items.removeAll(keepingCapacity: true)
            head = 0
        }
        return item
    }
}
