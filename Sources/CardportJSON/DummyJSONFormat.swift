public import CardportCore

/// The DummyJSON quotes API (`dummyjson.com/quotes`): the page object
/// `{"quotes":[{"id":1,"quote":"…","author":"…"}],"total":1454,"skip":0,"limit":30}`, a bare array
/// (`/quotes/random/N`), or a single quote object (`/quotes/random`).
///
/// A quote's numeric id is kept in `extras["dummyjson_id"]` and the citation's id is derived from it,
/// so the same quote always gets the same Cardport id and writes back with its DummyJSON id.
public struct DummyJSONFormat: CardFormat {
    /// The `extras` key that holds the quote's DummyJSON id.
    public static let idKey = "dummyjson_id"

    public init() {}

    public let descriptor = FormatDescriptor(
        id: "dummyjson", aliases: ["dummy-json"], extensions: ["json"], mediaType: "application/json",
        reads: [.citation], writes: [.citation],
        summary: "DummyJSON quotes API responses (page object, array, or one quote)")

    public func sniff(_ prefix: [UInt8]) -> SniffResult {
        let shape = JSONPrefix(prefix)
        switch shape.opening {
        case 0x7B:
            if shape.has("quotes") { return .certain }
            if shape.has("quote"), shape.has("id"), !shape.isLineDelimited { return .certain }
            return .no
        case 0x5B:
            return shape.has("quote") && shape.has("id") ? .certain : .no
        default:
            return .no
        }
    }

    public func makeReader(_ input: ByteInput, options: ReadOptions) throws(CardportError) -> any RecordReader {
        QuoteListReader(input: input, limits: options.limits) { (object, decoder) throws(CardportError) in
            try DummyJSONFormat.citation(from: object, decoder: decoder)
        } unwrap: { (value, offset, stream) throws(CardportError) in
            switch value {
            case .array(let elements):
                return elements
            case .object(let object) where object["quotes"] != nil:
                guard case .array(let elements) = object["quotes"]!.value else {
                    throw stream.error(.invalidValue, "\"quotes\" must be a list", at: object["quotes"]!.offset)
                }
                return elements
            case .object(let object) where object["quote"] != nil:
                return [value]
            default:
                throw stream.error(.malformedInput, "this is not a DummyJSON quotes response", at: offset,
                                   hint: "expected {\"quotes\": [...]}, a list of quotes, or one {\"id\", \"quote\", \"author\"} object")
            }
        }
    }

    static func citation(from object: JSONObject, decoder: RecordJSONDecoder) throws(CardportError) -> Citation {
        var foreignID: String?, text: String?, author: String?
        var extras: [String: String] = [:]
        for member in object.members {
            switch member.key {
            case "id": foreignID = try decoder.identifier(member)
            case "quote": text = try decoder.string(member)
            case "author": author = try decoder.optionalString(member)
            default: extras[member.key] = decoder.extraValue(member.value)
            }
        }
        guard let text else {
            throw decoder.fail("a quote needs a \"quote\"", at: object.offset)
        }
        var id: String?
        if let foreignID {
            extras[idKey] = foreignID
            id = RecordID.foreign(namespace: "dummyjson", id: foreignID)
        }
        return Citation(id: id, text: text, author: author, extras: extras)
    }

    public func makeWriter(_ output: ByteOutput, options: WriteOptions) throws(CardportError) -> any RecordWriter {
        DummyJSONFormat.makeQuoteWriter(output)
    }
}
