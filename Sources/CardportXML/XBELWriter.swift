import CardportCore

/// Writes bookmarks as an XBEL 1.0 document, one `<bookmark>` at a time, flat (tags, not folders).
///
/// Tags and the extras that have no XBEL element go into `<info><metadata owner="…">` (owner
/// ``XBELFormat/metadataOwner``) as `<tag>` and `<extra name="…">` elements; the `description` extra
/// is the `<desc>`. Dates are ISO 8601 as written.
final class XBELWriter: RecordWriter {
    private let output: ByteOutput
    private var buffer = MarkupBuffer()
    private var hasStarted = false
    private(set) var losses = LossReport()

    init(output: ByteOutput) {
        self.output = output
    }

    func write(_ record: Record) throws(CardportError) {
        startIfNeeded()
        guard case .bookmark(let bookmark) = record else {
            losses.dropRecord(of: record.kind)
            return
        }
        var clean = true
        buffer.raw("  <bookmark")
        clean = buffer.attribute("href", bookmark.text) && clean
        if let added = bookmark.createdAt { buffer.attribute("added", added.iso8601) }
        if let modified = bookmark.updatedAt { buffer.attribute("modified", modified.iso8601) }
        if bookmark.id != RecordID.bookmark(text: bookmark.text) { clean = buffer.attribute("id", bookmark.id) && clean }
        buffer.raw(">\n")
        if let name = bookmark.name {
            buffer.raw("    <title>")
            clean = buffer.text(name) && clean
            buffer.raw("</title>\n")
        }
        let extras = bookmark.extras.filter { $0.key != "description" }
        if !bookmark.tags.isEmpty || !extras.isEmpty {
            buffer.raw("    <info>\n      <metadata owner=\"")
            buffer.plain(XBELFormat.metadataOwner)
            buffer.raw("\">\n")
            for tag in bookmark.tags {
                buffer.raw("        <tag>")
                clean = buffer.text(tag) && clean
                buffer.raw("</tag>\n")
            }
            for key in extras.keys.sorted() {
                buffer.raw("        <extra")
                clean = buffer.attribute("name", key) && clean
                buffer.raw(">")
                clean = buffer.text(extras[key]!) && clean
                buffer.raw("</extra>\n")
            }
            buffer.raw("      </metadata>\n    </info>\n")
        }
        if let description = bookmark.extras["description"] {
            buffer.raw("    <desc>")
            clean = buffer.text(description) && clean
            buffer.raw("</desc>\n")
        }
        buffer.raw("  </bookmark>\n")
        if !clean { losses.dropField("characters", of: .bookmark) }
        try buffer.flush(to: output)
    }

    func finish() throws(CardportError) {
        startIfNeeded()
        buffer.raw("</xbel>\n")
        try buffer.flush(to: output, threshold: 0)
        try output.flush()
    }

    private func startIfNeeded() {
        guard !hasStarted else { return }
        hasStarted = true
        buffer.raw("""
            <?xml version="1.0" encoding="UTF-8"?>
            <!DOCTYPE xbel PUBLIC "+//IDN python.org//DTD XML Bookmark Exchange Language 1.0//EN//XML" "http://pyxml.sourceforge.net/topics/dtds/xbel.dtd">
            <xbel version="1.0">

            """)
    }
}
