/// Parses an input one record at a time.
///
/// `next()` returns `nil` at the end. An error thrown with ``CardportError/isRecoverable`` set means
/// the reader skipped the bad record and `next()` may be called again (`--keep-going`); any other
/// error ends the input.
public protocol RecordReader: AnyObject {
    func next() throws(CardportError) -> Record?
    /// What the reader counted, skipped or folded so far, and its warnings (most readers have none).
    var notes: ReaderNotes { get }
    /// Whether the reader decodes ahead on threads of its own, so that a caller gains nothing by
    /// running it on another thread (see ``PrefetchingReader``); most readers do not.
    var readsAhead: Bool { get }
}

extension RecordReader {
    public var notes: ReaderNotes { ReaderNotes() }
    public var readsAhead: Bool { false }
}

extension RecordReader {
    /// Reads every remaining record (tests and small inputs; commands stream instead).
    public func readAll() throws(CardportError) -> [Record] {
        var records: [Record] = []
        while let record = try next() { records.append(record) }
        return records
    }
}
