public import CardportCore

/// buku, the command-line bookmark manager: reads what `buku -p -j` prints and buku's Markdown
/// export, writes the Markdown that `buku --import FILE.md` reads.
///
/// The JSON is an array of `{"index", "uri", "title", "description", "tags"}` with `tags` one
/// comma-separated string. The Markdown is one line per bookmark, `- [title](url) <!-- TAGS: a,b -->`,
/// read the way buku reads it (the first `](`, the last `)`, the tag comment). Markdown holds no
/// dates, description or ids: the writer counts them as dropped. buku's Netscape bookmark HTML goes
/// through the `netscape` format.
public struct BukuFormat: CardFormat {
    public init() {}

    public let descriptor = FormatDescriptor(
        id: "buku", extensions: ["json", "md"], mediaType: "text/markdown",
        reads: [.bookmark], writes: [.bookmark],
        summary: "buku: reads buku -p -j JSON and its Markdown, writes Markdown for buku --import")

    public func sniff(_ prefix: [UInt8]) -> SniffResult {
        let shape = JSONPrefix(prefix)
        // `buku -p -j` prints an array; `buku -p N -j` one object.
        if shape.opening == 0x5B || shape.opening == 0x7B {
            guard shape.has("uri"), !shape.has("typeCode") else { return .no }
            return shape.has("tags") || shape.has("index") ? .certain : (shape.opening == 0x5B ? .possible : .no)
        }
        return BukuMarkdownReader.sniff(prefix)
    }

    public func makeReader(_ input: ByteInput, options: ReadOptions) throws(CardportError) -> any RecordReader {
        let start = try input.peek(upTo: 4096).drop { $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }
        // buku's Markdown lines start with `- `, so text that opens like JSON is read as JSON even
        // when it is damaged: it then fails with the JSON error instead of passing as Markdown.
        let isJSON = start.first == 0x7B || start.first == 0x5B
        guard isJSON else { return BukuMarkdownReader(input: input, limits: options.limits) }
        return JSONObjectListReader(input: input, limits: options.limits, what: "a bookmark") { (object, decoder, _) throws(CardportError) in
            .bookmark(try BukuFormat.bookmark(from: object, decoder: decoder))
        }
    }

    public func makeWriter(_ output: ByteOutput, options: WriteOptions) throws(CardportError) -> any RecordWriter {
        BukuMarkdownWriter(output: output)
    }

    /// The `extras` key that holds buku's index of a bookmark.
    public static let indexKey = "buku_index"

    static func bookmark(from object: JSONObject, decoder: RecordJSONDecoder) throws(CardportError) -> Bookmark {
        var uri: String?, title: String?, tags: [String] = []
        var extras: [String: String] = [:]
        for member in object.members {
            switch member.key {
            case "uri": uri = try decoder.string(member)
            case "title": title = try decoder.optionalString(member)
            case "tags": tags = BookmarkTagList.split(try decoder.optionalString(member) ?? "")
            case "description":
                if let text = try decoder.optionalString(member), !text.isEmpty { extras["description"] = text }
            case "index": extras[indexKey] = decoder.extraValue(member.value)
            default: extras[member.key] = decoder.extraValue(member.value)
            }
        }
        guard let uri else {
            throw decoder.fail("a buku bookmark needs a \"uri\"", at: object.offset,
                               hint: "print with buku -p -j (or a -f field set that includes the URL)")
        }
        return Bookmark(name: title, text: uri, tags: tags, extras: extras)
    }
}
