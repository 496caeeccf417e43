import CardportCore

final class JSONLinesWriter: RecordWriter {
    private let output: ByteOutput
    private let writer = JSONWriter(capacity: 1 << 17)
    private(set) var losses = LossReport()

    init(output: ByteOutput) {
        self.output = output
    }

    func write(_ record: Record) throws(CardportError) {
        RecordJSONEncoder.encode(record, kind: true, into: writer)
        writer.byte(0x0A)
        try writer.flush(to: output)
    }

    func finish() throws(CardportError) {
        try writer.flush(to: output, threshold: 0)
        try output.flush()
    }
}
