import GRDB
import CardportCore

extension StoreSchema {
    /// Migration `3-search`: what finds a card by what a person types.
    ///
    /// An index on each card table's `id`, so that an id prefix (`cardport show 1174c3`) and a card's
    /// shortest unique prefix are found by a range look-up rather than a scan of every card.
    ///
    /// `card_search`, an FTS5 index over every card's words (``searchColumns``), case- and
    /// accent-insensitive, kept in step with the card tables by triggers and filled here from the
    /// cards a store already holds. Its rowid is the card's ``searchRowID(kind:pk:)``. Tags are not
    /// in it: they are few, and matched by name at search time (``StoreReader/search(_:filter:limit:)``),
    /// so that writing a card's tag links costs no index update.
    static func createSearch(_ db: Database) throws {
        for (_, table) in CardRows.tables {
            try db.execute(sql: "CREATE INDEX \(table)_id ON \(table) (id)")
        }
        try db.execute(sql: """
            CREATE VIRTUAL TABLE card_search USING fts5(body, note, author, source, tokenize = 'unicode61 remove_diacritics 2')
            """)
        for (kind, table) in CardRows.tables {
            let code = searchKindCode(kind)
            let values = searchColumns(kind)
            func row(_ prefix: String) -> String {
                "\(prefix).pk * 4 + \(code), " + values.map { $0.map { "\(prefix).\($0)" } ?? "NULL" }.joined(separator: ", ")
            }
            let watched = values.compactMap { $0 }.joined(separator: ", ")
            try db.execute(sql: """
                CREATE TRIGGER \(table)_search_insert AFTER INSERT ON \(table) BEGIN
                    INSERT INTO card_search (rowid, body, note, author, source) VALUES (\(row("new")));
                END;
                CREATE TRIGGER \(table)_search_update AFTER UPDATE OF \(watched) ON \(table) BEGIN
                    DELETE FROM card_search WHERE rowid = old.pk * 4 + \(code);
                    INSERT INTO card_search (rowid, body, note, author, source) VALUES (\(row("new")));
                END;
                CREATE TRIGGER \(table)_search_delete AFTER DELETE ON \(table) BEGIN
                    DELETE FROM card_search WHERE rowid = old.pk * 4 + \(code);
                END;
                INSERT INTO card_search (rowid, body, note, author, source) SELECT \(row(table)) FROM \(table);
                """)
        }
    }

    /// The columns of a card table that fill `card_search`'s body, note, author and source (`nil`: none).
    static func searchColumns(_ kind: RecordKind) -> [String?] {
        switch kind {
        case .citation: return ["text", "note", "author", "source"]
        case .bookmark: return ["text", "name", nil, nil]
        case .task: return ["description", nil, nil, nil]
        case .topic: return ["title", "notes", nil, nil]
        case .tag, .settings: return []
        }
    }

    /// The low two bits of a card's `card_search` rowid, which say its kind.
    static func searchKindCode(_ kind: RecordKind) -> Int64 {
        switch kind {
        case .citation: return 0
        case .bookmark: return 1
        case .task: return 2
        default: return 3
        }
    }

    /// The `card_search` rowid of the card of `kind` with primary key `pk`.
    static func searchRowID(kind: RecordKind, pk: Int64) -> Int64 { pk * 4 + searchKindCode(kind) }

    /// The kind and primary key of a `card_search` rowid.
    static func card(searchRowID rowID: Int64) -> (RecordKind, Int64) {
        let kinds: [RecordKind] = [.citation, .bookmark, .task, .topic]
        return (kinds[Int(rowID & 3)], rowID >> 2)
    }
}
