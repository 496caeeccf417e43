/// Writes records one at a time, then learns explicitly that the stream has ended.
///
/// Line-oriented writers emit each record as it comes; whole-document writers may hold some back
/// until ``finish()``. A writer that cannot express a field counts it in ``losses`` instead of
/// dropping it silently.
public protocol RecordWriter: AnyObject {
    /// Writes one record. The caller only passes kinds in the format's ``FormatDescriptor/writes``.
    func write(_ record: Record) throws(CardportError)
    /// Completes the output (closing brackets, buffered sections) and flushes it.
    func finish() throws(CardportError)
    /// Fields this writer could not express, so far.
    var losses: LossReport { get }
}
