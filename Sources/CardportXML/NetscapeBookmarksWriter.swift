import CardportCore

/// Writes bookmarks as a Netscape bookmark file, the form Firefox, Chrome, Safari and buku import.
///
/// The list is flat: tags go in `TAGS` (Firefox and buku read them; Chrome ignores them), the
/// `description` extra in a `<DD>`, dates in `ADD_DATE`/`LAST_MODIFIED` as whole seconds since 1970,
/// other extras as upper-case attributes.
final class NetscapeBookmarksWriter: RecordWriter {
    private var document: MarkupDocument
    private(set) var losses = LossReport()

    private static let reservedExtras: Set<String> = ["href", "add_date", "last_modified", "tags", "description"]

    private static let opening: StaticString = """
        <!DOCTYPE NETSCAPE-Bookmark-file-1>
        <!-- This is an automatically generated file.
             It will be read and overwritten.
             DO NOT EDIT! -->
        <META HTTP-EQUIV="Content-Type" CONTENT="text/html; charset=UTF-8">
        <TITLE>Bookmarks</TITLE>
        <H1>Bookmarks</H1>
        <DL><p>

        """
    private static let closing: StaticString = "</DL><p>\n"

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
        document.buffer.raw("    <DT><A")
        clean = document.buffer.attribute("HREF", bookmark.text) && clean
        if let created = seconds(bookmark.createdAt, field: "created_at") { document.buffer.attribute("ADD_DATE", created) }
        if let modified = seconds(bookmark.updatedAt, field: "updated_at") { document.buffer.attribute("LAST_MODIFIED", modified) }
        if !bookmark.tags.isEmpty {
            let (text, lost) = TagList.join(bookmark.tags)
            if lost > 0 { losses.dropField("tags", of: .bookmark, count: lost) }
            if !text.isEmpty { clean = document.buffer.attribute("TAGS", text) && clean }
        }
        for key in bookmark.extras.keys.sorted() where !NetscapeBookmarksWriter.reservedExtras.contains(key) {
            // HTML attribute names have no case, so only lower-case names come back as they were.
            guard MarkupBuffer.isName(key), key == key.lowercased() else {
                losses.dropField("extras", of: .bookmark)
                continue
            }
            clean = document.buffer.attribute(named: key.uppercased(), bookmark.extras[key]!) && clean
        }
        if bookmark.id != RecordID.bookmark(text: bookmark.text) { losses.dropField("id", of: .bookmark) }
        document.buffer.raw(">")
        clean = document.buffer.text(bookmark.name ?? bookmark.text) && clean
        document.buffer.raw("</A>\n")
        if let description = bookmark.extras["description"] {
            document.buffer.raw("    <DD>")
            clean = document.buffer.text(description) && clean
            document.buffer.raw("\n")
        }
        if !clean { losses.dropField("characters", of: .bookmark) }
        try document.flush()
    }

    func finish() throws(CardportError) {
        try document.end()
    }

    /// Whole seconds since 1970, or `nil` (counted as lost) for a date before 1970; counted too when
    /// the date reads back otherwise (UTC, whole seconds): a fraction, another zone, a day alone.
    private func seconds(_ timestamp: Timestamp?, field: String) -> String? {
        guard let timestamp else { return nil }
        guard timestamp.secondsSince1970 > 0 else {
            losses.dropField(field, of: .bookmark)
            return nil
        }
        if Timestamp(secondsSince1970: timestamp.secondsSince1970) != timestamp { losses.dropField(field, of: .bookmark) }
        return String(timestamp.secondsSince1970)
    }
}
