import CardportCore

/// A ``RecordReader`` that drives a ``StreamingParser`` until its handler has a record to hand out.
final class XMLRecordReader: RecordReader {
    private let parser: StreamingParser
    private let handler: any XMLEventHandler

    init(input: ByteInput, language: StreamingParser.Language, handler: any XMLEventHandler, limits: ReadLimits) {
        self.handler = handler
        self.parser = StreamingParser(input: input, language: language, handler: handler, limits: limits)
    }

    func next() throws(CardportError) -> Record? {
        while true {
            if let item = handler.queue.popFirst() {
                switch item {
                case .success(let record): return record
                case .failure(let error): throw error
                }
            }
            guard try parser.feed() else {
                if handler.queue.isEmpty { return nil }
                continue
            }
        }
    }

    var notes: ReaderNotes { handler.notes }
}
