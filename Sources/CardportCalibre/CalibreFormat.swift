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

    /// The `extras` keys of a calibre citation, for what the model has no field for. The chapter
    /// (the table of contents' titles, `Part One / Chapter 3`), the colour (`yellow`, a custom
    /// `#ffcc00`, or a line's style: `underline`, `strikeout`, `wavy`), the start as an EPUB CFI
    /// and calibre's `uuid` are the citation's own fields.
    public enum ExtrasKey {
        /// Where the highlight ends, as an EPUB CFI.
        public static let positionEnd = "position_end"
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
