import GRDB

extension StoreSchema {
    /// Migration `4-tag-cards`: the cards of a tag, found without reading every tag link.
    ///
    /// A link table's key is the card and the tag's position on it, which answers "the tags of this
    /// card"; `list --tag`, `export --tag` and `tag delete` ask the other way round, "the cards of this
    /// tag", which without this index reads every link in the store (a million cards hold a million
    /// or more links). An import into an empty table sets it aside and makes it again at the end,
    /// with the key index.
    static func createTagCards(_ db: Database) throws {
        for table in StoreSchema.taggedTables {
            try db.execute(sql: tagCardsIndex(table))
        }
    }

    /// The statement that makes the index of the cards of each tag of `table`.
    static func tagCardsIndex(_ table: String) -> String {
        "CREATE INDEX \(table)_tag_cards ON \(table)_tag (tag, \(table))"
    }

    /// The card tables whose cards have tags, each with a link table `<table>_tag`.
    static let taggedTables = ["citation", "bookmark"]
}
