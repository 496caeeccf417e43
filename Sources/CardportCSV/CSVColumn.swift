import CardportCore

/// What a column of a CSV file holds: a field of the record model, or an extra kept by name.
enum CSVColumn: Hashable {
    case id
    case text, author, source, tags, favourite, archived, note, location
    /// A highlight's fields, written only when a record before the header has them (``isOptional``).
    case chapter, colour, position, sourceID
    case name, url
    case description, progress
    case title, status, due, notes, links, questions
    case createdAt, updatedAt
    /// The record kind of a row in a file of several kinds (Formats.md, "Several kinds in one file").
    case kind
    /// A column the model has no field for; its values go to the record's `extras` under this name.
    case extra(String)

    /// The name the writer gives the column.
    var headerName: String {
        switch self {
        case .id: return "id"
        case .text: return "text"
        case .author: return "author"
        case .source: return "source"
        case .tags: return "tags"
        case .favourite: return "favourite"
        case .archived: return "archived"
        case .note: return "note"
        case .location: return "location"
        case .chapter: return "chapter"
        case .colour: return "colour"
        case .position: return "position"
        case .sourceID: return "source_id"
        case .name: return "name"
        case .url: return "url"
        case .description: return "description"
        case .progress: return "progress"
        case .title: return "title"
        case .status: return "status"
        case .due: return "due"
        case .notes: return "notes"
        case .links: return "links"
        case .questions: return "questions"
        case .createdAt: return "created_at"
        case .updatedAt: return "updated_at"
        case .kind: return "kind"
        case .extra(let name): return name
        }
    }

    /// The columns the writer writes for a kind, in order (extras follow, sorted by name).
    static func standard(for kind: RecordKind) -> [CSVColumn] {
        switch kind {
        case .citation:
            return [.text, .author, .source, .tags, .favourite, .archived, .createdAt, .updatedAt, .note, .location,
                    .chapter, .colour, .position, .sourceID, .id]
        case .bookmark: return [.name, .url, .tags, .createdAt, .updatedAt, .id]
        case .task: return [.description, .progress, .createdAt, .updatedAt, .id]
        case .topic: return [.title, .status, .due, .notes, .links, .questions, .createdAt, .updatedAt, .id]
        case .tag, .settings: return []
        }
    }

    /// Whether the writer leaves the column out when no record before the header has a value for
    /// it: the e-reader fields, which most citations lack.
    var isOptional: Bool {
        switch self {
        case .chapter, .colour, .position, .sourceID: return true
        default: return false
        }
    }

    /// The column that every record of a kind needs, and whose name in a header says the kind.
    static func key(of kind: RecordKind) -> CSVColumn {
        switch kind {
        case .citation: return .text
        case .bookmark: return .url
        case .task: return .description
        default: return .title
        }
    }

    /// A header name normalised for matching: lower case, without spaces, `_` and `-`
    /// (`Created At`, `created_at` and `createdAt` are one name).
    static func normalise(_ name: String) -> String {
        String(String.UnicodeScalarView(name.lowercased().unicodeScalars.filter { $0 != " " && $0 != "_" && $0 != "-" }))
    }

    /// The column a header name means for a kind, or `nil` when it is not one of the kind's names.
    static func named(_ normalised: String, for kind: RecordKind) -> CSVColumn? {
        switch normalised {
        case "id", "uuid": return .id
        case "createdat", "created", "date", "dateadded", "added", "addedat", "highlightedat": return .createdAt
        case "updatedat", "updated", "modified", "modifiedat", "lastmodified": return .updatedAt
        default: break
        }
        switch kind {
        case .citation:
            switch normalised {
            case "text", "quote", "highlight", "citation": return .text
            case "author", "by", "bookauthor", "writer": return .author
            case "source", "book", "title", "booktitle", "work": return .source
            case "tags", "tag", "labels": return .tags
            case "favourite", "favorite", "starred", "star", "isfavourite", "isfavorite": return .favourite
            case "archived", "isarchived": return .archived
            case "note", "comment", "annotation": return .note
            case "location", "page", "loc": return .location
            case "chapter": return .chapter
            case "colour", "color": return .colour
            case "position": return .position
            case "sourceid": return .sourceID
            default: return nil
            }
        case .bookmark:
            switch normalised {
            case "name", "title": return .name
            case "url", "link", "href", "text": return .url
            case "tags", "tag", "labels": return .tags
            default: return nil
            }
        case .task:
            switch normalised {
            case "description", "task", "content", "text", "todo": return .description
            case "progress", "percent", "percentage": return .progress
            default: return nil
            }
        case .topic:
            switch normalised {
            case "title", "topic", "name": return .title
            case "status", "state": return .status
            case "due", "duedate", "deadline", "dueat": return .due
            case "notes", "note", "description": return .notes
            case "links", "link", "urls": return .links
            case "questions", "question": return .questions
            default: return nil
            }
        case .tag, .settings:
            return nil
        }
    }

    /// The kinds a file of several kinds has columns for, in the order their columns are written.
    static let unionKinds: [RecordKind] = [.citation, .bookmark, .task, .topic]

    /// The columns of a file that holds several kinds: `kind`, then every kind's columns once, in
    /// the order of ``standard(for:)`` (the shared ones where they first appear).
    static let union: [CSVColumn] = {
        var columns: [CSVColumn] = [.kind]
        for kind in unionKinds {
            for column in standard(for: kind) where !columns.contains(column) { columns.append(column) }
        }
        return columns
    }()

    /// The kind a header row describes: of the kinds whose key column it names, the one that
    /// names the most of its columns; a tie goes to the first of citations (a highlight or quote
    /// column), bookmarks, citations (`text`), tasks, topics.
    ///
    /// Counting every column, not the first key name met, is what keeps a citation written with
    /// an extra `URL` column a citation when it is read back.
    static func kind(ofHeader normalised: [String]) -> RecordKind? {
        let set = Set(normalised)
        let order: [(Set<String>, RecordKind)] = [
            (["highlight", "quote", "citation"], .citation),
            (["url", "link", "href"], .bookmark),
            (["text"], .citation),
            (["description", "task", "todo", "progress"], .task),
            (["title", "topic", "questions", "status", "due", "duedate"], .topic),
        ]
        var best: (kind: RecordKind, score: Int)?
        for (names, kind) in order where !set.isDisjoint(with: names) {
            let score = Set(normalised.compactMap { named($0, for: kind) }).count
            if score > (best?.score ?? 0) { best = (kind, score) }
        }
        return best?.kind
    }
}
