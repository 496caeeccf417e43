public import CardportCore

/// KOReader's highlights: the per-book sidecar `<book>.sdr/metadata.<ext>.lua` in both of its
/// layouts, and the exporter plugin's JSON.
///
/// A sidecar is read as data by a parser of Lua's table-literal subset (``KOReaderParser``); nothing
/// in it is run. Highlights become citations with the book's title and authors, notes on them
/// become the citation's note, page bookmarks are counted and skipped, and the generated
/// `Page N … @ date` text of the legacy layout is never taken as a note. Each citation's id comes
/// from the book's KOReader checksum and the highlight's creation time, so reading the same
/// highlight again gives the same id. A folder given as input is searched for sidecars
/// (``FormatDescriptor/folderFiles``). The format is read only.
public struct KOReaderFormat: CardFormat {
    public init() {}

    public let descriptor = FormatDescriptor(
        id: "koreader", aliases: ["koreader-sidecar"], extensions: ["lua", "json"],
        mediaType: "text/x-lua", reads: [.citation], writes: [],
        summary: "KOReader highlights: book sidecars (metadata.*.lua), a .sdr or device folder, its JSON export",
        folderFiles: ["metadata.*.lua"])

    /// The `extras` keys of a KOReader citation, for what the model has no field for. The chapter,
    /// colour, start position (an XPointer, a PDF page and point) and the highlight's id (the
    /// book's key and the highlight's date) are the citation's own fields.
    public enum ExtrasKey {
        /// The highlight's style as KOReader names it (the drawer: `lighten`, `underscore`,
        /// `strikeout`, `invert`); the citation's colour says `underline`, `strikeout` or `invert`
        /// when the highlight has no colour of its own.
        public static let style = "style"
        /// Where it ends, when that differs from where it starts.
        public static let positionEnd = "position_end"
        /// `note` for a note on a page bookmark (the citation's text is the note).
        public static let type = "type"
        /// The creation date as written, when it could not be read.
        public static let date = "date"
    }

    /// Certain for a sidecar (`return {` after any comments, with a KOReader key in the first bytes)
    /// and for the exporter's JSON (`"version": "json/…"`); possible for any other table literal.
    public func sniff(_ prefix: [UInt8]) -> SniffResult {
        var index = 0
        while index < prefix.count {
            let byte = prefix[index]
            if byte == 0x20 || (0x09...0x0D).contains(byte) {
                index += 1
            } else if byte == UInt8(ascii: "-"), index + 1 < prefix.count, prefix[index + 1] == UInt8(ascii: "-") {
                while index < prefix.count, prefix[index] != 0x0A { index += 1 }
            } else {
                break
            }
        }
        let rest = prefix[index...]
        func contains(_ text: String) -> Bool {
            let needle = Array(text.utf8)
            guard rest.count >= needle.count else { return false }
            return rest.indices.dropLast(needle.count - 1).contains { rest[$0..<$0 + needle.count].elementsEqual(needle) }
        }
        if rest.first == UInt8(ascii: "{") {
            return contains("\"version\"") && contains("\"json/") && (contains("\"entries\"") || contains("\"documents\""))
                ? .certain : .no
        }
        guard rest.starts(with: Array("return".utf8)) else { return .no }
        let known = ["[\"annotations\"]", "[\"bookmarks\"]", "[\"doc_props\"]", "[\"highlight\"]", "[\"doc_path\"]",
                     "[\"cre_dom_version\"]", "[\"percent_finished\"]", "[\"summary\"]", "[\"stats\"]"]
        return known.contains(where: contains) ? .certain : .possible
    }

    public func makeReader(_ input: ByteInput, options: ReadOptions) throws(CardportError) -> any RecordReader {
        KOReaderReader(input: input, limits: options.limits)
    }

    /// KOReader's files are read only; the writer writes nothing and refuses records.
    public func makeWriter(_ output: ByteOutput, options: WriteOptions) throws(CardportError) -> any RecordWriter {
        ReadOnlyFormatWriter(format: descriptor.id)
    }
}
