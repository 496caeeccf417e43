import CardportCore
import GRDB

/// How each kind of card maps to its table's columns, both ways.
///
/// Dates are kept as text in the ISO 8601 form they were written in, so a card comes out of the
/// store exactly as it went in. Child rows (tags, links, questions, extras) are written and read by
/// ``StoreTransaction`` and ``StoreReader``.
enum CardRows {
    /// The card tables, in the order a whole collection lists them.
    static let tables: [(kind: RecordKind, table: String)] = [
        (.citation, "citation"), (.bookmark, "bookmark"), (.task, "task"), (.topic, "topic"),
    ]

    static func table(_ kind: RecordKind) -> String {
        switch kind {
        case .citation: return "citation"
        case .bookmark: return "bookmark"
        case .task: return "task"
        case .topic: return "topic"
        case .tag: return "tag"
        case .settings: return "settings"
        }
    }

    /// The content columns of a card table (after pk, id, key_high, key_low, digest).
    static func columns(_ kind: RecordKind) -> [String] {
        switch kind {
        case .citation:
            return ["text", "author", "source", "favourite", "archived", "created_at", "updated_at", "note", "page",
                    "location_start", "location_end", "chapter", "colour", "position", "source_id"]
        case .bookmark: return ["name", "text", "created_at", "updated_at"]
        case .task: return ["description", "progress", "created_at", "updated_at"]
        case .topic: return ["title", "due", "status", "notes", "created_at", "updated_at"]
        case .tag, .settings: return []
        }
    }

    /// The statements of one card table, built once: an import runs them a million times.
    struct Statements: Sendable {
        let insert: String
        let update: String
        let select: String
        /// One number for the row of a key: its primary key when its digest is not the given one;
        /// else `-1 - 2 * pk` when it came from the given import and `-2 - 2 * pk` when not (see
        /// ``CardRows/Probe``).
        let probe: String
        let origin: String
        /// Inserts 1, 2, … ``CardRows/linksPerStatement`` tag links in one statement (index = count - 1).
        let tagLinks: [String]
        /// Inserts a card into a table whose key index is set aside (see ``StoreTransaction``).
        let insertUnindexed: String
        /// ``probe`` for a row found by its primary key (?1), with the digest (?2) and import (?3).
        let probeRow: String
        /// Sets the key index aside, and makes it again: exactly as the schema's migration made it.
        /// The id index and the search index's insert trigger go with it.
        let dropKeyIndex: String
        let createKeyIndex: String

        init(_ kind: RecordKind) {
            let table = CardRows.table(kind)
            let names = ["id", "key_high", "key_low", "digest"] + CardRows.columns(kind)
            let inserted = names + ["provenance"]
            let marks = Array(repeating: "?", count: inserted.count).joined(separator: ", ")
            insert = "INSERT INTO \(table) (\(inserted.joined(separator: ", "))) VALUES (\(marks)) ON CONFLICT (key_high, key_low) DO NOTHING"
            update = "UPDATE \(table) SET \(names.map { "\($0) = ?" }.joined(separator: ", ")) WHERE pk = ?"
            select = "SELECT pk, id, \(CardRows.columns(kind).joined(separator: ", ")) FROM \(table) c"
            probe = """
                SELECT CASE WHEN digest = ?3 THEN (CASE WHEN provenance = ?4 THEN -1 ELSE -2 END) - 2 * pk ELSE pk END
                FROM \(table) WHERE key_high = ?1 AND key_low = ?2
                """
            origin = "SELECT provenance FROM \(table) WHERE pk = ?"
            insertUnindexed = "INSERT INTO \(table) (\(inserted.joined(separator: ", "))) VALUES (\(marks))"
            probeRow = """
                SELECT CASE WHEN digest = ?2 THEN (CASE WHEN provenance = ?3 THEN -1 ELSE -2 END) - 2 * pk ELSE pk END
                FROM \(table) WHERE pk = ?1
                """
            // The id index (migration `3-search`) and the index of the cards of a tag (`4-tag-cards`)
            // go with the key index: random ids, and links in tag order, cost an import into an empty
            // table more than the one sort that makes each index again.
            let tagged = StoreSchema.taggedTables.contains(table)
            let searched = !SearchIndex.columns(kind).isEmpty
            dropKeyIndex = "DROP INDEX \(table)_key; DROP INDEX \(table)_id" + (tagged ? "; DROP INDEX \(table)_tag_cards" : "")
                + (searched ? "; \(SearchIndex.dropInsertTrigger(kind))" : "")
            createKeyIndex = "CREATE UNIQUE INDEX \(table)_key ON \(table) (key_high, key_low); CREATE INDEX \(table)_id ON \(table) (id)"
                + (tagged ? "; \(StoreSchema.tagCardsIndex(table))" : "") + (searched ? "; \(SearchIndex.insertTrigger(kind))" : "")
            tagLinks = (1...CardRows.linksPerStatement).map { count in
                "INSERT INTO \(table)_tag (\(table), position, tag) VALUES "
                    + Array(repeating: "(?, ?, ?)", count: count).joined(separator: ", ")
            }
        }
    }

    /// What a probe's number says about the row of a key.
    enum Probe {
        /// The row is a copy with the same digest, from the import being probed for.
        case duplicate(Int64)
        /// The row is a copy with the same digest, from another import.
        case unchanged(Int64)
        /// The row's content differs.
        case differs(Int64)

        init(_ value: Int64) {
            if value > 0 {
                self = .differs(value)
            } else if (-value) & 1 == 1 {
                self = .duplicate((-value - 1) / 2)
            } else {
                self = .unchanged((-value - 2) / 2)
            }
        }
    }

    /// The most tag links one statement inserts: links wait and go in together, across cards.
    static let linksPerStatement = 64

    private static let statementTable: [Statements] = RecordKind.allCases.map(Statements.init)

    /// The statements of a card kind's table.
    static func statements(_ kind: RecordKind) -> Statements { statementTable[kind.ordinal] }

    static func selectSQL(_ kind: RecordKind) -> String { statements(kind).select }

    /// The content column values of a card, in ``columns(_:)`` order.
    static func values(_ record: Record) -> [(any DatabaseValueConvertible)?] {
        switch record {
        case .citation(let c):
            return [c.text, c.author, c.source, c.isFavourite, c.isArchived, c.createdAt?.iso8601, c.updatedAt?.iso8601,
                    c.note, c.location?.page, c.location?.start, c.location?.end, c.chapter, c.colour, c.position,
                    c.sourceID]
        case .bookmark(let b):
            return [b.name, b.text, b.createdAt?.iso8601, b.updatedAt?.iso8601]
        case .task(let t):
            return [t.description, t.progress.percent, t.createdAt?.iso8601, t.updatedAt?.iso8601]
        case .topic(let t):
            return [t.title, t.dueDate?.iso8601, t.status.rawValue, t.notes, t.createdAt?.iso8601, t.updatedAt?.iso8601]
        case .tag, .settings:
            return []
        }
    }

    /// Binds the content columns of a card, in ``columns(_:)`` order, from parameter `first` on;
    /// returns the next free parameter.
    static func bind(_ record: Record, to statement: BulkStatement, from first: Int32) -> Int32 {
        var i = first
        func next() -> Int32 {
            defer { i += 1 }
            return i
        }
        switch record {
        case .citation(let c):
            statement.bind(next(), c.text); statement.bind(next(), c.author); statement.bind(next(), c.source)
            statement.bind(next(), c.isFavourite); statement.bind(next(), c.isArchived)
            statement.bind(next(), c.createdAt); statement.bind(next(), c.updatedAt); statement.bind(next(), c.note)
            statement.bind(next(), c.location?.page); statement.bind(next(), c.location?.start)
            statement.bind(next(), c.location?.end)
            statement.bind(next(), c.chapter); statement.bind(next(), c.colour)
            statement.bind(next(), c.position); statement.bind(next(), c.sourceID)
        case .bookmark(let b):
            statement.bind(next(), b.name); statement.bind(next(), b.text)
            statement.bind(next(), b.createdAt); statement.bind(next(), b.updatedAt)
        case .task(let t):
            statement.bind(next(), t.description); statement.bind(next(), t.progress.percent)
            statement.bind(next(), t.createdAt); statement.bind(next(), t.updatedAt)
        case .topic(let t):
            statement.bind(next(), t.title); statement.bind(next(), t.dueDate); statement.bind(next(), t.status.rawValue)
            statement.bind(next(), t.notes); statement.bind(next(), t.createdAt); statement.bind(next(), t.updatedAt)
        case .tag, .settings:
            break
        }
        return i
    }

    /// A card from the current row of a ``selectSQL(_:)`` query and its children.
    static func record(_ kind: RecordKind, row: BulkStatement, tags: [String], links: [String] = [],
                       questions: [Question] = [], extras: [String: String]) -> Record {
        let id = row.text(1) ?? ""
        switch kind {
        case .citation:
            let start = row.int(11).map(Int.init)
            let page = row.text(10)
            let location = page != nil || start != nil
                ? CitationLocation(page: page, start: start, end: row.int(12).map(Int.init)) : nil
            return .citation(Citation(id: id, text: row.text(2) ?? "", author: row.text(3), source: row.text(4), tags: tags,
                                      isFavourite: row.int(5) == 1, isArchived: row.int(6) == 1,
                                      createdAt: date(row.text(7)), updatedAt: date(row.text(8)), note: row.text(9),
                                      location: location, chapter: row.text(13), colour: row.text(14),
                                      position: row.text(15), sourceID: row.text(16), extras: extras))
        case .bookmark:
            return .bookmark(Bookmark(id: id, name: row.text(2), text: row.text(3) ?? "", tags: tags,
                                      createdAt: date(row.text(4)), updatedAt: date(row.text(5)), extras: extras))
        case .task:
            return .task(TaskItem(id: id, description: row.text(2) ?? "",
                                  progress: TaskProgress(storedPercent: Int(row.int(3) ?? 0)),
                                  createdAt: date(row.text(4)), updatedAt: date(row.text(5)), extras: extras))
        case .topic:
            return .topic(Topic(id: id, title: row.text(2) ?? "", dueDate: date(row.text(3)),
                                status: row.text(4).flatMap(Topic.Status.init(rawValue:)) ?? .unstarted,
                                notes: row.text(5), links: links, questions: questions, createdAt: date(row.text(6)),
                                updatedAt: date(row.text(7)), extras: extras))
        case .tag, .settings:
            preconditionFailure("tags and settings have their own tables")
        }
    }

    static func date(_ text: String?) -> Timestamp? {
        text.flatMap(Timestamp.init(parsing:))
    }

    /// The tag or bookmark names of a card kind that has tags.
    static func tags(of record: Record) -> [String] {
        switch record {
        case .citation(let c): return c.tags
        case .bookmark(let b): return b.tags
        default: return []
        }
    }

    static func extras(of record: Record) -> [String: String] {
        switch record {
        case .citation(let c): return c.extras
        case .bookmark(let b): return b.extras
        case .task(let t): return t.extras
        case .topic(let t): return t.extras
        case .tag, .settings: return [:]
        }
    }
}

extension TaskProgress {
    /// A progress read back from the store, where a CHECK keeps it in 0...100.
    init(storedPercent: Int) {
        self = (try? TaskProgress(percent: storedPercent)) ?? .zero
    }
}
