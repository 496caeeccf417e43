import GRDB

extension StoreSchema {
    /// Migration `3-search`: what finds a card by what a person types.
    ///
    /// An index on each card table's `id`, so that an id prefix (`cardport show 1174c3`) and a card's
    /// shortest unique prefix are found by a range look-up rather than a scan of every card.
    static func createSearch(_ db: Database) throws {
        for (_, table) in CardRows.tables {
            try db.execute(sql: "CREATE INDEX \(table)_id ON \(table) (id)")
        }
    }
}
