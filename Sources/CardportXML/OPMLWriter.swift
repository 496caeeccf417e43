import CardportCore

/// Writes bookmarks, citations and topics as top-level outlines of an OPML 2.0 document, one at a
/// time (nothing is held back but the closing tags).
///
/// Bookmarks are `type="link"` outlines (`type="rss"` when they came from a feed list, i.e. carry an
/// `xmlUrl` extra), citations `type="quote"`, topics `type="topic"` with their links and questions as
/// child outlines. Dates are RFC 822 when that holds them exactly, else ISO 8601 (see ``RFC822Date``).
final class OPMLWriter: RecordWriter {
    private var document: MarkupDocument
    private(set) var losses = LossReport()

    private static let opening: StaticString = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<opml version=\"2.0\">\n  <head>\n    <title>Cardport export</title>\n  </head>\n  <body>\n"
    private static let closing: StaticString = "  </body>\n</opml>\n"

    init(output: ByteOutput) {
        document = MarkupDocument(output: output, opening: Self.opening, closing: Self.closing)
    }

    func write(_ record: Record) throws(CardportError) {
        document.begin()
        switch record {
        case .bookmark(let bookmark): write(bookmark)
        case .citation(let citation): write(citation)
        case .topic(let topic): write(topic)
        case .settings, .tag, .task: losses.dropRecord(of: record.kind)
        }
        try document.flush()
    }

    func finish() throws(CardportError) {
        try document.end()
    }


    private static let bookmarkKeys: Set<String> = ["text", "title", "type", "url", "htmlUrl", "xmlUrl", "category", "created", "modified", "id"]
    private static let citationKeys: Set<String> = ["text", "type", "author", "source", "category", "favourite", "favorite",
                                                    "archived", "_note", "location", "chapter", "colour", "position",
                                                    "source_id", "created", "modified", "id"]
    private static let topicKeys: Set<String> = ["text", "type", "status", "due", "_note", "created", "modified", "id"]

    private func write(_ bookmark: Bookmark) {
        var clean = true
        document.buffer.raw("    <outline")
        if let feed = bookmark.extras["xmlUrl"] {
            document.buffer.attribute("type", "rss")
            clean = document.buffer.attribute("text", bookmark.name ?? bookmark.text) && clean
            clean = document.buffer.attribute("xmlUrl", feed) && clean
            if bookmark.text != feed { clean = document.buffer.attribute("htmlUrl", bookmark.text) && clean }
        } else {
            document.buffer.attribute("type", "link")
            clean = document.buffer.attribute("text", bookmark.name ?? bookmark.text) && clean
            clean = document.buffer.attribute("url", bookmark.text) && clean
        }
        clean = category(bookmark.tags, of: .bookmark) && clean
        dates(bookmark.createdAt, bookmark.updatedAt)
        if bookmark.id != RecordID.bookmark(text: bookmark.text) { clean = document.buffer.attribute("id", bookmark.id) && clean }
        clean = extras(bookmark.extras, known: OPMLWriter.bookmarkKeys, of: .bookmark) && clean
        document.buffer.raw("/>\n")
        if !clean { losses.dropField("characters", of: .bookmark) }
    }

    private func write(_ citation: Citation) {
        var clean = true
        document.buffer.raw("    <outline")
        document.buffer.attribute("type", "quote")
        clean = document.buffer.attribute("text", citation.text) && clean
        if let author = citation.author { clean = document.buffer.attribute("author", author) && clean }
        if let source = citation.source { clean = document.buffer.attribute("source", source) && clean }
        clean = category(citation.tags, of: .citation) && clean
        if citation.isFavourite { document.buffer.attribute("favourite", "true") }
        if citation.isArchived { document.buffer.attribute("archived", "true") }
        if let note = citation.note { clean = document.buffer.attribute("_note", note) && clean }
        if let location = citation.location, !location.isEmpty { clean = document.buffer.attribute("location", location.description) && clean }
        if let chapter = citation.chapter { clean = document.buffer.attribute("chapter", chapter) && clean }
        if let colour = citation.colour { clean = document.buffer.attribute("colour", colour) && clean }
        if let position = citation.position { clean = document.buffer.attribute("position", position) && clean }
        if let sourceID = citation.sourceID { clean = document.buffer.attribute("source_id", sourceID) && clean }
        dates(citation.createdAt, citation.updatedAt)
        if citation.id != RecordID.citation(text: citation.text, author: citation.author, source: citation.source) {
            clean = document.buffer.attribute("id", citation.id) && clean
        }
        clean = extras(citation.extras, known: OPMLWriter.citationKeys, of: .citation) && clean
        document.buffer.raw("/>\n")
        if !clean { losses.dropField("characters", of: .citation) }
    }

    private func write(_ topic: Topic) {
        var clean = true
        document.buffer.raw("    <outline")
        document.buffer.attribute("type", "topic")
        clean = document.buffer.attribute("text", topic.title) && clean
        document.buffer.attribute("status", topic.status.rawValue)
        if let due = topic.dueDate { document.buffer.attribute("due", due.iso8601) }
        if let notes = topic.notes { clean = document.buffer.attribute("_note", notes) && clean }
        dates(topic.createdAt, topic.updatedAt)
        if topic.id != RecordID.topic(title: topic.title) { clean = document.buffer.attribute("id", topic.id) && clean }
        clean = extras(topic.extras, known: OPMLWriter.topicKeys, of: .topic) && clean
        if topic.links.isEmpty && topic.questions.isEmpty {
            document.buffer.raw("/>\n")
        } else {
            document.buffer.raw(">\n")
            for link in topic.links {
                document.buffer.raw("      <outline")
                document.buffer.attribute("type", "link")
                clean = document.buffer.attribute("text", link) && clean
                clean = document.buffer.attribute("url", link) && clean
                document.buffer.raw("/>\n")
            }
            for question in topic.questions {
                document.buffer.raw("      <outline")
                clean = document.buffer.attribute("text", question.text) && clean
                if let answer = question.answer { clean = document.buffer.attribute("answer", answer) && clean }
                if question.isDone { document.buffer.attribute("_complete", "true") }
                document.buffer.raw("/>\n")
            }
            document.buffer.raw("    </outline>\n")
        }
        if !clean { losses.dropField("characters", of: .topic) }
    }

    /// Writes `category`; tags a category list cannot hold are counted as lost.
    private func category(_ tags: [String], of kind: RecordKind) -> Bool {
        guard !tags.isEmpty else { return true }
        let (text, lost) = TagList.join(tags, stripSlash: true)
        if lost > 0 { losses.dropField("tags", of: kind, count: lost) }
        return text.isEmpty ? true : document.buffer.attribute("category", text)
    }

    private func dates(_ created: Timestamp?, _ modified: Timestamp?) {
        if let created { document.buffer.attribute("created") { RFC822Date.appendPreferred(created, to: &$0) } }
        if let modified { document.buffer.attribute("modified") { RFC822Date.appendPreferred(modified, to: &$0) } }
    }

    /// Writes extras as attributes; those whose name is not an attribute name, or is one the mapping
    /// uses, are counted as lost.
    private func extras(_ extras: [String: String], known: Set<String>, of kind: RecordKind) -> Bool {
        var clean = true
        for key in extras.keys.sorted() {
            guard MarkupBuffer.isName(key), !known.contains(key) else {
                losses.dropField("extras", of: kind)
                continue
            }
            clean = document.buffer.attribute(named: key, extras[key]!) && clean
        }
        return clean
    }
}
