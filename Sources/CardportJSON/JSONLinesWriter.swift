import CardportCore

final class JSONLinesWriter: RecordWriter {
    private let output: ByteOutput
    /// Lines collect until a block is full, then go to the output in one write: a block as large
    /// as the output's own is written through, not copied into the output's buffer first.
    private static let block = 1 << 20
    private let writer = JSONWriter(capacity: JSONLinesWriter.block + (1 << 16))
    private(set) var losses = LossReport()

    init(output: ByteOutput) {
        self.output = output
    }

    func write(_ record: Record) throws(CardportError) {
        RecordJSONEncoder.encode(record, kind: true, into: writer)
        writer.byte(0x0A)
        try writer.flush(to: output, threshold: JSONLinesWriter.block)
    }

    func finish() throws(CardportError) {
        try writer.flush(to: output, threshold: 0)
        try output.flush()
    }
}
