public import CardportCore

/// What a document decoder tells the record field mapping: how to read one field's value, and how
/// the document names things in messages. The JSON decoder (`RecordJSONDecoder`) and the YAML one
/// share the mapping itself (the extension below): which field fills which property of a card
/// (``RecordField``), which fields a kind needs, and that unknown fields are kept in `extras`.
///
/// Public and `@inlinable`, though `CardportJSON` is no product, so that `CardportYAML` runs the
/// mapping specialised for its decoder: Swift does not specialise a `package` generic in another
/// module, and the unspecialised mapping copied every YAML pair through value witnesses.
public protocol RecordFieldDecoding {
    /// A record's entry: a JSON member, a YAML mapping pair.
    associatedtype Member
    /// Where an error points: a byte offset in JSON, a node in YAML.
    associatedtype Place

    /// The entry's name as written.
    func name(of member: Member) -> String
    /// Where an error about the entry's name points.
    func namePlace(of member: Member) -> Place
    /// Where an error about the entry's value points.
    func valuePlace(of member: Member) -> Place
    /// A recoverable error at `place`: the record is skipped.
    func fail(_ message: String, at place: Place, hint: String?) -> CardportError

    /// A field's name as messages quote it: `"text"` in JSON, `'text'` in YAML.
    func quoted(_ name: String) -> String
    /// A field as a hint tells to add it: `"text"` in JSON, `'text:'` in YAML.
    func asEntry(_ name: String) -> String
    /// What the document calls an entry: `member` in JSON, `field` in YAML.
    var entryWord: String { get }
    /// Whether the aliases of hand-written lists count: a citation's `title` for its source and
    /// `notes` for its note, and `quote`, `author` or `source` outranking a URL when the kind is
    /// guessed (YAML).
    var takesListAliases: Bool { get }

    func string(_ member: Member) throws(CardportError) -> String
    func optionalString(_ member: Member) throws(CardportError) -> String?
    /// A record's `id`.
    func identifier(_ member: Member) throws(CardportError) -> String?
    func bool(_ member: Member) throws(CardportError) -> Bool
    func timestamp(_ member: Member) throws(CardportError) -> Timestamp?
    func stringList(_ member: Member) throws(CardportError) -> [String]
    func taskProgress(_ member: Member) throws(CardportError) -> TaskProgress
    func topicStatus(_ member: Member) throws(CardportError) -> Topic.Status
    func citationLocation(_ member: Member) throws(CardportError) -> CitationLocation?
    func questionList(_ member: Member) throws(CardportError) -> [Question]
    /// Adds the entries of an `extras` entry to `extras`.
    func mergeExtras(_ member: Member, into extras: inout [String: String]) throws(CardportError)
    /// An unknown entry's value as the text `extras` keeps.
    func extraValue(of member: Member) -> String
}

extension RecordFieldDecoding {
    /// The record `members` make as `kind`; `place` is where an error about the whole record points.
    @inlinable
    public func record(_ kind: RecordKind, _ members: [Member], at place: Place) throws(CardportError) -> Record {
        switch kind {
        case .citation: return .citation(try citation(members, at: place))
        case .bookmark: return .bookmark(try bookmark(members, at: place))
        case .task: return .task(try task(members, at: place))
        case .topic: return .topic(try topic(members, at: place))
        case .tag: return .tag(try tag(members, at: place))
        case .settings: return .settings(try settings(members))
        }
    }

    /// Guesses a kind from field names; the strongest hint wins. A URL makes a bookmark though
    /// bookmarks also have a `text`; with the aliases of hand-written lists, fields only a citation
    /// has (`quote`, `author`, `source`) beat a URL, so a quote with a link stays a citation.
    @inlinable
    public func guessKind(_ names: some Sequence<String>) -> RecordKind? {
        var best: RecordKind?
        var bestRank = Int.max
        for name in names {
            let rank: Int
            let kind: RecordKind
            switch RecordField(name) {
            case .quote where takesListAliases: (rank, kind) = (0, .citation)
            case .author, .source: guard takesListAliases else { continue }; (rank, kind) = (0, .citation)
            case .url: (rank, kind) = (1, .bookmark)
            case .text, .quote: (rank, kind) = (2, .citation)
            case .description, .progress: (rank, kind) = (3, .task)
            case .title, .questions, .status, .due: (rank, kind) = (4, .topic)
            case .appearance, .showFavouriteOnTop, .widgetTags: (rank, kind) = (5, .settings)
            case .colour, .name: (rank, kind) = (6, .tag)
            default: continue
            }
            if rank < bestRank { (best, bestRank) = (kind, rank) }
        }
        return best
    }

    @inlinable
    public func citation(_ members: [Member], at place: Place) throws(CardportError) -> Citation {
        var common = CommonRecordFields()
        var text: String?, author: String?, source: String?, note: String?
        var tags: [String] = [], favourite = false, archived = false, location: CitationLocation?
        var chapter: String?, colour: String?, position: String?, sourceID: String?
        for member in members {
            let field = RecordField(name(of: member))
            switch field {
            case .text, .quote: text = try string(member)
            case .author: author = try optionalString(member)
            case .source: source = try optionalString(member)
            case .title where takesListAliases: source = try optionalString(member)
            case .tags: tags = try stringList(member)
            case .favourite: favourite = try bool(member)
            case .archived: archived = try bool(member)
            case .note: note = try optionalString(member)
            case .notes where takesListAliases: note = try optionalString(member)
            case .location: location = try citationLocation(member)
            case .chapter: chapter = try optionalString(member)
            case .colour: colour = try optionalString(member)
            case .position: position = try optionalString(member)
            case .sourceID: sourceID = try optionalString(member)
            default: try common.take(member, field, using: self)
            }
        }
        guard let text else {
            throw fail("a citation needs a \(quoted("text"))", at: place, hint: "add the quote as \(asEntry("text"))")
        }
        return Citation(id: common.id, text: text, author: author, source: source, tags: tags, isFavourite: favourite,
                        isArchived: archived, createdAt: common.created, updatedAt: common.updated, note: note,
                        location: location, chapter: chapter, colour: colour, position: position, sourceID: sourceID,
                        extras: common.extras)
    }

    @inlinable
    public func bookmark(_ members: [Member], at place: Place) throws(CardportError) -> Bookmark {
        var common = CommonRecordFields()
        var name: String?, text: String?, tags: [String] = []
        for member in members {
            let field = RecordField(self.name(of: member))
            switch field {
            case .name, .title: name = try optionalString(member)
            case .text, .url: text = try string(member)
            case .tags: tags = try stringList(member)
            default: try common.take(member, field, using: self)
            }
        }
        guard let text else { throw fail("a bookmark needs a \(quoted("text")) (its URL or text)", at: place, hint: nil) }
        return Bookmark(id: common.id, name: name, text: text, tags: tags, createdAt: common.created,
                        updatedAt: common.updated, extras: common.extras)
    }

    @inlinable
    public func task(_ members: [Member], at place: Place) throws(CardportError) -> TaskItem {
        var common = CommonRecordFields()
        var description: String?, progress = TaskProgress.zero
        for member in members {
            let field = RecordField(name(of: member))
            switch field {
            case .description: description = try string(member)
            case .progress: progress = try taskProgress(member)
            default: try common.take(member, field, using: self)
            }
        }
        guard let description else { throw fail("a task needs a \(quoted("description"))", at: place, hint: nil) }
        return TaskItem(id: common.id, description: description, progress: progress, createdAt: common.created,
                        updatedAt: common.updated, extras: common.extras)
    }

    @inlinable
    public func topic(_ members: [Member], at place: Place) throws(CardportError) -> Topic {
        var common = CommonRecordFields()
        var title: String?, due: Timestamp?, status = Topic.Status.unstarted, notes: String?
        var links: [String] = [], questions: [Question] = []
        for member in members {
            let field = RecordField(name(of: member))
            switch field {
            case .title: title = try string(member)
            case .due: due = try timestamp(member)
            case .status: status = try topicStatus(member)
            case .notes: notes = try optionalString(member)
            case .links: links = try stringList(member)
            case .questions: questions = try questionList(member)
            default: try common.take(member, field, using: self)
            }
        }
        guard let title else { throw fail("a topic needs a \(quoted("title"))", at: place, hint: nil) }
        return Topic(id: common.id, title: title, dueDate: due, status: status, notes: notes, links: links,
                     questions: questions, createdAt: common.created, updatedAt: common.updated, extras: common.extras)
    }

    @inlinable
    public func tag(_ members: [Member], at place: Place) throws(CardportError) -> Tag {
        var name: String?, colour: TagColour?
        for member in members {
            switch RecordField(self.name(of: member)) {
            case .kind: continue
            case .name: name = try string(member)
            case .colour:
                guard let text = try optionalString(member) else { continue }
                do { colour = try TagColour(parsing: text) } catch {
                    throw fail(error.message, at: valuePlace(of: member), hint: error.hint)
                }
            default:
                throw fail("a tag has no \(entryWord) \(quoted(self.name(of: member)))", at: namePlace(of: member),
                           hint: "a tag has a \(quoted("name")) and a \(quoted("colour"))")
            }
        }
        guard let name, !name.isEmpty else { throw fail("a tag needs a \(quoted("name"))", at: place, hint: nil) }
        return Tag(name: name, colour: colour)
    }

    @inlinable
    public func settings(_ members: [Member]) throws(CardportError) -> Settings {
        var settings = Settings()
        for member in members {
            switch RecordField(name(of: member)) {
            case .kind: continue
            case .showFavouriteOnTop: settings.showFavouriteOnTop = try bool(member)
            case .widgetTags: settings.widgetTags = try stringList(member)
            case .appearance:
                let text = try string(member)
                guard let appearance = Settings.Appearance(rawValue: text.lowercased()) else {
                    throw fail("\(quoted(text)) is not an appearance", at: valuePlace(of: member),
                               hint: "use light, dark or automatic")
                }
                settings.appearance = appearance
            case .language: settings.language = try optionalString(member)
            default:
                throw fail("the settings have no \(entryWord) \(quoted(name(of: member)))", at: namePlace(of: member),
                           hint: "settings are show_favourite_on_top, widget_tags, appearance and language")
            }
        }
        return settings
    }
}

/// The fields every kind with an id shares: `kind`, `id`, the two dates, `extras`, and anything
/// unknown (kept in `extras`).
public struct CommonRecordFields {
    public var id: String?
    public var created: Timestamp?
    public var updated: Timestamp?
    public var extras: [String: String] = [:]

    @inlinable public init() {}

    @inlinable
    public mutating func take<Decoder: RecordFieldDecoding>(_ member: Decoder.Member, _ field: RecordField?,
                                                            using decoder: Decoder) throws(CardportError) {
        switch field {
        case .kind: break
        case .id: id = try decoder.identifier(member)
        case .createdAt: created = try decoder.timestamp(member)
        case .updatedAt: updated = try decoder.timestamp(member)
        case .extras: try decoder.mergeExtras(member, into: &extras)
        default: extras[decoder.name(of: member)] = decoder.extraValue(of: member)
        }
    }
}
