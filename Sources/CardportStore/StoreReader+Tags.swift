public import CardportCore
import GRDB

extension StoreReader {
    /// Every tag with its colour and how many cards carry it, by name.
    public func tagUsage() throws(CardportError) -> [TagUsage] {
        try Store.attempt(db.description) {
            try Row.fetchAll(db, sql: """
                SELECT t.name, t.colour,
                       (SELECT count(*) FROM citation_tag WHERE tag = t.pk) + (SELECT count(*) FROM bookmark_tag WHERE tag = t.pk)
                FROM tag t ORDER BY t.name, t.pk
                """).map {
                TagUsage(name: $0[0], colour: ($0[1] as String?).flatMap { try? TagColour(parsing: $0) }, cards: $0[2])
            }
        }
    }
}
