import CardportCore
import GRDB

/// The full-text index of the cards (migration `3-search`): which columns it holds, and how new
/// cards get into it.
///
/// A card added is not indexed by a trigger, one row at a time, which made an import several times
/// slower: each table's index notes the last card it holds (`search_state`), and
/// ``catchUp(_:)`` indexes the cards after it in one statement when a search next needs the index
/// (``Store/catchUpSearch()``), so that an import does not pay for it. Changes to and deletions of
/// indexed cards go through triggers, as they are few.
enum SearchIndex {
    /// The columns of a card table that its index holds.
    static func columns(_ kind: RecordKind) -> [String] {
        switch kind {
        case .citation: return ["text", "note", "author", "source"]
        case .bookmark: return ["text", "name"]
        case .task: return ["description"]
        case .topic: return ["title", "notes"]
        case .tag, .settings: return []
        }
    }

    /// The last card of `table` its index holds, as an SQL expression.
    static func indexedPK(_ table: String) -> String {
        "(SELECT indexed FROM search_state WHERE kind = '\(table)')"
    }

    /// The trigger that indexes a card inserted with a primary key the index already counts as
    /// held (a number set free when the last cards were deleted, and given again).
    ///
    /// SQLite runs a trigger's condition for every row inserted, which costs a bulk fill a third
    /// of its inserting: an import into an empty table sets it aside with the key index
    /// (``dropInsertTrigger(_:)``) and makes it again before it commits.
    static func insertTrigger(_ kind: RecordKind) -> String {
        precondition(!columns(kind).isEmpty, "\(kind) cards are not indexed for search")
        let table = CardRows.table(kind)
        let list = columns(kind).joined(separator: ", ")
        let values = columns(kind).map { "new.\($0)" }.joined(separator: ", ")
        return """
            CREATE TRIGGER \(table)_search_insert AFTER INSERT ON \(table) WHEN new.pk <= \(indexedPK(table)) BEGIN
                INSERT INTO \(table)_search (rowid, \(list)) VALUES (new.pk, \(values));
            END
            """
    }

    /// Drops the insert trigger of an empty card table, for a bulk fill; the index then holds no card
    /// of it, and every card the fill adds is indexed by the next ``catchUp(_:)``.
    static func dropInsertTrigger(_ kind: RecordKind) -> String {
        let table = CardRows.table(kind)
        return "DROP TRIGGER \(table)_search_insert; UPDATE search_state SET indexed = 0 WHERE kind = '\(table)'"
    }

    /// Whether some card table holds cards its index does not.
    static func isBehind(_ db: Database) throws -> Bool {
        for (_, table) in CardRows.tables {
            guard let indexed = try Int64.fetchOne(db.cachedStatement(sql: "SELECT indexed FROM search_state WHERE kind = ?"),
                                                   arguments: [table]) else { continue }
            let last = try Int64.fetchOne(db.cachedStatement(sql: "SELECT coalesce(max(pk), 0) FROM \(table)")) ?? 0
            if last > indexed { return true }
        }
        return false
    }

    /// Indexes every card added since the index last caught up.
    static func catchUp(_ db: Database) throws {
        for (kind, table) in CardRows.tables {
            guard let indexed = try Int64.fetchOne(db.cachedStatement(sql: "SELECT indexed FROM search_state WHERE kind = ?"),
                                                   arguments: [table]) else { continue }
            let last = try Int64.fetchOne(db.cachedStatement(sql: "SELECT coalesce(max(pk), 0) FROM \(table)")) ?? 0
            guard last > indexed else { continue }
            let list = columns(kind).joined(separator: ", ")
            try db.execute(sql: """
                INSERT INTO \(table)_search (rowid, \(list)) SELECT pk, \(list) FROM \(table) WHERE pk > ?;
                UPDATE search_state SET indexed = ? WHERE kind = ?;
                """, arguments: [indexed, last, table])
        }
    }
}
