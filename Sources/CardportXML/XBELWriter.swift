import CardportCore

/// Writes bookmarks as an XBEL 1.0 document, one `<bookmark>` at a time, flat (tags, not folders).
///
/// Tags and the extras that have no XBEL element go into `<info><metadata owner="…">` (owner
/// ``XBELFormat/metadataOwner``) as `<tag>` and `<extra name="…">` elements; the `description` extra
/// is the `<desc>`. Dates are ISO 8601 as written.
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
        document.buffer.raw(">\n")
        if let name = bookmark.name {
            document.buffer.raw("    <title>")
            clean = document.buffer.text(name) && clean
            document.buffer.raw("</title>\n")
        }
        let extras = bookmark.extras.filter { $0.key != "description" }
        if !bookmark.tags.isEmpty || !extras.isEmpty {
            document.buffer.raw("    <info>\n      <metadata owner=\"")
            document.buffer.plain(XBELFormat.metadataOwner)
            document.buffer.raw("\">\n")
            for tag in bookmark.tags {
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
