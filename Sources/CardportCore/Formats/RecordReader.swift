/// Parses an input one record at a time.
///
/// `next()` returns `nil` at the end. An error thrown with ``CardportError/isRecoverable`` set means
/// the reader skipped the bad record and `next()` may be called again (`--keep-going`); any other
/// error ends the input.
public protocol RecordReader: AnyObject {
    func next() throws(CardportError) -> Record?
    /// What the reader counted, skipped or folded so far, and its warnings (most readers have none).
    var notes: ReaderNotes { get }
}

extension RecordReader {
    public var notes: ReaderNotes { ReaderNotes() }
}

extension RecordReader {
    /// Reads every remaining record (tests and small inputs; commands stream instead).
    public func readAll() throws(CardportError) -> [Record] {
        var records: [Record] = []
        while let record = try next() { records.append(record) }
        return records
    }
}
