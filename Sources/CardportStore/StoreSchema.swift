import GRDB

/// The store's tables, as named migrations applied in order.
///
/// Migrations are append-only: a released migration is never edited, a change of schema is a new
/// migration at the end of the list, so a store made by any earlier version opens in a later one.
///
/// Every card table has an integer `pk` (the order cards were added in, which exports and backups
/// keep), the card's `id` (kept, not matched on: cards are the same when their keys are, as in
/// `cardport merge`), its identity key as two 64-bit halves under a unique index (the
/// merge engine's ``CardportCore/IdentityKey``), a digest of its whole content (so an import that
/// brings an unchanged copy compares one number), and the provenance entry of the import that added it.
enum StoreSchema {
    /// The migrations, oldest first.
    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("1-cards", migrate: createCards)
        migrator.registerMigration("2-origins", migrate: createOrigins)
        migrator.registerMigration("3-search", migrate: createSearch)
        migrator.registerMigration("4-tag-cards", migrate: createTagCards)
        migrator.registerMigration("5-origin-pages", migrate: createOriginPages)
        migrator.registerMigration("6-highlight-fields", migrate: createHighlightFields)
        return migrator
    }

    /// The names of every migration, oldest first.
    static let migrationNames = ["1-cards", "2-origins", "3-search", "4-tag-cards", "5-origin-pages",
                                 "6-highlight-fields"]

    /// Where each card came from, per source, and what that source last gave (Merging.md, "Origins").
    ///
    /// A `source` is one input as the user named it (`kindle:/home/me/My Clippings.txt`); an
    /// `origin` ties one card to one item of one source: the item's identity in that source as a
    /// 128-bit hash (its id, or for Kindle its book, author, location and creation time, or else the
    /// card's identity key), the digest of the version the source last gave (the base), and that
    /// version itself in `base` when it differs from the card: `base` is NULL while the card is
    /// exactly what the source gave, which is most cards, so a first import writes no copy of them.
    /// ``StoreTransaction`` writes the base out before it changes such a card. `book` is a hash of a
    /// Kindle highlight's book and author and `location_start`/`location_end` its location as the
    /// source last gave it, for finding the highlight a lengthened or shrunk one replaces.
    private static func createOrigins(_ db: Database) throws {
        try db.execute(sql: """
            CREATE TABLE source (
                pk INTEGER PRIMARY KEY,
                key TEXT NOT NULL UNIQUE,
                format TEXT NOT NULL,
                last_import INTEGER REFERENCES provenance (pk) ON DELETE SET NULL
            );
            CREATE TABLE origin (
                pk INTEGER PRIMARY KEY,
                source INTEGER NOT NULL REFERENCES source (pk) ON DELETE CASCADE,
                item_high INTEGER NOT NULL,
                item_low INTEGER NOT NULL,
                kind TEXT NOT NULL,
                card INTEGER NOT NULL,
                digest INTEGER NOT NULL,
                base TEXT,
                book INTEGER,
                location_start INTEGER,
                location_end INTEGER
            );
            CREATE INDEX origin_item ON origin (item_high, item_low);
            CREATE INDEX origin_card ON origin (kind, card);
            CREATE INDEX origin_book ON origin (book, location_start, location_end) WHERE book IS NOT NULL;
            """)
    }

    private static func createCards(_ db: Database) throws {
        try db.execute(sql: """
            CREATE TABLE provenance (
                pk INTEGER PRIMARY KEY,
                source TEXT NOT NULL,
                sha256 TEXT,
                format TEXT NOT NULL,
                imported_at TEXT NOT NULL,
                read INTEGER NOT NULL DEFAULT 0,
                added INTEGER NOT NULL DEFAULT 0,
                updated INTEGER NOT NULL DEFAULT 0,
                unchanged INTEGER NOT NULL DEFAULT 0,
                duplicates INTEGER NOT NULL DEFAULT 0,
                rejected INTEGER NOT NULL DEFAULT 0
            );
            CREATE TABLE tag (
                pk INTEGER PRIMARY KEY,
                name TEXT NOT NULL,
                key_high INTEGER NOT NULL,
                key_low INTEGER NOT NULL,
                colour TEXT
            );
            CREATE UNIQUE INDEX tag_key ON tag (key_high, key_low);
            CREATE TABLE citation (
                pk INTEGER PRIMARY KEY,
                id TEXT NOT NULL,
                key_high INTEGER NOT NULL,
                key_low INTEGER NOT NULL,
                digest INTEGER NOT NULL,
                text TEXT NOT NULL,
                author TEXT,
                source TEXT,
                favourite INTEGER NOT NULL,
                archived INTEGER NOT NULL,
                created_at TEXT,
                updated_at TEXT,
                note TEXT,
                page TEXT,
                location_start INTEGER,
                location_end INTEGER,
                provenance INTEGER REFERENCES provenance (pk) ON DELETE SET NULL
            );
            CREATE UNIQUE INDEX citation_key ON citation (key_high, key_low);
            CREATE TABLE citation_tag (
                citation INTEGER NOT NULL REFERENCES citation (pk) ON DELETE CASCADE,
                position INTEGER NOT NULL,
                tag INTEGER NOT NULL REFERENCES tag (pk),
                PRIMARY KEY (citation, position)
            ) WITHOUT ROWID;
            CREATE TABLE bookmark (
                pk INTEGER PRIMARY KEY,
                id TEXT NOT NULL,
                key_high INTEGER NOT NULL,
                key_low INTEGER NOT NULL,
                digest INTEGER NOT NULL,
                name TEXT,
                text TEXT NOT NULL,
                created_at TEXT,
                updated_at TEXT,
                provenance INTEGER REFERENCES provenance (pk) ON DELETE SET NULL
            );
            CREATE UNIQUE INDEX bookmark_key ON bookmark (key_high, key_low);
            CREATE TABLE bookmark_tag (
                bookmark INTEGER NOT NULL REFERENCES bookmark (pk) ON DELETE CASCADE,
                position INTEGER NOT NULL,
                tag INTEGER NOT NULL REFERENCES tag (pk),
                PRIMARY KEY (bookmark, position)
            ) WITHOUT ROWID;
            CREATE TABLE task (
                pk INTEGER PRIMARY KEY,
                id TEXT NOT NULL,
                key_high INTEGER NOT NULL,
                key_low INTEGER NOT NULL,
                digest INTEGER NOT NULL,
                description TEXT NOT NULL,
                progress INTEGER NOT NULL CHECK (progress BETWEEN 0 AND 100),
                created_at TEXT,
                updated_at TEXT,
                provenance INTEGER REFERENCES provenance (pk) ON DELETE SET NULL
            );
            CREATE UNIQUE INDEX task_key ON task (key_high, key_low);
            CREATE TABLE topic (
                pk INTEGER PRIMARY KEY,
                id TEXT NOT NULL,
                key_high INTEGER NOT NULL,
                key_low INTEGER NOT NULL,
                digest INTEGER NOT NULL,
                title TEXT NOT NULL,
                due TEXT,
                status TEXT NOT NULL,
                notes TEXT,
                created_at TEXT,
                updated_at TEXT,
                provenance INTEGER REFERENCES provenance (pk) ON DELETE SET NULL
            );
            CREATE UNIQUE INDEX topic_key ON topic (key_high, key_low);
            CREATE TABLE topic_link (
                topic INTEGER NOT NULL REFERENCES topic (pk) ON DELETE CASCADE,
                position INTEGER NOT NULL,
                url TEXT NOT NULL,
                PRIMARY KEY (topic, position)
            ) WITHOUT ROWID;
            CREATE TABLE topic_question (
                topic INTEGER NOT NULL REFERENCES topic (pk) ON DELETE CASCADE,
                position INTEGER NOT NULL,
                text TEXT NOT NULL,
                answer TEXT,
                done INTEGER NOT NULL,
                PRIMARY KEY (topic, position)
            ) WITHOUT ROWID;
            CREATE TABLE extra (
                kind TEXT NOT NULL,
                owner INTEGER NOT NULL,
                key TEXT NOT NULL,
                value TEXT NOT NULL,
                PRIMARY KEY (kind, owner, key)
            ) WITHOUT ROWID;
            CREATE TABLE settings (
                pk INTEGER PRIMARY KEY CHECK (pk = 1),
                show_favourite_on_top INTEGER NOT NULL,
                appearance TEXT NOT NULL,
                language TEXT
            );
            CREATE TABLE settings_widget_tag (
                position INTEGER PRIMARY KEY,
                name TEXT NOT NULL
            );
            """)
    }
}
