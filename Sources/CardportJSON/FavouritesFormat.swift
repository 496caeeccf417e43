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
        guard shape.opening == 0x5B else { return .no }
        if shape.has("quote") && !shape.has("id") { return .certain }
        return shape.keys.isEmpty ? .possible : .no
    }

    public func makeReader(_ input: ByteInput, options: ReadOptions) throws(CardportError) -> any RecordReader {
        QuoteListReader(input: input) { (object, decoder) throws(CardportError) in
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
        FavouritesWriter(output: output)
    }
}

final class FavouritesWriter: RecordWriter {
    private let output: ByteOutput
    private var writer = JSONWriter(capacity: 1 << 17)
    private var count = 0
    private(set) var losses = LossReport()

    init(output: ByteOutput) {
        self.output = output
        writer.byte(0x5B)
    }

    func write(_ record: Record) throws(CardportError) {
        guard case .citation(let citation) = record else { return }
        count += 1
        writer.raw(count == 1 ? "\n  {\"quote\":" : ",\n  {\"quote\":")
        writer.string(citation.text)
        writer.raw(",\"author\":")
        writer.string(citation.author ?? "")
        writer.byte(0x7D)
        CitationLosses.count(citation, keeping: ["favourite"], into: &losses)
        if !citation.isFavourite { losses.dropField("favourite", of: .citation) }
        try writer.flush(to: output)
    }

    func finish() throws(CardportError) {
        writer.raw(count == 0 ? "]\n" : "\n]\n")
        try writer.flush(to: output, threshold: 0)
        try output.flush()
    }
}
