import CardportCore

/// Reads a small JSON document of quotes (the DummyJSON and favourites dialects): parses it whole,
/// finds the list of quote objects, and maps one per call to ``next()``.
///
/// These documents are API responses and app exports of at most a few thousand quotes, so the whole
/// document is parsed at once (bounded by ``ByteInput/maximumWindow``). Nothing reads on between
/// calls, so the document stays in the input window until the last quote is mapped, and every error
/// points at its own quote; only then is the rest of the input checked to be empty.
final class QuoteListReader: RecordReader {
    typealias Map = (JSONObject, RecordJSONDecoder) throws(CardportError) -> Citation
    typealias Unwrap = (JSONValue, Int, JSONStream) throws(CardportError) -> [JSONValue]

    private let stream: JSONStream
    private let map: Map
    private let unwrap: Unwrap
    /// The quote objects, once the document is parsed.
    private var elements: [JSONValue]?
    private var index = 0
    private var documentOffset = 0
    private var isFinished = false

    init(input: ByteInput, limits: ReadLimits, map: @escaping Map, unwrap: @escaping Unwrap) {
        self.stream = JSONStream(input, limits: limits)
        self.map = map
        self.unwrap = unwrap
    }

    func next() throws(CardportError) -> Record? {
        if isFinished { return nil }
        if elements == nil {
            guard try stream.peek() != nil else {
                isFinished = true
                return nil
            }
            documentOffset = stream.input.offset
            elements = try unwrap(try stream.value(), documentOffset, stream)
        }
        guard let elements, index < elements.count else {
            isFinished = true
            try stream.expectEnd(after: "the document")
            return nil
        }
        index += 1
        guard case .object(let object) = elements[index - 1] else {
            throw stream.error(.invalidValue, "quote \(index) is \(elements[index - 1].typeName), not an object",
                               at: documentOffset, isRecoverable: true)
        }
        return .citation(try map(object, RecordJSONDecoder(stream: stream)))
    }
}
