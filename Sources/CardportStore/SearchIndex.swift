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
