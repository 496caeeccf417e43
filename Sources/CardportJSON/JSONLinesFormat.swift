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
        summary: "JSON Lines: one record per line with a \"kind\" member", writesRecordsIndependently: true)

    public func sniff(_ prefix: [UInt8]) -> SniffResult {
        let shape = JSONPrefix(prefix)
        if shape.isLineDelimited { return .certain }
        if shape.firstLineIsObject { return .possible }
        // A first line that opens an object and a later one that does too: JSON Lines with a damaged
        // first line, which the reader should report rather than another format read as something else.
        return shape.opening == 0x7B && JSONLinesFormat.laterLineOpensObject(prefix) ? .possible : .no
    }

    /// Whether a line after the first starts with `{` in its first column, as a JSON Lines record
    /// does and a nested object of a pretty-printed document does not.
    static func laterLineOpensObject(_ prefix: [UInt8]) -> Bool {
        guard let newline = prefix.firstIndex(of: 0x0A) else { return false }
        var index = newline + 1
        while index < prefix.count {
            if prefix[index] == 0x7B { return true }
            guard let next = prefix[index...].firstIndex(of: 0x0A) else { return false }
            index = next + 1
        }
        return false
    }

    public func makeReader(_ input: ByteInput, options: ReadOptions) throws(CardportError) -> any RecordReader {
        JSONLinesReader(input: input, kind: options.kind, limits: options.limits)
    }

    public func makeWriter(_ output: ByteOutput, options: WriteOptions) throws(CardportError) -> any RecordWriter {
        JSONLinesWriter(output: output)
    }
}
