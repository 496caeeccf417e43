public import CardportCore
import CardportMachinery
import GRDB

/// What an import's ``StoreTransaction/sync(_:item:source:policy:provenance:)`` did with a record,
/// besides the ``UpsertResult``.
public struct SyncResult: Sendable, Hashable {
    /// Added, updated, unchanged or a duplicate, as an upsert says.
    public var result: UpsertResult
    /// Whether the card kept edits made in the store since the source last gave it.
    public var keptStoreEdits = false
    /// The fields both the source and the store changed, when there were any.
    public var conflict: SyncConflict?
    /// Whether a Kindle highlight replaced the card of an earlier version of it (lengthened or shrunk).
    public var replacedHighlight = false
    /// Whether the card was folded into another card that already had the merged content.
    public var folded = false

    init(_ result: UpsertResult) {
        self.result = result
    }
}

/// A card whose field both its source and the store changed since the source last gave it.
public struct SyncConflict: Sendable, Hashable, Codable {
    /// The card's id.
    public var id: String
    /// The fields both sides changed.
    public var fields: [String]
    /// Which side the policy chose: `incoming` (the source's values) or `existing` (the store's).
    public var winner: String
}

extension StoreTransaction {
    // MARK: Sources

    /// The number of the source called `key`, registering it on first use; starts a new input: what
    /// ``sync(_:item:source:policy:provenance:)`` has seen so far is forgotten.
    public func source(key: String, format: String) throws(CardportError) -> Int64 {
        origins.seen.removeAll(keepingCapacity: true)
        return try run { try sourcePK(key: key, format: format) }
    }

    func sourcePK(key: String, format: String) throws -> Int64 {
        if let known = origins.sources[key] { return known }
        if let found = try Int64.fetchOne(db, sql: "SELECT pk FROM source WHERE key = ?", arguments: [key]) {
            origins.sources[key] = found
            return found
        }
        try db.execute(sql: "INSERT INTO source (key, format) VALUES (?, ?)", arguments: [key, format])
        let pk = db.lastInsertedRowID
        origins.sources[key] = pk
        return pk
    }

    /// Records that `provenance` is the source's latest import.
    public func finishSource(_ source: Int64, provenance: Int64) throws(CardportError) {
        try run { try db.execute(sql: "UPDATE source SET last_import = ? WHERE pk = ?", arguments: [provenance, source]) }
    }

    // MARK: Sync

    /// Merges one record of a source into the store, three ways when the source gave the card before.
    ///
    /// The card is found by the item's origin from this source, else by an origin of the same item
    /// from another source, else by identity key, else (a Kindle highlight) by an earlier version of
    /// the highlight: same book, overlapping location, and one text containing the other by whole
    /// words. With an origin, what the source changed since the base flows in, what only the store
    /// changed stays, and a field both changed goes by `policy` (``ThreeWayMerge``); without one the
    /// two copies fold under `policy` as ``upsert(_:policy:provenance:)`` folds them. Either way the
    /// item's origin from this source then records the record as its new base.
    public func sync(_ keyed: KeyedRecord, item: OriginItem, source: Int64, policy: MergePolicy,
                     provenance: Int64?) throws(CardportError) -> SyncResult {
        let kind = keyed.record.kind
        guard kind != .tag, kind != .settings else {
            return SyncResult(try upsert(keyed, policy: policy, provenance: provenance))
        }
        return try run {
            let rows = try originRows(item)
            if let mine = rows.first(where: { $0.source == source && $0.kind == kind }) {
                guard origins.seen.insert(mine.pk).inserted else { return SyncResult(.duplicate) }
                // The source gives what it gave last time: whatever the store did since stays.
                if mine.digest == keyed.digest { return SyncResult(.unchanged) }
                return try mergeThreeWays(keyed, origin: mine, item: item, policy: policy, provenance: provenance,
                                          replacing: mine.pk)
            }
            if let other = rows.first(where: { $0.kind == kind }) {
                return try mergeThreeWays(keyed, origin: other, item: item, source: source, policy: policy,
                                          provenance: provenance, replacing: nil)
            }
            if let book = item.book, case .citation(let incoming) = keyed.record, try cardPK(keyed.key) == nil,
               let earlier = try earlierVersion(of: incoming, book: book) {
                let sameSource = earlier.source == source && !origins.seen.contains(earlier.pk)
                var result = try mergeThreeWays(keyed, origin: earlier, item: item, source: source, policy: policy,
                                                provenance: provenance, replacing: sameSource ? earlier.pk : nil)
                result.replacedHighlight = true
                return result
            }
            var result = SyncResult(try upsertCard(keyed, policy: policy, provenance: provenance))
            let pk = lastCardPK
            let base = lastCardMatchesRecord ? nil : OriginBase.encode(keyed.record)
            let origin = try insertOrigin(source: source, item: item, kind: kind, card: pk, digest: keyed.digest, base: base,
                                          record: keyed.record)
            origins.seen.insert(origin)
            if let book = item.book, result.result != .added, case .citation(let incoming) = keyed.record {
                // The highlight's card came from elsewhere (another format, say) while an earlier
                // version of it has a card of its own: the two become one.
                while let earlier = try earlierVersion(of: incoming, book: book, excluding: pk) {
                    try flushLinks()
                    let queries = try statements(kind).card
                    let kept = try StoreReader(db: db).card(kind, pk: pk, queries: queries)
                    let replaced = try StoreReader(db: db).card(kind, pk: earlier.card, queries: queries)
                    try update(RecordMerge.merge(kept, replaced, policy: .existing), pk: pk)
                    try removeCard(kind, pk: earlier.card, movingOriginsTo: pk)
                    result.replacedHighlight = true
                    result.folded = true
                    result.result = .updated
                }
            }
            return result
        }
    }

    /// Merges a record into the card of `origin`, whose base it is measured against; then records
    /// the record as the base of the item's origin from `source` (rewriting `replacing`, or adding one).
    private func mergeThreeWays(_ keyed: KeyedRecord, origin: OriginRow, item: OriginItem, source: Int64? = nil,
                                policy: MergePolicy, provenance: Int64?, replacing: Int64?) throws -> SyncResult {
        let kind = keyed.record.kind
        try flushLinks()
        let statements = try statements(kind)
        let card = try StoreReader(db: db).card(kind, pk: origin.card, queries: statements.card)
        let base = origin.base.flatMap { OriginBase.decode($0, kind: kind) } ?? card
        let merge = ThreeWayMerge.merge(base: base, store: card, incoming: keyed.record, policy: policy)
        var result = SyncResult(.unchanged)
        result.keptStoreEdits = merge.keptStoreEdits
        if !merge.conflicts.isEmpty {
            result.conflict = SyncConflict(id: card.id, fields: merge.conflicts, winner: merge.incomingWon ? "incoming" : "existing")
        }
        var pk = origin.card
        if merge.record != card {
            result.result = .updated
            if let other = try cardPK(merge.record.identityKey), other != pk {
                // Another card already has the merged content (a lengthened highlight imported on its
                // own before, say): the two become one, the other one, with this card's origins.
                let existing = try StoreReader(db: db).card(kind, pk: other, queries: statements.card)
                try update(RecordMerge.merge(existing, merge.record, policy: policy), pk: other)
                try removeCard(kind, pk: pk, movingOriginsTo: other)
                pk = other
                result.folded = true
            } else {
                try update(merge.record, pk: pk)
            }
        }
        let final = merge.record == keyed.record ? nil : OriginBase.encode(keyed.record)
        if let replacing {
            try rewriteOrigin(replacing, item: item, card: pk, digest: keyed.digest, base: final, record: keyed.record)
        } else if let source {
            let added = try insertOrigin(source: source, item: item, kind: kind, card: pk, digest: keyed.digest,
                                         base: final, record: keyed.record)
            origins.seen.insert(added)
        }
        return result
    }

    // MARK: Mirror

    /// Archives the citations whose origin from `source` was not met since ``source(key:format:)``
    /// (their items are gone from the source); returns how many were archived, and how many other
    /// cards are gone from it (bookmarks, tasks and topics, which cannot be archived and are kept).
    ///
    /// A card with another origin from the source that was met is not missing: the source names
    /// its item another way than it used to (an e-reader's highlights were once known by their text,
    /// and are now known by the reader's own ids).
    public func archiveMissing(source: Int64) throws(CardportError) -> (archived: Int, missing: Int) {
        try run {
            try flushLinks()
            try flushOrigins()
            var archived = 0
            var missing = 0
            let rows = try Row.fetchAll(db, sql: "SELECT pk, kind, card FROM origin WHERE source = ? ORDER BY pk",
                                        arguments: [source])
            var met = Set<String>()
            for row in rows where origins.seen.contains(row[0] as Int64) {
                met.insert((row[1] as String) + ":" + String(row[2] as Int64))
            }
            var done = Set<Int64>()
            for row in rows {
                let pk: Int64 = row[0]
                guard !origins.seen.contains(pk) else { continue }
                let kindName: String = row[1]
                let card: Int64 = row[2]
                guard !met.contains(kindName + ":" + String(card)) else { continue }
                guard let kind = RecordKind(name: kindName) else { continue }
                guard kind == .citation else {
                    missing += 1
                    continue
                }
                guard done.insert(card).inserted else { continue }
                guard var citation = try citation(pk: card), !citation.isArchived else { continue }
                citation.isArchived = true
                try update(.citation(citation), pk: card)
                archived += 1
            }
            return (archived, missing)
        }
    }

    private func citation(pk: Int64) throws -> Citation? {
        guard try Bool.fetchOne(db, sql: "SELECT EXISTS (SELECT 1 FROM citation WHERE pk = ?)", arguments: [pk]) == true else {
            return nil
        }
        guard case .citation(let citation) = try StoreReader(db: db).card(.citation, pk: pk) else { return nil }
        return citation
    }

    // MARK: Origin rows

    /// One row of the origin table.
    struct OriginRow {
        var pk: Int64
        var source: Int64
        var kind: RecordKind
        var card: Int64
        var digest: Int64
        var base: String?
    }

    /// The origins of an item, from every source.
    private func originRows(_ item: OriginItem) throws -> [OriginRow] {
        let state = origins
        if state.indexState == .unknown {
            // An empty origin table (a first import, or the first since origins came) fills fastest
            // without its item index, made again by ``finishOrigins()``; its items are kept in memory.
            let empty = try Bool.fetchOne(db, sql: "SELECT NOT EXISTS (SELECT 1 FROM origin)") ?? false
            if empty {
                try db.execute(sql: "DROP INDEX origin_item")
                state.indexState = .unindexed
            } else {
                state.indexState = .indexed
            }
        }
        if state.indexState == .unindexed {
            return try state.unindexedItems.origins(of: ItemKey(item)).compactMap { pk in try originRow(pk: pk) }
        }
        let lookup = try OriginState.prepared(db, &state.statements.lookup, """
            SELECT pk, source, kind, card, digest, base FROM origin WHERE item_high = ?1 AND item_low = ?2 ORDER BY pk
            """)
        lookup.bind(1, Int64(bitPattern: item.high))
        lookup.bind(2, Int64(bitPattern: item.low))
        var rows: [OriginRow] = []
        while try lookup.step() { rows.append(OriginStatements.row(lookup)) }
        return rows
    }

    private func originRow(pk: Int64) throws -> OriginRow? {
        if let first = origins.pending.first?.row.pk, pk >= first {
            let index = Int(pk - first)
            return index < origins.pending.count ? origins.pending[index].row : nil
        }
        let statement = try OriginState.prepared(db, &origins.statements.byPK, "SELECT pk, source, kind, card, digest, base FROM origin WHERE pk = ?1")
        statement.bind(1, pk)
        guard try statement.step() else { return nil }
        defer { statement.reset() }
        return OriginStatements.row(statement)
    }

    /// The Kindle origin (of any source) of an earlier version of `citation`: same book, an
    /// overlapping location (or the same page, without one), and one text containing the other by
    /// whole words. The latest such origin wins.
    private func earlierVersion(of citation: Citation, book: Int64, excluding card: Int64 = 0) throws -> OriginRow? {
        guard let location = citation.location else { return nil }
        try flushOrigins()
        let statement: BulkStatement
        if let start = location.start {
            // Only highlights that start at most `longestHighlight` locations earlier are looked at:
            // the index on (book, start) then reads a few rows, not every highlight of a large book.
            statement = try OriginState.prepared(db, &origins.statements.byBook, """
                SELECT o.pk, o.source, o.kind, o.card, o.digest, o.base, c.text FROM origin o JOIN citation c ON c.pk = o.card
                WHERE o.book = ?1 AND o.kind = 'citation' AND o.location_start BETWEEN ?2 - \(Self.longestHighlight) AND ?3
                AND o.location_end >= ?2
                ORDER BY o.pk DESC
                """)
            statement.bind(1, book)
            statement.bind(2, Int64(start))
            statement.bind(3, Int64(location.end ?? start))
        } else if let page = location.page {
            statement = try OriginState.prepared(db, &origins.statements.byPage, """
                SELECT o.pk, o.source, o.kind, o.card, o.digest, o.base, c.text FROM origin o JOIN citation c ON c.pk = o.card
                WHERE o.book = ?1 AND o.page = ?2 AND o.kind = 'citation'
                ORDER BY o.pk DESC
                """)
            statement.bind(1, book)
            statement.bind(2, page)
        } else {
            return nil
        }
        var found: OriginRow?
        while try statement.step() {
            guard found == nil, statement.int(3) != card else { continue }
            let text = statement.text(6) ?? ""
            if WordContainment.eitherContains(text, citation.text) { found = OriginStatements.row(statement) }
        }
        return found
    }

    /// The longest highlight, in Kindle locations, whose later versions are found across imports
    /// (the clipping limit keeps highlights far shorter).
    static let longestHighlight: Int64 = 2000

    private func insertOrigin(source: Int64, item: OriginItem, kind: RecordKind, card: Int64, digest: Int64, base: String?,
                              record: Record) throws -> Int64 {
        if origins.indexState == .unindexed {
            // Filling an empty table: rows wait and go in many to a statement, numbered here.
            let pk = origins.nextPK
            origins.nextPK += 1
            let row = OriginRow(pk: pk, source: source, kind: kind, card: card, digest: digest, base: base)
            origins.pending.append(PendingOrigin(row: row, item: item,
                                                 kindle: OriginStatements.kindleColumns(item: item, record: record)))
            origins.unindexedItems.add(pk, for: ItemKey(item))
            if origins.pending.count == OriginState.rowsPerStatement { try flushOrigins() }
            return pk
        }
        let insert = try OriginState.prepared(db, &origins.statements.insert, """
            INSERT INTO origin (source, item_high, item_low, kind, card, digest, base, book, location_start, location_end, page)
            VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11)
            """)
        insert.bind(1, source)
        insert.bind(2, Int64(bitPattern: item.high))
        insert.bind(3, Int64(bitPattern: item.low))
        insert.bind(4, kind.rawValue)
        insert.bind(5, card)
        insert.bind(6, digest)
        insert.bind(7, base)
        OriginStatements.bindKindle(insert, item: item, record: record, from: 8)
        try insert.run()
        return insert.lastInsertedRowID
    }

    /// Inserts the origin rows waiting in ``OriginState/pending``; every statement that reads or
    /// changes the origin table runs after it.
    func flushOrigins() throws {
        let pending = origins.pending
        guard !pending.isEmpty else { return }
        var row = 0
        while row < pending.count {
            let count = pending.count - row >= OriginState.rowsPerStatement ? OriginState.rowsPerStatement : 1
            let insert = try count == 1
                ? OriginState.prepared(db, &origins.statements.insertNumbered, OriginStatements.insertOne)
                : OriginState.prepared(db, &origins.statements.insertBatch, OriginStatements.insertBatch)
            var parameter: Int32 = 1
            for origin in pending[row..<(row + count)] {
                insert.bind(parameter, origin.row.pk)
                insert.bind(parameter + 1, origin.row.source)
                insert.bind(parameter + 2, Int64(bitPattern: origin.item.high))
                insert.bind(parameter + 3, Int64(bitPattern: origin.item.low))
                insert.bind(parameter + 4, origin.row.kind.rawValue)
                insert.bind(parameter + 5, origin.row.card)
                insert.bind(parameter + 6, origin.row.digest)
                insert.bind(parameter + 7, origin.row.base)
                insert.bind(parameter + 8, origin.kindle.book)
                insert.bind(parameter + 9, origin.kindle.start)
                insert.bind(parameter + 10, origin.kindle.end)
                insert.bind(parameter + 11, origin.kindle.page)
                parameter += 12
            }
            try insert.run()
            row += count
        }
        origins.pending.removeAll(keepingCapacity: true)
    }

    private func rewriteOrigin(_ pk: Int64, item: OriginItem, card: Int64, digest: Int64, base: String?, record: Record) throws {
        try flushOrigins()
        let old = try Row.fetchOne(db, sql: "SELECT item_high, item_low FROM origin WHERE pk = ?", arguments: [pk])
        let update = try OriginState.prepared(db, &origins.statements.rewrite, """
            UPDATE origin SET item_high = ?2, item_low = ?3, card = ?4, digest = ?5, base = ?6, book = ?7,
            location_start = ?8, location_end = ?9, page = ?10 WHERE pk = ?1
            """)
        update.bind(1, pk)
        update.bind(2, Int64(bitPattern: item.high))
        update.bind(3, Int64(bitPattern: item.low))
        update.bind(4, card)
        update.bind(5, digest)
        update.bind(6, base)
        OriginStatements.bindKindle(update, item: item, record: record, from: 7)
        try update.run()
        origins.seen.insert(pk)
        if origins.indexState == .unindexed, let old {
            let oldKey = ItemKey(high: UInt64(bitPattern: old[0]), low: UInt64(bitPattern: old[1]))
            origins.unindexedItems.remove(pk, for: oldKey)
            origins.unindexedItems.add(pk, for: ItemKey(item))
        }
    }

    /// The card of `kind` whose identity key is `key`, if the store has one.
    func cardPK(_ key: IdentityKey) throws -> Int64? {
        let statements = try statements(key.kind)
        if let unindexed = statements.unindexedKeys { return unindexed[key] }
        return try Int64.fetchOne(db.cachedStatement(sql: "SELECT pk FROM \(CardRows.table(key.kind)) WHERE key_high = ? AND key_low = ?"),
                                  arguments: [Int64(bitPattern: key.high), Int64(bitPattern: key.low)])
    }

    /// Deletes a card that was folded into another, moving its origins there.
    private func removeCard(_ kind: RecordKind, pk: Int64, movingOriginsTo other: Int64) throws {
        try flushLinks()
        if let statements = prepared[kind.ordinal], statements.unindexedKeys != nil {
            let key = try StoreReader(db: db).card(kind, pk: pk).identityKey
            statements.unindexedKeys?[key] = nil
        }
        try flushOrigins()
        try db.execute(sql: "UPDATE origin SET card = ? WHERE kind = ? AND card = ?", arguments: [other, kind.rawValue, pk])
        try deleteCardRows(kind, pk: pk)
    }

    /// Deletes a card's row and everything that belongs to it alone (links, questions, extras).
    func deleteCardRows(_ kind: RecordKind, pk: Int64) throws {
        let table = CardRows.table(kind)
        if kind == .citation || kind == .bookmark {
            try db.execute(sql: "DELETE FROM \(table)_tag WHERE \(table) = ?", arguments: [pk])
        }
        if kind == .topic {
            try db.execute(sql: "DELETE FROM topic_link WHERE topic = ?", arguments: [pk])
            try db.execute(sql: "DELETE FROM topic_question WHERE topic = ?", arguments: [pk])
        }
        try db.execute(sql: "DELETE FROM extra WHERE kind = ? AND owner = ?", arguments: [table, pk])
        try db.execute(sql: "DELETE FROM \(table) WHERE pk = ?", arguments: [pk])
    }

    /// Before a card changes, writes out the bases its origins keep as "the card as it is".
    func keepBases(_ kind: RecordKind, pk: Int64) throws {
        // Origins still waiting to be inserted are given theirs in memory.
        let waiting = origins.pending.indices.filter {
            origins.pending[$0].row.card == pk && origins.pending[$0].row.kind == kind && origins.pending[$0].row.base == nil
        }
        let pending = try OriginState.prepared(db, &origins.statements.pendingBase,
                                            "SELECT EXISTS (SELECT 1 FROM origin WHERE kind = ?1 AND card = ?2 AND base IS NULL)")
        pending.bind(1, kind.rawValue)
        pending.bind(2, pk)
        let inTable = try pending.run() == 1
        guard inTable || !waiting.isEmpty else { return }
        try flushLinks()
        let card = try StoreReader(db: db).card(kind, pk: pk, queries: try statements(kind).card)
        let base = OriginBase.encode(card)
        for index in waiting { origins.pending[index].row.base = base }
        guard inTable else { return }
        let write = try OriginState.prepared(db, &origins.statements.writeBase,
                                          "UPDATE origin SET base = ?1 WHERE kind = ?2 AND card = ?3 AND base IS NULL")
        write.bind(1, base)
        write.bind(2, kind.rawValue)
        write.bind(3, pk)
        try write.run()
    }

    /// Makes again the item index set aside while this transaction filled an empty origin table.
    func finishOrigins() throws {
        try flushOrigins()
        guard origins.indexState == .unindexed else { return }
        try db.execute(sql: "CREATE INDEX origin_item ON origin (item_high, item_low)")
        origins.indexState = .unknown
        origins.unindexedItems = UnindexedItems()
    }
}

/// An origin item's hash as a dictionary key.
struct ItemKey: Hashable {
    let high: UInt64
    let low: UInt64

    init(high: UInt64, low: UInt64) {
        self.high = high
        self.low = low
    }

    init(_ item: OriginItem) {
        self.init(high: item.high, low: item.low)
    }
}

/// A transaction's state for origins: sources met, origins met in the current input, prepared
/// statements, and the items added while the origin table's item index is set aside.
final class OriginState {
    enum IndexState { case unknown, indexed, unindexed }

    var sources: [String: Int64] = [:]
    var seen = Set<Int64>()
    var indexState = IndexState.unknown
    var unindexedItems = UnindexedItems()
    /// Origins added while the item index is set aside, not inserted yet (``StoreTransaction/flushOrigins()``),
    /// and the number the next one gets: the table was empty, so they are numbered from 1.
    var pending: [PendingOrigin] = []
    var nextPK: Int64 = 1
    var statements = OriginStatements()

    /// The origin rows one statement inserts while an empty table fills: one statement per row
    /// costs twice as much (each opens the table and its three indexes again).
    static let rowsPerStatement = 64

    /// The prepared statement kept in `slot`, made on first use.
    static func prepared(_ db: Database, _ slot: inout BulkStatement?, _ sql: String) throws -> BulkStatement {
        if let ready = slot { return ready }
        let made = try BulkStatement(db, sql: sql)
        slot = made
        return made
    }
}

/// The origin table's prepared statements.
struct OriginStatements {
    var lookup: BulkStatement?
    var byPK: BulkStatement?
    var byBook: BulkStatement?
    var byPage: BulkStatement?
    var insert: BulkStatement?
    var insertNumbered: BulkStatement?
    var insertBatch: BulkStatement?
    var rewrite: BulkStatement?
    var pendingBase: BulkStatement?
    var writeBase: BulkStatement?

    /// An origin from the current row of a `SELECT pk, source, kind, card, digest, base` (the kind as
    /// the origin table keeps it, ``CardportCore/RecordKind/rawValue``).
    static func row(_ statement: BulkStatement) -> StoreTransaction.OriginRow {
        StoreTransaction.OriginRow(pk: statement.int(0) ?? 0, source: statement.int(1) ?? 0,
                                   kind: RecordKind(rawValue: statement.text(2) ?? "") ?? .citation,
                                   card: statement.int(3) ?? 0, digest: statement.int(4) ?? 0, base: statement.text(5))
    }

    /// Inserts `rows` origins with their numbers, twelve parameters each.
    static func insertNumbered(rows: Int) -> String {
        "INSERT INTO origin (pk, source, item_high, item_low, kind, card, digest, base, book, location_start, location_end, page) VALUES "
            + Array(repeating: "(?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)", count: rows).joined(separator: ", ")
    }

    static let insertOne = insertNumbered(rows: 1)
    static let insertBatch = insertNumbered(rows: OriginState.rowsPerStatement)

    /// A Kindle origin's book and location; all `nil` for other items.
    static func kindleColumns(item: OriginItem, record: Record) -> KindleColumns {
        guard let book = item.book, case .citation(let c) = record, let location = c.location else { return KindleColumns() }
        // A page-only highlight (a PDF's) is found again by its page.
        return KindleColumns(book: book, start: location.start.map(Int64.init), end: location.end.map(Int64.init),
                             page: location.start == nil ? location.page : nil)
    }

    /// Binds a Kindle origin's book and location (NULL for other items) from parameter `first` on.
    static func bindKindle(_ statement: BulkStatement, item: OriginItem, record: Record, from first: Int32) {
        let columns = kindleColumns(item: item, record: record)
        statement.bind(first, columns.book)
        statement.bind(first + 1, columns.start)
        statement.bind(first + 2, columns.end)
        statement.bind(first + 3, columns.page)
    }
}

/// The origin table's columns that find a Kindle highlight's earlier versions.
struct KindleColumns {
    var book: Int64?
    var start: Int64?
    var end: Int64?
    var page: String?
}

/// An origin row waiting to be inserted: the row as it is read back, and the columns that find it.
struct PendingOrigin {
    var row: StoreTransaction.OriginRow
    var item: OriginItem
    var kindle: KindleColumns
}
