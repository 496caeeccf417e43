import GRDB

extension StoreSchema {
    /// Migration `5-origin-pages`: the page of a Kindle highlight that has no location (a PDF's),
    /// as the source last gave it, so that a re-import finds the highlight a lengthened or shrunk
    /// one on the same page replaces, as a highlight with a location is found by overlap.
    ///
    /// A store made before has its page-only highlights' pages filled in from their cards.
    static func createOriginPages(_ db: Database) throws {
        try db.execute(sql: "ALTER TABLE origin ADD COLUMN page TEXT")
        try fillOriginPages(db)
        try db.execute(sql: "CREATE INDEX origin_page ON origin (book, page) WHERE page IS NOT NULL")
    }

    /// Gives every page-only Kindle origin without a page its card's page: after the migration,
    /// and after a restore (a backup carries an origin's book and location, and its card the page).
    static func fillOriginPages(_ db: Database) throws {
        try db.execute(sql: """
            UPDATE origin SET page = (SELECT c.page FROM citation c WHERE c.pk = origin.card)
            WHERE kind = 'citation' AND book IS NOT NULL AND location_start IS NULL AND page IS NULL
            """)
    }
}
