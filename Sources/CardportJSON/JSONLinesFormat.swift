public import CardportCore

/// JSON Lines: one record per line, each an object with a `kind` member, streamed in constant memory.
///
/// Reading accepts lines without `kind` (the kind is then `--kind`, or guessed from the member
/// names, so exports of other tools read as they are), blank lines, and CRLF line ends. A bad line
/// is reported with its location and, with `--keep-going`, skipped.
public struct JSONLinesFormat: CardFormat {
    public init() {}

    public let descriptor = FormatDescriptor(
        id: "jsonl", aliases: ["ndjson", "jsonlines"], extensions: ["jsonl", "ndjson"],
        mediaType: "application/jsonl", reads: Set(RecordKind.allCases), writes: Set(RecordKind.allCases),
        summary: "JSON Lines: one record per line with a \"kind\" member")

    public func sniff(_ prefix: [UInt8]) -> SniffResult {
        let shape = JSONPrefix(prefix)
        if shape.isLineDelimited { return .certain }
        return shape.firstLineIsObject ? .possible : .no
    }

    public func makeReader(_ input: ByteInput, options: ReadOptions) throws(CardportError) -> any RecordReader {
        JSONLinesReader(input: input, kind: options.kind, limits: options.limits)
    }

    public func makeWriter(_ output: ByteOutput, options: WriteOptions) throws(CardportError) -> any RecordWriter {
        JSONLinesWriter(output: output)
    }
}
