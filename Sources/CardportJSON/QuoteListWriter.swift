import CardportCore

/// Writes the quote-list dialects (DummyJSON, favourites): an opening, one object per citation, and
/// a closing that may mention how many there were. Each dialect supplies how a citation is written
/// and what it loses.
final class QuoteListWriter: RecordWriter {
    /// Writes the `position`th citation (from 1), separator included, and counts what it drops.
    typealias Encode = (_ citation: Citation, _ position: Int, _ writer: JSONWriter, _ losses: inout LossReport) -> Void
    /// Writes the end of the document after `count` citations.
    typealias Close = (_ count: Int, _ writer: JSONWriter) -> Void

    private let output: ByteOutput
    private let encode: Encode
    private let close: Close
    private let writer = JSONWriter(capacity: 1 << 17)
    private var count = 0
    private(set) var losses = LossReport()

    init(output: ByteOutput, opening: StaticString, encode: @escaping Encode, close: @escaping Close) {
        self.output = output
        self.encode = encode
        self.close = close
        writer.raw(opening)
    }

    func write(_ record: Record) throws(CardportError) {
        guard case .citation(let citation) = record else { return }
        count += 1
        encode(citation, count, writer, &losses)
        try writer.flush(to: output)
    }

    func finish() throws(CardportError) {
        close(count, writer)
        try writer.flush(to: output, threshold: 0)
        try output.flush()
    }
}
