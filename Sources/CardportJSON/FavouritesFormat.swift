public import CardportCore

/// The quotes app's favourites list: a JSON array of `{"quote": "…", "author": "…"}` objects.
///
/// Every quote read from it is a favourite. Writing keeps only the quote and author; the report
/// counts every other field it had to leave out (and citations that were not favourites).
public struct FavouritesFormat: CardFormat {
    public init() {}

    public let descriptor = FormatDescriptor(
        id: "favourites", aliases: ["favorites"], extensions: ["json"], mediaType: "application/json",
        reads: [.citation], writes: [.citation],
        summary: "the quotes app's favourites: [{\"quote\", \"author\"}]")

    public func sniff(_ prefix: [UInt8]) -> SniffResult {
        let shape = JSONPrefix(prefix)
        guard shape.opening == 0x5B, !shape.has("id") else { return .no }
        if shape.has("quote") { return .certain }
        return shape.keys.isEmpty || shape.has("text") ? .possible : .no
    }

    public func makeReader(_ input: ByteInput, options: ReadOptions) throws(CardportError) -> any RecordReader {
        QuoteListReader(input: input, limits: options.limits) { (object, decoder) throws(CardportError) in
            var text: String?, author: String?
            var extras: [String: String] = [:]
            for member in object.members {
                switch member.key {
                case "quote", "text": text = try decoder.string(member)
                case "author": author = try decoder.optionalString(member)
                default: extras[member.key] = decoder.extraValue(member.value)
                }
            }
            guard let text else { throw decoder.fail("a favourite needs a \"quote\"", at: object.offset) }
            return Citation(text: text, author: author, isFavourite: true, extras: extras)
        } unwrap: { (value, offset, stream) throws(CardportError) in
            guard case .array(let elements) = value else {
                throw stream.error(.malformedInput, "a favourites list is a JSON array, not \(value.typeName)", at: offset,
                                   hint: "expected [{\"quote\": \"…\", \"author\": \"…\"}, …]")
            }
            return elements
        }
    }

    public func makeWriter(_ output: ByteOutput, options: WriteOptions) throws(CardportError) -> any RecordWriter {
        FavouritesFormat.makeQuoteWriter(output)
    }
}
