import CardportCore

/// Writes bookmarks as an XBEL 1.0 document, one `<bookmark>` at a time, flat (tags, not folders).
///
/// Tags go into a comma-separated `TAGS` attribute, which buku imports and writes. When a tag
/// cannot be in such a list (it has a comma, or spaces at either end), every tag is also written,
/// in order, as a `<tag>` in `<info><metadata owner="…">` (owner ``XBELFormat/metadataOwner``),
/// which the reader then takes instead; the extras that have no XBEL element go there too, as
/// `<extra name="…">` elements. The `description` extra is the `<desc>`. Every bookmark has a
/// `<title>`, empty when it has no name, because buku's importer fails on a bookmark without one.
/// Dates are ISO 8601 as written.
final class XBELWriter: RecordWriter {
    private var document: MarkupDocument
    private(set) var losses = LossReport()

    private static let opening: StaticString = """
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE xbel PUBLIC "+//IDN python.org//DTD XML Bookmark Exchange Language 1.0//EN//XML" "http://pyxml.sourceforge.net/topics/dtds/xbel.dtd">
        <xbel version="1.0">

        """
    private static let closing: StaticString = "</xbel>\n"

    init(output: ByteOutput) {
        document = MarkupDocument(output: output, opening: Self.opening, closing: Self.closing)
    }

    func write(_ record: Record) throws(CardportError) {
        document.begin()
        guard case .bookmark(let bookmark) = record else {
            losses.dropRecord(of: record.kind)
            return
        }
        var clean = true
        document.buffer.raw("  <bookmark")
        clean = document.buffer.attribute("href", bookmark.text) && clean
        if let added = bookmark.createdAt { document.buffer.attribute("added") { added.appendISO8601(to: &$0) } }
        if let modified = bookmark.updatedAt { document.buffer.attribute("modified") { modified.appendISO8601(to: &$0) } }
        if bookmark.id != RecordID.bookmark(text: bookmark.text) { clean = document.buffer.attribute("id", bookmark.id) && clean }
        let listed = TagList.join(bookmark.tags).text
        if !listed.isEmpty { clean = document.buffer.attribute("TAGS", listed) && clean }
        document.buffer.raw(">\n    <title>")
        clean = document.buffer.text(bookmark.name ?? "") && clean
        document.buffer.raw("</title>\n")
        // When a tag cannot be in the list, the metadata holds them all, in order.
        let unlisted = TagList.join(bookmark.tags).lost > 0 ? bookmark.tags : []
        let extras = bookmark.extras.filter { $0.key != "description" }
        if !unlisted.isEmpty || !extras.isEmpty {
            document.buffer.raw("    <info>\n      <metadata owner=\"")
            document.buffer.plain(XBELFormat.metadataOwner)
            document.buffer.raw("\">\n")
            for tag in unlisted {
                document.buffer.raw("        <tag>")
                clean = document.buffer.text(tag) && clean
                document.buffer.raw("</tag>\n")
            }
            for key in extras.keys.sorted() {
                document.buffer.raw("        <extra")
                clean = document.buffer.attribute("name", key) && clean
                document.buffer.raw(">")
                clean = document.buffer.text(extras[key]!) && clean
                document.buffer.raw("</extra>\n")
            }
            document.buffer.raw("      </metadata>\n    </info>\n")
        }
        if let description = bookmark.extras["description"] {
            document.buffer.raw("    <desc>")
            clean = document.buffer.text(description) && clean
            document.buffer.raw("</desc>\n")
        }
        document.buffer.raw("  </bookmark>\n")
        if !clean { losses.dropField("characters", of: .bookmark) }
        try document.flush()
    }

    func finish() throws(CardportError) {
        try document.end()
    }
}
