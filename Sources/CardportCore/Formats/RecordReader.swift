/// Parses an input one record at a time.
///
/// `next()` returns `nil` at the end. An error thrown with ``CardportError/isRecoverable`` set means
/// the reader skipped the bad record and `next()` may be called again (`--keep-going`); any other
/// error ends the input.
public protocol RecordReader: AnyObject {
    func next() throws(CardportError) -> Record?

    /// Entries of the input the reader left out on purpose, by reason, so far.
    ///
    /// Some inputs hold entries that are not cards: a browser's `javascript:` bookmarklets, a Kindle's
    /// bookmark markers. A reader that passes over them counts them here under a short reason
    /// (`"javascript: link"`), and the conversion report lists the counts, so nothing is left out
    /// silently. Unlike a recoverable error, such an entry is not a fault of the input. Readers that
    /// never leave anything out need not implement it.
    var leftOut: [String: Int] { get }
}

extension RecordReader {
    /// A reader that leaves nothing out.
    public var leftOut: [String: Int] { [:] }

    /// Reads every remaining record (tests and small inputs; commands stream instead).
    public func readAll() throws(CardportError) -> [Record] {
        var records: [Record] = []
        while let record = try next() { records.append(record) }
        return records
    }
}
