public import CardportCore

/// calibre's highlights export: the e-book viewer's "Export" in the "calibre highlights" format,
/// `{"type": "calibre_highlights", "version": 1, "highlights": […]}`.
///
/// Each highlight becomes a citation: its text, note, date, chapter, colour or style, and a position
/// built from its CFI; its `uuid` is the source id. Highlights marked `removed` (what the viewer
/// keeps of a deleted one, so a sync can delete it elsewhere) are counted and skipped. The export
/// holds no title or author. The format is read only.
public struct CalibreFormat: CardFormat {
    public init() {}

    public let descriptor = FormatDescriptor(
        id: "calibre", aliases: ["calibre-highlights"], extensions: ["calibre_highlights", "json"],
        mediaType: "application/json", reads: [.citation], writes: [],
        summary: "calibre's highlights export (the e-book viewer's \"calibre highlights\" JSON)")

    /// The `extras` keys of a citation read from an e-reader: the same names for every e-reader format.
    public enum ExtrasKey {
        /// The chapter, as the table of contents nests it (`Part One / Chapter 3`).
        public static let chapter = "chapter"
        /// A highlight colour (`yellow`, or a custom `#ffcc00`).
        public static let colour = "colour"
        /// A highlight drawn as a line (`underline`, `strikeout`, `wavy`).
        public static let style = "style"
        /// Where it starts: an EPUB CFI (`epubcfi(/6/8!/4/2/1:10)`).
        public static let position = "position"
        /// Where it ends.
        public static let positionEnd = "position_end"
        /// calibre's `uuid` of the highlight.
        public static let sourceID = "source_id"
    }

    /// Certain for an object whose `"type"` is `"calibre_highlights"`.
    public func sniff(_ prefix: [UInt8]) -> SniffResult {
        let text = String(decoding: prefix.prefix(4096), as: UTF8.self)
        guard text.drop(while: \.isWhitespace).first == "{" else { return .no }
        return text.contains("\"calibre_highlights\"") ? .certain : .no
    }

    public func makeReader(_ input: ByteInput, options: ReadOptions) throws(CardportError) -> any RecordReader {
        CalibreReader(input: input)
    }

    /// calibre's export is read only; the writer writes nothing and refuses records.
    public func makeWriter(_ output: ByteOutput, options: WriteOptions) throws(CardportError) -> any RecordWriter {
        ReadOnlyFormatWriter(format: descriptor.id)
    }
}
