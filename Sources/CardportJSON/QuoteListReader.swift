import CardportCore

/// Reads a small JSON document of quotes (the DummyJSON and favourites dialects): parses it whole,
/// finds the list of quote objects, and maps them one by one.
///
/// These documents are API responses and app exports of at most a few thousand quotes, so the whole
/// document is parsed at once (bounded by ``ByteInput/maximumWindow``).
final class QuoteListReader: RecordReader {
    typealias Map = (JSONObject, RecordJSONDecoder) throws(CardportError) -> Citation
    typealias Unwrap = (JSONValue, Int, JSONStream) throws(CardportError) -> [JSONValue]

    private let stream: JSONStream
    private let map: Map
    private let unwrap: Unwrap
    /// Every quote mapped (or the error it gave), in document order; `nil` until the document is read.
    private var results: [Result<Record, CardportError>]?
    private var index = 0

    init(input: ByteInput, map: @escaping Map, unwrap: @escaping Unwrap) {
        self.stream = JSONStream(input)
        self.map = map
        self.unwrap = unwrap
    }

    func next() throws(CardportError) -> Record? {
        if results == nil { try load() }
        guard let results, index < results.count else { return nil }
        index += 1
        return try results[index - 1].get()
    }

    /// Parses the document and maps every quote while the document is still in the input window,
    /// so each error can point at its own line.
    private func load() throws(CardportError) {
        results = []
        guard try stream.peek() != nil else { return }
        let documentOffset = stream.input.offset
        let document = try stream.value()
        let decoder = RecordJSONDecoder(stream: stream)
        var mapped: [Result<Record, CardportError>] = []
        for (position, element) in try unwrap(document, documentOffset, stream).enumerated() {
            guard case .object(let object) = element else {
                mapped.append(.failure(stream.error(.invalidValue, "quote \(position + 1) is \(element.typeName), not an object",
                                                    at: documentOffset, isRecoverable: true)))
                continue
            }
            do {
                mapped.append(.success(.citation(try map(object, decoder))))
            } catch {
                mapped.append(.failure(error))
            }
        }
        try stream.expectEnd(after: "the document")
        results = mapped
    }
}
