/// The writer of a format that is only read (an e-reader's database or export): it writes
/// nothing, and a record given to it is an error.
///
/// ```swift
/// public func makeWriter(_ output: ByteOutput, options: WriteOptions) throws(CardportError) -> any RecordWriter {
///     ReadOnlyFormatWriter(format: descriptor.id)
/// }
/// ```
public final class ReadOnlyFormatWriter: RecordWriter {
    private let format: String

    /// A writer for the format called `format`.
    public init(format: String) {
        self.format = format
    }

    public func write(_ record: Record) throws(CardportError) {
        throw CardportError(.unsupportedKind, "format '\(format)' can only be read, not written")
    }

    public func finish() throws(CardportError) {}

    public var losses: LossReport { LossReport() }
}
