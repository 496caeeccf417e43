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
    private(set) var notes = ReaderNotes()
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
    /// Where the open topic is in `frames` (topics do not nest: what is inside one is its links and questions).
    private var topicIndex: Int?
    /// How many open outlines are rejected ones; inside them everything is skipped.
    private var rejectedDepth = 0
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
        if rejectedDepth > 0 {
            frames.append(.rejected)
            rejectedDepth += 1
            return
        }
        if let topicIndex {
            addToTopic(at: topicIndex, attributes)
            frames.append(.insideTopic)
            return
        }
        do {
            try open(attributes)
        } catch {
            frames.append(.rejected)
            rejectedDepth += 1
            throw error
        }
        if case .topic = frames.last { topicIndex = frames.count - 1 }
        if case .rejected = frames.last, rejectedDepth == 0 { rejectedDepth = 1 }
    }

    func end(_ name: String) throws(CardportError) {
        guard let frame = frames.popLast() else { return }
        switch frame {
        case .undecided(let attributes):
            queue.append(.topic(try topic(from: attributes)))
        case .folder(let name):
            if name != nil { folders.removeLast() }
        case .topic(let topic):
            topicIndex = nil
            queue.append(.topic(topic))
        case .rejected:
            rejectedDepth -= 1
        case .other where name == "body":
            inBody = false
        case .other, .insideTopic:
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
        var type: String?
        var hasLink = false
        var hasTopicMarker = false
        for attribute in attributes {
            switch attribute.name {
            case "type": type = attribute.value.lowercased()
            case "url", "xmlUrl", "htmlUrl": hasLink = true
            case "status", "due", "_note", "_complete": hasTopicMarker = true
            default: break
            }
        }
        if type == "link" || type == "rss" || hasLink {
            queue.append(.bookmark(try bookmark(from: attributes)))
            frames.append(.other)
        } else if type == "quote" || type == "citation" {
            queue.append(.citation(try citation(from: attributes)))
            frames.append(.other)
        } else if type == "topic" || (hasTopicMarker && (type == nil || type == "")) {
            frames.append(.topic(try topic(from: attributes)))
        } else if type == nil || type == "" {
            frames.append(.undecided(attributes))
        } else {
            notes.count("outlines of type '\(type!)' skipped")
            frames.append(.rejected)
        }
    }

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

    private static let citationKeys: Set<String> = ["text", "type", "author", "source", "category", "favourite", "favorite",
                                                    "archived", "_note", "location", "chapter", "colour", "position",
                                                    "source_id", "created", "modified", "id"]
    private static let topicKeys: Set<String> = ["text", "type", "status", "due", "_note", "_complete", "created", "modified", "id"]

    /// The bookmark of a link or feed outline, its attributes read in one pass (this is the hot path
    /// of a large feed list or bookmark export).
    private func bookmark(from attributes: [XMLAttribute]) throws(CardportError) -> Bookmark {
        var url: String?, htmlURL: String?, feed: String?, text: String?, title: String?
        var category: String?, created: String?, modified: String?, id: String?
        var extras: [String: String] = [:]
        for attribute in attributes {
            switch attribute.name {
            case "url": url = attribute.value
            case "htmlUrl": htmlURL = attribute.value
            case "xmlUrl":
                feed = attribute.value
                extras["xmlUrl"] = attribute.value
            case "text": text = attribute.value
            case "title": title = attribute.value
            case "category": category = attribute.value
            case "created": created = attribute.value
            case "modified": modified = attribute.value
            case "id": id = attribute.value
            case "type": break
            default: extras[attribute.name] = attribute.value
            }
        }
        let link = url ?? htmlURL ?? feed ?? text ?? ""
        var name = title ?? text
        if name == link { name = nil }
        var tags = category.map { TagList.split($0, stripSlash: true) } ?? []
        tags = foldersAsTags.tags(tags, inFolders: folders)
        return Bookmark(id: id, name: name, text: link, tags: tags,
                        createdAt: try date(created, "created"), updatedAt: try date(modified, "modified"),
                        extras: extras)
    }

    private func citation(from attributes: [XMLAttribute]) throws(CardportError) -> Citation {
        var tags = TagList.split(attributes[named: "category"] ?? "", stripSlash: true)
        tags = foldersAsTags.tags(tags, inFolders: folders)
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
                        note: attributes[named: "_note"], location: location, chapter: attributes[named: "chapter"],
                        colour: attributes[named: "colour"], position: attributes[named: "position"],
                        sourceID: attributes[named: "source_id"], extras: extras(attributes, known: OPMLReader.citationKeys))
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
        try date(attributes[named: name], name)
    }

    private func date(_ written: String?, _ name: String) throws(CardportError) -> Timestamp? {
        guard let written, !written.trimmingSpaces.isEmpty else { return nil }
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
