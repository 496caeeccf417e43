import CardportCore
import GRDB

extension StoreSchema {
    /// Migration `6-highlight-fields`: a citation's chapter, colour, position in its source's own
    /// notation and the source's id of it, as columns of their own.
    ///
    /// Before, e-reader formats kept them in `extras` under `chapter`, `colour` (or `color`),
    /// `position` and `source_id`; a store made then has those extras moved into the columns, and
    /// the digests of the cards that moved made again, so that a re-import of the same source
    /// finds them unchanged.
    static func createHighlightFields(_ db: Database) throws {
        try db.execute(sql: """
            ALTER TABLE citation ADD COLUMN chapter TEXT;
            ALTER TABLE citation ADD COLUMN colour TEXT;
            ALTER TABLE citation ADD COLUMN position TEXT;
            ALTER TABLE citation ADD COLUMN source_id TEXT;
            """)
        let moved = try Int64.fetchAll(db, sql: """
            SELECT DISTINCT owner FROM extra
            WHERE kind = 'citation' AND key IN ('chapter', 'colour', 'color', 'position', 'source_id')
            ORDER BY owner
            """)
        guard !moved.isEmpty else { return }
        for (column, keys) in [("chapter", ["chapter"]), ("colour", ["colour", "color"]), ("position", ["position"]),
                               ("source_id", ["source_id"])] {
            for key in keys {
                try db.execute(sql: """
                    UPDATE citation SET \(column) = (
                        SELECT value FROM extra WHERE kind = 'citation' AND owner = citation.pk AND key = ?1)
                    WHERE \(column) IS NULL AND pk IN (SELECT owner FROM extra WHERE kind = 'citation' AND key = ?1)
                    """, arguments: [key])
            }
        }
        // `color` stays an extra when a `colour` took the column: both are kept.
        try db.execute(sql: """
            DELETE FROM extra WHERE kind = 'citation' AND (key IN ('chapter', 'colour', 'position', 'source_id')
                OR (key = 'color' AND NOT EXISTS (
                    SELECT 1 FROM extra e WHERE e.kind = 'citation' AND e.owner = extra.owner AND e.key = 'colour')))
            """)
        let reader = StoreReader(db: db)
        let queries = try reader.cardQueries(.citation)
        let update = try db.makeStatement(sql: "UPDATE citation SET digest = ? WHERE pk = ?")
        for pk in moved {
            let card = try reader.card(.citation, pk: pk, queries: queries)
            try update.execute(arguments: [RecordDigest.digest(card), pk])
        }
    }
}
