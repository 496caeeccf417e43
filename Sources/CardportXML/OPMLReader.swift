import CardportCore

/// Turns the outlines of an OPML 2.0 document into bookmarks, citations and topics as the parse
/// streams by (see Formats.md, "OPML", for the whole mapping).
///
/// - An outline of type `link` or `rss`, or with a `url`, `htmlUrl` or `xmlUrl`, is a bookmark.
/// - An outline of type `quote` (or `citation`) is a citation.
/// - An outline of type `topic`, or an untyped one with `status`, `due`, `_note` or `_complete`, or an
///   untyped one with no children, is a topic; every outline inside it is a link (when it is a
///   bookmark outline) or a question.
/// - Any other untyped outline with children is a folder: its `text` is a tag of the bookmarks and
///   citations inside it (``ReadOptions/foldersAsTags``).
///
/// Attributes the mapping does not name are kept in the record's `extras`, and written back.
final class OPMLReader: XMLEventHandler {
    let queue = RecordQueue()
    private(set) var leftOut: [String: Int] = [:]
    private let foldersAsTags: FoldersAsTags

    private enum Frame {
        /// An element that is not an outline, or an outline whose record was emitted at its start.
        case other
        /// An untyped outline not yet known to be a folder or a topic: its first child decides.
        case undecided([XMLAttribute])
        /// A folder of bookmarks, with its name (when it has one).
        case folder(String?)
        /// A topic being collected; emitted when it closes.
        case topic(Topic)
        /// An outline inside a topic (links and questions are collected into the topic).
        case insideTopic
        /// An outline whose record was rejected; what is inside it is skipped.
        case rejected
    }

    private var frames: [Frame] = []
    private var folders: [String] = []
    private var inBody = false

    init(foldersAsTags: FoldersAsTags) {
        self.foldersAsTags = foldersAsTags
    }

    func start(_ name: String, attributes: [XMLAttribute]) throws(CardportError) {
        if frames.isEmpty, name != "opml" {
            throw CardportError(.malformedInput, "the document is not OPML: its root element is <\(name)>, not <opml>",
                                hint: "pass --from with the input's format")
        }
        if name == "body", frames.count == 1 { inBody = true }
        guard inBody, name == "outline" else {
            frames.append(.other)
            return
        }
        try settleParent()
        if frames.contains(where: { if case .rejected = $0 { return true } else { return false } }) {
            frames.append(.rejected)
            return
        }
        if let topicIndex = frames.lastIndex(where: { if case .topic = $0 { return true } else { return false } }) {
            addToTopic(at: topicIndex, attributes)
            frames.append(.insideTopic)
            return
        }
        do {
            try open(attributes)
        } catch {
            frames.append(.rejected)
            throw error
        }
    }

    func end(_ name: String) throws(CardportError) {
        guard let frame = frames.popLast() else { return }
        switch frame {
        case .undecided(let attributes):
            queue.append(.topic(try topic(from: attributes)))
        case .folder(let name):
            if name != nil { folders.removeLast() }
        case .topic(let topic):
            queue.append(.topic(topic))
        case .other where name == "body":
            inBody = false
        case .other, .insideTopic, .rejected:
            break
        }
    }

    func text(_ bytes: UnsafeBufferPointer<UInt8>) {}

    // MARK: Outlines

    /// A child has appeared inside an undecided outline: the outline is a folder.
    private func settleParent() throws(CardportError) {
        guard case .undecided(let attributes) = frames.last else { return }
        let name = attributes[named: "text"] ?? attributes[named: "title"]
        frames[frames.count - 1] = .folder(name)
        if let name { folders.append(name) }
    }

    private func open(_ attributes: [XMLAttribute]) throws(CardportError) {
        let type = attributes[named: "type"]?.lowercased()
        if type == "link" || type == "rss" || attributes[named: "url"] != nil || attributes[named: "xmlUrl"] != nil
            || attributes[named: "htmlUrl"] != nil {
            queue.append(.bookmark(try bookmark(from: attributes, isFeed: type == "rss")))
            frames.append(.other)
        } else if type == "quote" || type == "citation" {
            queue.append(.citation(try citation(from: attributes)))
            frames.append(.other)
        } else if type == "topic" || OPMLReader.topicMarkers.contains(where: { attributes[named: $0] != nil }) {
            frames.append(.topic(try topic(from: attributes)))
        } else if type == nil || type == "" {
            frames.append(.undecided(attributes))
        } else {
            leftOut["outline of type '\(type!)'", default: 0] += 1
            frames.append(.rejected)
        }
    }

    private static let topicMarkers = ["status", "due", "_note", "_complete"]

    private func addToTopic(at index: Int, _ attributes: [XMLAttribute]) {
        guard case .topic(var topic) = frames[index] else { return }
        let type = attributes[named: "type"]?.lowercased()
        let text = attributes[named: "text"] ?? ""
        if type == "link" || attributes[named: "url"] != nil {
            topic.links.append(attributes[named: "url"] ?? text)
        } else {
            let done = OPMLReader.flag(attributes[named: "_complete"]) || OPMLReader.flag(attributes[named: "done"])
            topic.questions.append(Question(text: text, answer: attributes[named: "answer"] ?? attributes[named: "_note"],
                                            isDone: done))
        }
        frames[index] = .topic(topic)
    }

    // MARK: Records

    private static let bookmarkKeys: Set<String> = ["text", "title", "type", "url", "htmlUrl", "category", "created", "modified", "id"]
    private static let citationKeys: Set<String> = ["text", "type", "author", "source", "category", "favourite", "favorite",
                                                    "archived", "_note", "location", "created", "modified", "id"]
    private static let topicKeys: Set<String> = ["text", "type", "status", "due", "_note", "_complete", "created", "modified", "id"]

    private func bookmark(from attributes: [XMLAttribute], isFeed: Bool) throws(CardportError) -> Bookmark {
        let feed = attributes[named: "xmlUrl"]
        let url = attributes[named: "url"] ?? attributes[named: "htmlUrl"] ?? feed ?? attributes[named: "text"] ?? ""
        var name = attributes[named: "title"] ?? attributes[named: "text"]
        if name == url { name = nil }
        var tags = TagList.split(attributes[named: "category"] ?? "", stripSlash: true)
        tags = TagList.adding(folders: folders, to: tags, as: foldersAsTags)
        return Bookmark(id: attributes[named: "id"], name: name, text: url, tags: tags,
                        createdAt: try date(attributes, "created"), updatedAt: try date(attributes, "modified"),
                        extras: extras(attributes, known: OPMLReader.bookmarkKeys))
    }

    private func citation(from attributes: [XMLAttribute]) throws(CardportError) -> Citation {
        var tags = TagList.split(attributes[named: "category"] ?? "", stripSlash: true)
        tags = TagList.adding(folders: folders, to: tags, as: foldersAsTags)
        var location: CitationLocation?
        if let written = attributes[named: "location"] {
            guard let parsed = CitationLocation(parsing: written) else {
                throw CardportError(.invalidValue, "'\(written)' is not a citation location",
                                    hint: "write it as 'page 12', 'location 100-120' or both, separated by a comma",
                                    isRecoverable: true)
            }
            location = parsed
        }
        return Citation(id: attributes[named: "id"], text: attributes[named: "text"] ?? "",
                        author: attributes[named: "author"], source: attributes[named: "source"], tags: tags,
                        isFavourite: OPMLReader.flag(attributes[named: "favourite"] ?? attributes[named: "favorite"]),
                        isArchived: OPMLReader.flag(attributes[named: "archived"]),
                        createdAt: try date(attributes, "created"), updatedAt: try date(attributes, "modified"),
                        note: attributes[named: "_note"], location: location,
                        extras: extras(attributes, known: OPMLReader.citationKeys))
    }

    private func topic(from attributes: [XMLAttribute]) throws(CardportError) -> Topic {
        var status = Topic.Status.unstarted
        if let written = attributes[named: "status"] {
            guard let parsed = Topic.Status.allCases.first(where: { $0.rawValue.caseInsensitiveEquals(written) }) else {
                throw CardportError(.invalidValue, "'\(written)' is not a topic status",
                                    hint: "use one of: \(Topic.Status.allCases.map(\.rawValue).joined(separator: ", "))",
                                    isRecoverable: true)
            }
            status = parsed
        } else if OPMLReader.flag(attributes[named: "_complete"]) {
            status = .done
        }
        var extras = extras(attributes, known: OPMLReader.topicKeys)
        if attributes[named: "status"] != nil, let complete = attributes[named: "_complete"] { extras["_complete"] = complete }
        return Topic(id: attributes[named: "id"], title: attributes[named: "text"] ?? "",
                     dueDate: try date(attributes, "due"), status: status, notes: attributes[named: "_note"],
                     createdAt: try date(attributes, "created"), updatedAt: try date(attributes, "modified"),
                     extras: extras)
    }

    private func date(_ attributes: [XMLAttribute], _ name: String) throws(CardportError) -> Timestamp? {
        guard let written = attributes[named: name], !written.trimmingSpaces.isEmpty else { return nil }
        guard let parsed = RFC822Date.parseLenient(written) else {
            throw CardportError(.invalidValue, "'\(written)' in '\(name)' is not a date",
                                hint: "OPML dates are RFC 822 ('Sat, 05 Mar 2023 22:15:42 GMT'); ISO 8601 is accepted too",
                                isRecoverable: true)
        }
        return parsed
    }

    private func extras(_ attributes: [XMLAttribute], known: Set<String>) -> [String: String] {
        var extras: [String: String] = [:]
        for attribute in attributes where !known.contains(attribute.name) { extras[attribute.name] = attribute.value }
        return extras
    }

    /// `true`, `yes` and `1` (any case) are true; anything else is false.
    static func flag(_ value: String?) -> Bool {
        guard let value = value?.trimmingSpaces.lowercased() else { return false }
        return value == "true" || value == "yes" || value == "1"
    }
}
