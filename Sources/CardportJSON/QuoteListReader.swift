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
    private var elements: [JSONValue]?
    private var index = 0
    private var documentOffset = 0

    init(input: ByteInput, map: @escaping Map, unwrap: @escaping Unwrap) {
        self.stream = JSONStream(input)
        self.map = map
        self.unwrap = unwrap
    }

    func next() throws(CardportError) -> Record? {
        if elements == nil {
            guard try stream.peek() != nil else {
                elements = []
                return nil
            }
            documentOffset = stream.input.offset
            let document = try stream.value()
            try stream.expectEnd(after: "the document")
            elements = try unwrap(document, documentOffset, stream)
        }
        guard let elements, index < elements.count else { return nil }
        let element = elements[index]
        index += 1
        guard case .object(let object) = element else {
            throw stream.error(.invalidValue, "quote \(index) is \(element.typeName), not an object", at: documentOffset,
                               isRecoverable: true)
        }
        return .citation(try map(object, RecordJSONDecoder(stream: stream)))
    }
}
