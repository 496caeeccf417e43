import CardportCore
import GRDB

extension StoreSchema {
    /// Migration `3-search`: what finds a card by what a person types.
    ///
    /// An index on each card table's `id`, so that an id prefix (`cardport show 1174c3`) and a card's
    /// shortest unique prefix are found by a range look-up rather than a scan of every card.
    ///
    /// For each card table, an FTS5 index of its words (``SearchIndex/columns(_:)``), case- and
    /// accent-insensitive, whose content is the card table itself (external content: no second copy
    /// of the text), filled here from the cards a store already holds. New cards are indexed in bulk
    /// by the first search after they came (``SearchIndex/catchUp(_:)``); triggers keep the index in step
    /// when an indexed card changes or goes. Tags are not in it: they are few, and matched by name at
    /// search time (``StoreReader/search(_:filter:limit:)``).
    static func createSearch(_ db: Database) throws {
        for (_, table) in CardRows.tables {
            try db.execute(sql: "CREATE INDEX \(table)_id ON \(table) (id)")
        }
        try db.execute(sql: "CREATE TABLE search_state (kind TEXT PRIMARY KEY, indexed INTEGER NOT NULL) WITHOUT ROWID")
        for (kind, table) in CardRows.tables {
            let list = SearchIndex.columns(kind).joined(separator: ", ")
            func values(_ row: String) -> String { SearchIndex.columns(kind).map { "\(row).\($0)" }.joined(separator: ", ") }
            let indexed = SearchIndex.indexedPK(table)
            try db.execute(sql: """
                CREATE VIRTUAL TABLE \(table)_search USING fts5(\(list), content = '\(table)', content_rowid = 'pk',
                    tokenize = 'unicode61 remove_diacritics 2');
                INSERT INTO \(table)_search (\(table)_search) VALUES ('rebuild');
                INSERT INTO search_state (kind, indexed) VALUES ('\(table)', (SELECT coalesce(max(pk), 0) FROM \(table)));
                \(SearchIndex.insertTrigger(kind));
                CREATE TRIGGER \(table)_search_update AFTER UPDATE OF \(list) ON \(table) WHEN old.pk <= \(indexed) BEGIN
                    INSERT INTO \(table)_search (\(table)_search, rowid, \(list)) VALUES ('delete', old.pk, \(values("old")));
                    INSERT INTO \(table)_search (rowid, \(list)) VALUES (new.pk, \(values("new")));
                END;
                CREATE TRIGGER \(table)_search_delete AFTER DELETE ON \(table) WHEN old.pk <= \(indexed) BEGIN
                    INSERT INTO \(table)_search (\(table)_search, rowid, \(list)) VALUES ('delete', old.pk, \(values("old")));
                END;
                """)
        }
    }
}
