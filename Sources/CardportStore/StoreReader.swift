public import CardportCore
import GRDB

/// Reads a store: cards one at a time through a cursor, tags, settings, provenance and counts.
///
/// ``forEach(_:_:)`` streams: rows come from an SQLite cursor in the order they were added, with
/// each card's tags and extras joined from cursors over their tables in the same order, so
/// exporting a million citations holds one at a time.
public struct StoreReader {
    let db: Database

    /// Calls `body` with every record `filter` selects: each card kind in the order the cards were
    /// added, then the tags (by name) and the settings.
    ///
    /// Cards come first because they are the bulk: a whole-document writer streams the first kind it
    /// is given and holds the others until it finishes.
    public func forEach(_ filter: CardFilter, _ body: (CardportCore.Record) throws -> Void) throws(CardportError) {
        try run {
            try forEachCard(filter) { _, record in try body(record) }
            if filter.selects(.tag), !filter.narrowsCards {
                for tag in try tags() { try body(.tag(tag)) }
            }
            if filter.selects(.settings), !filter.narrowsCards, let settings = try settings() {
                try body(.settings(settings))
            }
        }
    }

    /// Calls `body` with the primary key and record of every card `filter` selects.
    func forEachCard(_ filter: CardFilter, _ body: (Int64, Record) throws -> Void) throws {
        let tagNames = try Dictionary(uniqueKeysWithValues: Row.fetchAll(db, sql: "SELECT pk, name FROM tag").map {
            ($0[0] as Int64, $0[1] as String)
        })
        var tagPKs: [Int64] = []
        for tag in filter.tags {
            let key = Tag(name: tag).identityKey
            let pk = try Int64.fetchOne(db, sql: "SELECT pk FROM tag WHERE key_high = ? AND key_low = ?",
                                        arguments: [Int64(bitPattern: key.high), Int64(bitPattern: key.low)])
            if let pk { tagPKs.append(pk) } else if !filter.anyTag { return }
        }
        if !filter.tags.isEmpty && tagPKs.isEmpty { return }
        let author = filter.author.map(WordQuery.init)
        let source = filter.source.map(WordQuery.init)
        for (kind, table) in CardRows.tables where filter.selects(kind) {
            var conditions: [String] = []
            var parameters: [Parameter] = []
            func mark(_ value: Parameter) -> String {
                parameters.append(value)
                return "?\(parameters.count)"
            }
            // The cards of a tag as a set SQLite makes once from the link table, rather than a look-up
            // in it for every card.
            conditions += ChildCursors.tagConditions("c.pk", table: table, tagPKs: tagPKs, anyTag: filter.anyTag) {
                mark(.number($0))
            }
            if kind == .citation {
                if filter.favouritesOnly { conditions.append("favourite = 1") }
                switch filter.archived {
                case .exclude: conditions.append("archived = 0")
                case .only: conditions.append("archived = 1")
                case .include: break
                }
            }
            if kind == .task, let state = filter.taskState {
                conditions.append(state == .done ? "progress = 100" : "progress < 100")
            }
            if kind == .topic, filter.unfinishedTopicsOnly { conditions.append("status != 'done'") }
            if kind == .topic, let status = filter.status {
                conditions.append("status = \(mark(.text(status.rawValue)))")
            }
            if !filter.ids.isEmpty {
                conditions.append("id IN (\(filter.ids.map { mark(.text($0)) }.joined(separator: ", ")))")
            }
            let whereClause = conditions.isEmpty ? "" : " WHERE " + conditions.joined(separator: " AND ")
            let rows = try BulkStatement(db, sql: CardRows.selectSQL(kind) + whereClause + " ORDER BY c.pk")
            for (index, parameter) in parameters.enumerated() {
                switch parameter {
                case .number(let value): rows.bind(Int32(index + 1), value)
                case .text(let value): rows.bind(Int32(index + 1), value)
                }
            }
            // The few cards of some ids read their children one by one; every card, or the cards of
            // some tags, by cursors alongside over the same cards in the same order.
            let scope: ChildCursors.Scope = !filter.ids.isEmpty ? .oneByOne
                : !tagPKs.isEmpty ? .tagged(tagPKs, anyTag: filter.anyTag) : .every
            let children = try ChildCursors(db: db, kind: kind, table: table, tagNames: tagNames, scope: scope)
            while try rows.step() {
                let pk = rows.int(0) ?? 0
                if kind == .citation {
                    if let author, !author.matchesAnyPerson(rows.text(3)) { continue }
                    if let source, !source.matches(rows.text(4)) { continue }
                }
                if kind == .topic, let dueBefore = filter.dueBefore {
                    guard let due = CardRows.date(rows.text(3)), due.date < dueBefore.date else { continue }
                }
                let (tags, links, questions, extras) = try children.advance(to: pk)
                try body(pk, CardRows.record(kind, row: rows, tags: tags, links: links, questions: questions, extras: extras))
            }
        }
    }

    /// The card of `kind` with primary key `pk`; `queries` are statements of ``cardQueries(_:)`` to reuse.
    func card(_ kind: RecordKind, pk: Int64, queries: CardQueries? = nil) throws -> Record {
        let queries = try queries ?? cardQueries(kind)
        let row = queries.row
        row.bind(1, pk)
        guard try row.step() else { throw CardportError(.io, "the store lost the \(kind) it just found") }
        defer { row.reset() }
        var tags: [String] = []
        if let tagQuery = queries.tags {
            tagQuery.bind(1, pk)
            while try tagQuery.step() { tags.append(tagQuery.text(0) ?? "") }
        }
        let (links, questions) = try ChildCursors.topicChildren(db: db, kind: kind, pk: pk)
        var extras: [String: String] = [:]
        queries.extras.bind(1, pk)
        while try queries.extras.step() { extras[queries.extras.text(0) ?? ""] = queries.extras.text(1) ?? "" }
        return CardRows.record(kind, row: row, tags: tags, links: links, questions: questions, extras: extras)
    }

    /// The statements ``card(_:pk:queries:)`` reads a card with: its row, its tags, its extras.
    struct CardQueries {
        let row: BulkStatement
        let tags: BulkStatement?
        let extras: BulkStatement
    }

    /// Prepares the statements that read one card of `kind`.
    func cardQueries(_ kind: RecordKind) throws -> CardQueries {
        let table = CardRows.table(kind)
        let tags = kind == .citation || kind == .bookmark
            ? try BulkStatement(db, sql: """
                SELECT t.name FROM \(table)_tag l JOIN tag t ON t.pk = l.tag WHERE l.\(table) = ?1 ORDER BY l.position
                """)
            : nil
        let extras = try BulkStatement(db, sql: "SELECT key, value FROM extra WHERE kind = '\(table)' AND owner = ?1")
        return CardQueries(row: try BulkStatement(db, sql: CardRows.selectSQL(kind) + " WHERE pk = ?1"), tags: tags,
                           extras: extras)
    }

    /// The settings, if the store has any.
    func settings() throws -> Settings? {
        guard let row = try Row.fetchOne(db, sql: "SELECT show_favourite_on_top, appearance, language FROM settings WHERE pk = 1")
        else { return nil }
        let widgetTags = try String.fetchAll(db, sql: "SELECT name FROM settings_widget_tag ORDER BY position")
        let appearance: String = row[1]
        return Settings(showFavouriteOnTop: row[0], widgetTags: widgetTags,
                        appearance: Settings.Appearance(rawValue: appearance) ?? .automatic, language: row[2])
    }

    /// Every tag, ordered by name, so a store restored from a backup lists them as the original did.
    func tags() throws -> [Tag] {
        try Row.fetchAll(db, sql: "SELECT name, colour FROM tag ORDER BY name, pk").map {
            Tag(name: $0[0], colour: ($0[1] as String?).flatMap { try? TagColour(parsing: $0) })
        }
    }

    /// Every provenance entry, oldest first.
    public func provenance() throws(CardportError) -> [Provenance] {
        try provenanceRows().map(\.entry)
    }

    /// Every provenance entry with its primary key, oldest first.
    func provenanceRows() throws(CardportError) -> [(pk: Int64, entry: Provenance)] {
        try run {
            try Row.fetchAll(db, sql: """
                SELECT source, sha256, format, imported_at, read, added, updated, unchanged, duplicates, rejected, pk
                FROM provenance ORDER BY pk
                """).map { row in
                let time: String = row[3]
                return (row[10], Provenance(source: row[0], sha256: row[1], format: row[2],
                                            importedAt: Timestamp(parsing: time) ?? Timestamp(secondsSince1970: 0),
                                            read: row[4], added: row[5], updated: row[6], unchanged: row[7],
                                            duplicates: row[8], rejected: row[9]))
            }
        }
    }

    /// How many cards of each kind, favourites, archived citations, and cards per import.
    public func statistics() throws(CardportError) -> StoreStatistics {
        try run {
            func count(_ sql: String) throws -> Int { try Int.fetchOne(db, sql: sql) ?? 0 }
            var stats = StoreStatistics()
            stats.citations = try count("SELECT count(*) FROM citation")
            stats.favourites = try count("SELECT count(*) FROM citation WHERE favourite = 1")
            stats.archived = try count("SELECT count(*) FROM citation WHERE archived = 1")
            stats.bookmarks = try count("SELECT count(*) FROM bookmark")
            stats.tasks = try count("SELECT count(*) FROM task")
            stats.topics = try count("SELECT count(*) FROM topic")
            stats.tags = try count("SELECT count(*) FROM tag")
            stats.hasSettings = try count("SELECT count(*) FROM settings") > 0
            var held: [Int64: Int] = [:]
            for (_, table) in CardRows.tables {
                for row in try Row.fetchAll(db, sql: "SELECT provenance, count(*) FROM \(table) WHERE provenance IS NOT NULL GROUP BY provenance") {
                    held[row[0] as Int64, default: 0] += row[1] as Int
                }
            }
            let entries = try Row.fetchAll(db, sql: "SELECT pk FROM provenance ORDER BY pk").map { $0[0] as Int64 }
            let provenance = try self.provenance()
            // A restored store lists its imports, but no card is traced to one: say so rather than 0.
            let traced = !held.isEmpty
            stats.sources = zip(entries, provenance).map {
                StoreStatistics.Source(provenance: $1, cardsHeld: traced ? held[$0] ?? 0 : nil)
            }
            let imported = Dictionary(uniqueKeysWithValues: zip(entries, provenance.map(\.importedAt)))
            stats.syncedSources = try Row.fetchAll(db, sql: """
                SELECT s.key, s.format, (SELECT count(*) FROM origin o WHERE o.source = s.pk), s.last_import
                FROM source s ORDER BY s.pk
                """).map { row in
                StoreStatistics.SyncedSource(key: row[0], format: row[1], items: row[2],
                                             lastImported: (row[3] as Int64?).flatMap { imported[$0] })
            }
            return stats
        }
    }

    func run<T>(_ body: () throws -> T) throws(CardportError) -> T {
        try Store.attempt(db.description, body)
    }
}

/// A value bound to a filter's query.
private enum Parameter {
    case number(Int64)
    case text(String)
}

/// Cursors over a card table's child rows, ordered like the cards, advanced in step with them.
private final class ChildCursors {
    /// Which cards' children the cursors read.
    enum Scope {
        /// Every card's, in one pass over each child table.
        case every
        /// The children of the cards carrying the tags with these primary keys (all of them, or any
        /// with `anyTag`), in one pass over the links of those cards: a card another condition
        /// leaves out is passed over, as with ``every``.
        case tagged([Int64], anyTag: Bool)
        /// Each card's, looked up when the card comes.
        case oneByOne
    }

    let db: Database
    let kind: RecordKind
    let tagNames: [Int64: String]
    private let tagRows: BulkStatement?
    private let extraRows: BulkStatement
    private var pendingTag: (owner: Int64, name: String)?
    private var pendingExtra: (owner: Int64, key: String, value: String)?

    /// Whether children are looked up for each card rather than read by cursors over every row.
    private let oneByOne: Bool
    private let table: String

    init(db: Database, kind: RecordKind, table: String, tagNames: [Int64: String], scope: Scope = .every) throws {
        self.db = db
        self.kind = kind
        self.tagNames = tagNames
        self.table = table
        var oneByOne = false
        var tagged: (pks: [Int64], anyTag: Bool)?
        switch scope {
        case .every: break
        case .oneByOne: oneByOne = true
        case .tagged(let pks, let anyTag): tagged = (pks, anyTag)
        }
        self.oneByOne = oneByOne
        // A tagged scope's conditions on the owner `column`, with the tags' parameters from `first` on.
        func owners(_ column: String, from first: Int) -> [String] {
            guard let tagged else { return [] }
            var next = first
            return ChildCursors.tagConditions(column, table: table, tagPKs: tagged.pks, anyTag: tagged.anyTag) { _ in
                defer { next += 1 }
                return "?\(next)"
            }
        }
        func bindTags(_ statement: BulkStatement, from first: Int) {
            for (offset, pk) in (tagged?.pks ?? []).enumerated() { statement.bind(Int32(first + offset), pk) }
        }
        if kind == .citation || kind == .bookmark {
            let conditions = owners(table, from: 1)
            let rows = try BulkStatement(db, sql: oneByOne
                ? "SELECT \(table), tag FROM \(table)_tag WHERE \(table) = ?1 ORDER BY position"
                : "SELECT \(table), tag FROM \(table)_tag"
                    + (conditions.isEmpty ? "" : " WHERE " + conditions.joined(separator: " AND "))
                    + " ORDER BY \(table), position")
            if !oneByOne { bindTags(rows, from: 1) }
            tagRows = rows
        } else {
            tagRows = nil
        }
        extraRows = try BulkStatement(db, sql: oneByOne
            ? "SELECT owner, key, value FROM extra WHERE kind = ?2 AND owner = ?1 ORDER BY key"
            : "SELECT owner, key, value FROM extra WHERE " + (["kind = ?1"] + owners("owner", from: 2)).joined(separator: " AND ")
                + " ORDER BY owner, key")
        extraRows.bind(oneByOne ? 2 : 1, table)
        if !oneByOne {
            bindTags(extraRows, from: 2)
            pendingTag = try nextTag()
            pendingExtra = try nextExtra()
        }
    }

    /// The conditions that keep, of the cards of `table` named by `column`, those carrying the tags
    /// with primary keys `tagPKs` (all of them, or any with `anyTag`); `mark` gives each key's parameter.
    static func tagConditions(_ column: String, table: String, tagPKs: [Int64], anyTag: Bool,
                              mark: (Int64) -> String) -> [String] {
        guard !tagPKs.isEmpty else { return [] }
        if anyTag {
            let marks = tagPKs.map(mark).joined(separator: ", ")
            return ["\(column) IN (SELECT \(table) FROM \(table)_tag WHERE tag IN (\(marks)))"]
        }
        return tagPKs.map { "\(column) IN (SELECT \(table) FROM \(table)_tag WHERE tag = \(mark($0)))" }
    }

    private func nextTag() throws -> (owner: Int64, name: String)? {
        guard let tagRows, try tagRows.step() else { return nil }
        return (tagRows.int(0) ?? 0, tagNames[tagRows.int(1) ?? 0] ?? "")
    }

    private func nextExtra() throws -> (owner: Int64, key: String, value: String)? {
        guard try extraRows.step() else { return nil }
        return (extraRows.int(0) ?? 0, extraRows.text(1) ?? "", extraRows.text(2) ?? "")
    }

    /// The children of card `pk`, skipping those of cards before it.
    func advance(to pk: Int64) throws -> ([String], [String], [Question], [String: String]) {
        if oneByOne {
            tagRows?.reset()
            tagRows?.bind(1, pk)
            extraRows.reset()
            extraRows.bind(1, pk)
            extraRows.bind(2, table)
            pendingTag = try nextTag()
            pendingExtra = try nextExtra()
        }
        var tags: [String] = []
        while let tag = pendingTag, tag.owner <= pk {
            if tag.owner == pk { tags.append(tag.name) }
            pendingTag = try nextTag()
        }
        var extras: [String: String] = [:]
        while let extra = pendingExtra, extra.owner <= pk {
            if extra.owner == pk { extras[extra.key] = extra.value }
            pendingExtra = try nextExtra()
        }
        let (links, questions) = try ChildCursors.topicChildren(db: db, kind: kind, pk: pk)
        return (tags, links, questions, extras)
    }

    /// A topic's links and questions (none for other kinds): topics are few, so they are looked up one by one.
    static func topicChildren(db: Database, kind: RecordKind, pk: Int64) throws -> ([String], [Question]) {
        guard kind == .topic else { return ([], []) }
        let links = try String.fetchAll(db.cachedStatement(sql: "SELECT url FROM topic_link WHERE topic = ? ORDER BY position"),
                                        arguments: [pk])
        let questions = try Row.fetchAll(db.cachedStatement(
            sql: "SELECT text, answer, done FROM topic_question WHERE topic = ? ORDER BY position"), arguments: [pk])
            .map { Question(text: $0[0], answer: $0[1], isDone: $0[2]) }
        return (links, questions)
    }
}
