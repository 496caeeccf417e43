public import CardportCore
import CardportMachinery
import GRDB

/// Changes to a store inside one transaction (see ``Store/write(commit:_:)``).
///
/// ``upsert(_:policy:provenance:)`` is the store's side of the merge engine: it finds the card a
/// record is a copy of through the unique index on the identity key, folds the two with
/// ``RecordMerge`` under the policy, and writes only what changed. Prepared statements are made
/// once per transaction and reused, so a million upserts prepare each statement once.
public final class StoreTransaction {
    let db: Database
    /// Tag primary keys by name as written, then by identity key.
    /// The tags met so far, by the exact bytes of their names (a name in other bytes, another
    /// normalisation of the same text, is found by its identity key on its first look-up).
    private var tagsByName = ByteTable<Int64>()
    private var tagsByKey: [IdentityKey: Int64] = [:]

    init(db: Database) throws {
        self.db = db
    }

    // MARK: Provenance

    /// Adds a provenance entry (its counts may be filled in later) and returns its number.
    public func addProvenance(_ entry: Provenance) throws(CardportError) -> Int64 {
        try run {
            try db.execute(sql: """
                INSERT INTO provenance (source, sha256, format, imported_at, read, added, updated, unchanged, duplicates, rejected)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                """, arguments: [entry.source, entry.sha256, entry.format, entry.importedAt.iso8601, entry.read,
                                 entry.added, entry.updated, entry.unchanged, entry.duplicates, entry.rejected])
            return db.lastInsertedRowID
        }
    }

    /// Replaces the counts (and checksum) of a provenance entry once its import is done.
    public func updateProvenance(_ number: Int64, with entry: Provenance) throws(CardportError) {
        try run {
            try db.execute(sql: """
                UPDATE provenance SET sha256 = ?, read = ?, added = ?, updated = ?, unchanged = ?, duplicates = ?,
                rejected = ? WHERE pk = ?
                """, arguments: [entry.sha256, entry.read, entry.added, entry.updated, entry.unchanged,
                                 entry.duplicates, entry.rejected, number])
        }
    }

    /// Every provenance entry, oldest first.
    public func provenanceEntries() throws(CardportError) -> [Provenance] {
        try StoreReader(db: db).provenance()
    }

    /// Every provenance entry with its number, oldest first.
    public func provenanceRows() throws(CardportError) -> [(pk: Int64, entry: Provenance)] {
        try StoreReader(db: db).provenanceRows()
    }

    // MARK: Upsert

    /// Merges one record into the store and says what that did.
    ///
    /// The card is found by its identity key only, as the merge engine finds it; ids are kept as
    /// they are, not matched on. `provenance` is the import the record comes from: a copy of a card
    /// the same import added earlier is a ``UpsertResult/duplicate``.
    public func upsert(_ record: CardportCore.Record, policy: MergePolicy, provenance: Int64?) throws(CardportError) -> UpsertResult {
        try upsert(KeyedRecord(record), policy: policy, provenance: provenance)
    }

    /// Merges one record whose key and digest are already computed (see ``KeyedRecord``).
    public func upsert(_ keyed: KeyedRecord, policy: MergePolicy, provenance: Int64?) throws(CardportError) -> UpsertResult {
        try run {
            switch keyed.record {
            case .settings(let settings): return try upsertSettings(settings, policy: policy)
            case .tag(let tag): return try upsertTag(tag, policy: policy)
            default: return try upsertCard(keyed, policy: policy, provenance: provenance)
            }
        }
    }

    /// A card table's prepared statements, made on first use and kept for the transaction.
    final class Prepared {
        let sql: CardRows.Statements
        let insert: BulkStatement
        let probe: BulkStatement
        let card: StoreReader.CardQueries
        let origin: BulkStatement
        var tagLinks: [BulkStatement?] = Array(repeating: nil, count: CardRows.linksPerStatement)
        /// Tag links written but not inserted yet, as (card, position, tag) triples: they go in
        /// ``CardRows/linksPerStatement`` at a time (see ``StoreTransaction/flushLinks()``).
        var pendingLinks: [Int64] = []
        /// The keys added so far and their rows, while the table's key index is set aside; `nil`
        /// while the index is in place.
        var unindexedKeys: [IdentityKey: Int64]?

        /// The statements of a kind's table; `unindexed` when its key index has been set aside, so
        /// that cards are inserted without a conflict clause and probed by their row.
        init(_ kind: RecordKind, db: Database, unindexed: Bool) throws {
            sql = CardRows.statements(kind)
            insert = try BulkStatement(db, sql: unindexed ? sql.insertUnindexed : sql.insert)
            probe = try BulkStatement(db, sql: unindexed ? sql.probeRow : sql.probe)
            card = try StoreReader(db: db).cardQueries(kind)
            origin = try BulkStatement(db, sql: sql.origin)
            unindexedKeys = unindexed ? [:] : nil
        }
    }

    var prepared: [Prepared?] = Array(repeating: nil, count: RecordKind.allCases.count)

    func statements(_ kind: RecordKind) throws -> Prepared {
        if let ready = prepared[kind.ordinal] { return ready }
        // A table that is empty when the transaction first writes to it (a first import, a restore)
        // fills fastest without its key index: inserting a million random keys into the index costs
        // more than building it once at the end. The keys are tracked in memory meanwhile, and
        // ``finish()`` makes the index again before the transaction commits. The id index and the
        // search index's insert trigger are set aside with it (``CardRows/Statements/dropKeyIndex``).
        let sql = CardRows.statements(kind)
        let empty = try Bool.fetchOne(db, sql: "SELECT NOT EXISTS (SELECT 1 FROM \(CardRows.table(kind)))") ?? false
        if empty { try db.execute(sql: sql.dropKeyIndex) }
        let made = try Prepared(kind, db: db, unindexed: empty)
        prepared[kind.ordinal] = made
        return made
    }

    /// Makes again every key index set aside while this transaction filled an empty table; the
    /// store calls it before committing, so a committed store always has its indexes.
    func finish() throws(CardportError) {
        try run {
            try flushLinks()
            for (ordinal, statements) in prepared.enumerated() where statements?.unindexedKeys != nil {
                try db.execute(sql: statements!.sql.createKeyIndex)
                prepared[ordinal] = nil
            }
            try finishOrigins()
        }
    }

    func upsertCard(_ keyed: KeyedRecord, policy: MergePolicy, provenance: Int64?) throws -> UpsertResult {
        let record = keyed.record
        let kind = record.kind
        let key = keyed.key
        let digest = keyed.digest
        let statements = try statements(kind)
        let high = Int64(bitPattern: key.high)
        let low = Int64(bitPattern: key.low)

        let found: Int64?
        if statements.unindexedKeys != nil {
            // The table was empty: a key not seen in this transaction is new, a key seen is probed by its row.
            guard let pk = statements.unindexedKeys?[key] else {
                guard let pk = try insert(record, high: high, low: low, digest: digest, provenance: provenance, statements) else {
                    throw CardportError(.io, "the store refused a new \(kind) without saying why")
                }
                statements.unindexedKeys?[key] = pk
                return .added
            }
            let probe = statements.probe
            probe.bind(1, pk)
            probe.bind(2, digest)
            probe.bind(3, provenance)
            found = try probe.run()
        } else {
            // A run of new cards (a first import) is cheapest inserted straight away; a run of copies
            // (a re-import) is cheapest probed: one index look-up settles an unchanged copy. Each record
            // starts the way the previous one ended.
            if lastAdded, try insert(record, high: high, low: low, digest: digest, provenance: provenance, statements) != nil {
                return .added
            }
            let probe = statements.probe
            probe.bind(1, high)
            probe.bind(2, low)
            probe.bind(3, digest)
            probe.bind(4, provenance)
            found = try probe.run()
        }
        guard let found else {
            guard try insert(record, high: high, low: low, digest: digest, provenance: provenance, statements) != nil else {
                throw CardportError(.io, "the store lost the \(kind) it had just looked up")
            }
            return .added
        }
        lastAdded = false
        lastCardMatchesRecord = true
        let pk: Int64
        switch CardRows.Probe(found) {
        case .duplicate(let row):
            lastCardPK = row
            return .duplicate
        case .unchanged(let row):
            lastCardPK = row
            return .unchanged
        case .differs(let row):
            pk = row
            lastCardPK = row
            lastCardMatchesRecord = false
        }
        statements.origin.bind(1, pk)
        let origin = try statements.origin.run()
        let sameImport = provenance != nil && origin == provenance
        try flushLinks()
        let existing = try StoreReader(db: db).card(kind, pk: pk, queries: statements.card)
        let merged = RecordMerge.merge(existing, record, policy: policy)
        if merged == existing { return sameImport ? .duplicate : .unchanged }
        try update(merged, pk: pk)
        return sameImport ? .duplicate : .updated
    }

    /// Whether the last card upserted was added (see ``upsertCard(_:policy:provenance:)``).
    private var lastAdded = false

    /// The primary key of the card the last upsert added or found.
    public internal(set) var lastCardPK: Int64 = 0
    /// Whether that card is now exactly the record upserted (added, or an unchanged copy).
    var lastCardMatchesRecord = false

    /// What the origins of this transaction's imports need (StoreTransaction+Origins.swift).
    let origins = OriginState()

    /// Inserts a card unless the store has its key; returns its row's primary key when it did.
    private func insert(_ record: Record, high: Int64, low: Int64, digest: Int64, provenance: Int64?,
                        _ statements: Prepared) throws -> Int64? {
        let insert = statements.insert
        insert.bind(1, record.id)
        insert.bind(2, high)
        insert.bind(3, low)
        insert.bind(4, digest)
        let next = CardRows.bind(record, to: insert, from: 5)
        insert.bind(next, provenance)
        try insert.run()
        lastAdded = insert.changes == 1
        guard lastAdded else { return nil }
        let pk = insert.lastInsertedRowID
        lastCardPK = pk
        lastCardMatchesRecord = true
        try writeChildren(of: record, pk: pk, replacing: false)
        return pk
    }

    /// Rewrites a card's row and children.
    ///
    /// The bases its origins keep as "the card as it is" are written out first (see ``StoreSchema``).
    func update(_ record: Record, pk: Int64) throws {
        let key = record.identityKey
        try keepBases(record.kind, pk: pk)
        if let statements = prepared[record.kind.ordinal], statements.unindexedKeys != nil {
            // While the key index is set aside, the keys in memory are the index: a card whose key
            // changes (a re-imported highlight that was lengthened) moves there too.
            let row = try Row.fetchOne(db.cachedStatement(sql: "SELECT key_high, key_low FROM \(CardRows.table(record.kind)) WHERE pk = ?"),
                                       arguments: [pk])
            let old = row.map { IdentityKey(kind: record.kind, high: UInt64(bitPattern: $0[0]), low: UInt64(bitPattern: $0[1])) }
            if let old, old != key {
                statements.unindexedKeys?[old] = nil
                statements.unindexedKeys?[key] = pk
            }
        }
        let statement = try db.cachedStatement(sql: CardRows.statements(record.kind).update)
        var arguments: [(any DatabaseValueConvertible)?] = [record.id, Int64(bitPattern: key.high),
                                                            Int64(bitPattern: key.low), RecordDigest.digest(record)]
        arguments += CardRows.values(record)
        arguments.append(pk)
        statement.setUncheckedArguments(StatementArguments(arguments))
        try statement.execute()
        try writeChildren(of: record, pk: pk, replacing: true)
    }

    private func writeChildren(of record: Record, pk: Int64, replacing: Bool) throws {
        let kind = record.kind
        let table = CardRows.table(kind)
        if kind == .citation || kind == .bookmark {
            if replacing {
                try flushLinks()
                try db.cachedStatement(sql: "DELETE FROM \(table)_tag WHERE \(table) = ?").execute(arguments: [pk])
            }
            let tags = CardRows.tags(of: record)
            if !tags.isEmpty {
                let prepared = try statements(kind)
                for (position, name) in tags.enumerated() {
                    prepared.pendingLinks.append(pk)
                    prepared.pendingLinks.append(Int64(position))
                    prepared.pendingLinks.append(try tagPK(name))
                }
                if prepared.pendingLinks.count >= 3 * CardRows.linksPerStatement { try insertLinks(prepared) }
            }
        }
        if case .topic(let topic) = record {
            if replacing {
                try db.cachedStatement(sql: "DELETE FROM topic_link WHERE topic = ?").execute(arguments: [pk])
                try db.cachedStatement(sql: "DELETE FROM topic_question WHERE topic = ?").execute(arguments: [pk])
            }
            let link = try db.cachedStatement(sql: "INSERT INTO topic_link (topic, position, url) VALUES (?, ?, ?)")
            for (position, url) in topic.links.enumerated() { try link.execute(arguments: [pk, position, url]) }
            let question = try db.cachedStatement(
                sql: "INSERT INTO topic_question (topic, position, text, answer, done) VALUES (?, ?, ?, ?, ?)")
            for (position, q) in topic.questions.enumerated() {
                try question.execute(arguments: [pk, position, q.text, q.answer, q.isDone])
            }
        }
        if replacing {
            try db.cachedStatement(sql: "DELETE FROM extra WHERE kind = ? AND owner = ?").execute(arguments: [table, pk])
        }
        let extras = CardRows.extras(of: record)
        if !extras.isEmpty {
            let extra = try db.cachedStatement(sql: "INSERT INTO extra (kind, owner, key, value) VALUES (?, ?, ?, ?)")
            for key in extras.keys.sorted() { try extra.execute(arguments: [table, pk, key, extras[key]!]) }
        }
    }

    /// Inserts the tag links still waiting, of every kind.
    ///
    /// Links wait so that one statement inserts many (a statement's fixed cost is most of a small
    /// insert's). Whatever reads or deletes links, or cards that links refer to, flushes them first:
    /// a merge that reads a card's tags, an update that replaces them, archiving, purging, and the
    /// end of the transaction.
    func flushLinks() throws {
        for case let statements? in prepared where !statements.pendingLinks.isEmpty {
            try insertLinks(statements)
        }
    }

    private func insertLinks(_ statements: Prepared) throws {
        let links = statements.pendingLinks
        var row = 0
        let rows = links.count / 3
        while row < rows {
            let count = Swift.min(CardRows.linksPerStatement, rows - row)
            let insert = try statements.tagLinks[count - 1] ?? BulkStatement(db, sql: statements.sql.tagLinks[count - 1])
            statements.tagLinks[count - 1] = insert
            var parameter: Int32 = 1
            for value in links[(3 * row)..<(3 * (row + count))] {
                insert.bind(parameter, value)
                parameter += 1
            }
            try insert.run()
            row += count
        }
        statements.pendingLinks.removeAll(keepingCapacity: true)
    }

    // MARK: Tags and settings

    /// The primary key of the tag called `name`, adding the tag when the store has none of that key.
    private func tagPK(_ name: String) throws -> Int64 {
        let known = name.withUTF8Bytes { tagsByName.find(UnsafeRawBufferPointer($0)) }
        let place: ByteTable<Int64>.Place
        switch known {
        case .found(let index): return tagsByName[index]
        case .missing(let missing): place = missing
        }
        let key = Tag(name: name).identityKey
        let pk: Int64
        if let cached = tagsByKey[key] {
            pk = cached
        } else if let found = try Int64.fetchOne(db.cachedStatement(sql: "SELECT pk FROM tag WHERE key_high = ? AND key_low = ?"),
                                                 arguments: [Int64(bitPattern: key.high), Int64(bitPattern: key.low)]) {
            pk = found
        } else {
            try db.cachedStatement(sql: "INSERT INTO tag (name, key_high, key_low, colour) VALUES (?, ?, ?, NULL)")
                .execute(arguments: [name, Int64(bitPattern: key.high), Int64(bitPattern: key.low)])
            pk = db.lastInsertedRowID
        }
        name.withUTF8Bytes { _ = tagsByName.add(UnsafeRawBufferPointer($0), pk, at: place) }
        tagsByKey[key] = pk
        return pk
    }

    private func upsertTag(_ tag: Tag, policy: MergePolicy) throws -> UpsertResult {
        let key = tag.identityKey
        let row = try Row.fetchOne(db, sql: "SELECT pk, name, colour FROM tag WHERE key_high = ? AND key_low = ?",
                                   arguments: [Int64(bitPattern: key.high), Int64(bitPattern: key.low)])
        guard let row else {
            _ = try tagPK(tag.name)
            guard let colour = tag.colour else { return .added }
            try db.execute(sql: "UPDATE tag SET colour = ? WHERE pk = ?", arguments: [colour.description, try tagPK(tag.name)])
            return .added
        }
        let existing = Tag(name: row[1], colour: (row[2] as String?).flatMap { try? TagColour(parsing: $0) })
        let merged = RecordMerge.merge(existing, tag, policy: policy)
        guard merged != existing else { return .unchanged }
        let pk: Int64 = row[0]
        try db.execute(sql: "UPDATE tag SET colour = ? WHERE pk = ?", arguments: [merged.colour?.description, pk])
        return .updated
    }

    private func upsertSettings(_ settings: Settings, policy: MergePolicy) throws -> UpsertResult {
        let existing = try StoreReader(db: db).settings()
        let merged = existing.map { RecordMerge.merge($0, settings, policy: policy) } ?? settings
        if merged == existing { return .unchanged }
        try db.execute(sql: """
            INSERT INTO settings (pk, show_favourite_on_top, appearance, language) VALUES (1, ?, ?, ?)
            ON CONFLICT (pk) DO UPDATE SET show_favourite_on_top = excluded.show_favourite_on_top,
            appearance = excluded.appearance, language = excluded.language
            """, arguments: [merged.showFavouriteOnTop, merged.appearance.rawValue, merged.language])
        try db.execute(sql: "DELETE FROM settings_widget_tag")
        for (position, name) in merged.widgetTags.enumerated() {
            try db.execute(sql: "INSERT INTO settings_widget_tag (position, name) VALUES (?, ?)", arguments: [position, name])
        }
        return existing == nil ? .added : .updated
    }

    /// How many cards (citations, bookmarks, tasks, topics) the store holds now.
    public func cardCount() throws(CardportError) -> Int {
        try run {
            try CardRows.tables.reduce(0) { total, entry in
                total + (try Int.fetchOne(db, sql: "SELECT count(*) FROM \(entry.table)") ?? 0)
            }
        }
    }

    // MARK: Archive, purge, replace

    /// Archives or unarchives the citations `filter` selects; returns how many changed.
    public func setArchived(_ archived: Bool, _ filter: CardFilter) throws(CardportError) -> Int {
        try run { try flushLinks() }
        var selection = filter
        selection.kinds = [.citation]
        selection.archived = archived ? .exclude : .only
        return try run {
            var pks: [Int64] = []
            var records: [Record] = []
            try StoreReader(db: db).forEachCard(selection) { pk, record in
                pks.append(pk)
                records.append(record)
            }
            for (pk, record) in zip(pks, records) {
                guard case .citation(var citation) = record else { continue }
                citation.isArchived = archived
                try update(.citation(citation), pk: pk)
            }
            return pks.count
        }
    }

    /// Deletes the archived citations `filter` selects (never an unarchived one); returns how many.
    public func purgeArchived(_ filter: CardFilter) throws(CardportError) -> Int {
        try run {
            try flushLinks()
            try flushOrigins()
        }
        var selection = filter
        selection.kinds = [.citation]
        selection.archived = .only
        return try run {
            var pks: [Int64] = []
            try StoreReader(db: db).forEachCard(selection) { pk, _ in pks.append(pk) }
            let delete = try db.cachedStatement(sql: "DELETE FROM citation WHERE pk = ? AND archived = 1")
            let extras = try db.cachedStatement(sql: "DELETE FROM extra WHERE kind = 'citation' AND owner = ?")
            let origins = try db.cachedStatement(sql: "DELETE FROM origin WHERE kind = 'citation' AND card = ?")
            for pk in pks {
                try delete.execute(arguments: [pk])
                try extras.execute(arguments: [pk])
                try origins.execute(arguments: [pk])
            }
            return pks.count
        }
    }

    /// Deletes every card, tag, setting and provenance entry (`restore --replace`).
    public func removeEverything() throws(CardportError) {
        try run {
            try flushLinks()
            try flushOrigins()
            for table in ["citation_tag", "bookmark_tag", "topic_link", "topic_question", "extra", "origin", "source",
                          "citation", "bookmark", "task", "topic", "tag", "settings_widget_tag", "settings", "provenance"] {
                try db.execute(sql: "DELETE FROM \(table)")
            }
            tagsByName = ByteTable<Int64>()
            tagsByKey = [:]
            origins.sources = [:]
        }
    }

    func run<T>(_ body: () throws -> T) throws(CardportError) -> T {
        try Store.attempt(db.description, body)
    }
}
