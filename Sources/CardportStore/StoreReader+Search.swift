public import CardportCore
import GRDB

extension StoreReader {
    /// The cards whose words hold every word of `text`, best first, among those `filter` selects,
    /// at most `limit` of them.
    ///
    /// Words are looked up in the `card_search` FTS5 index (text, note, author and source of a
    /// citation; a bookmark's text and name; a task's description; a topic's title and notes),
    /// without regard to case or accents, and ranked by BM25. Cards with a tag whose name holds every
    /// word come after them.
    public func search(_ text: String, filter: StoreFilter, limit: Int) throws(CardportError) -> [SearchHit] {
        let words = WordQuery.words(text)
        guard !words.isEmpty else {
            throw CardportError(.usage, "'\(text)' has no words to search for", hint: "search for letters or digits")
        }
        return try Store.attempt(db.description) {
            var hits: [SearchHit] = []
            var seen = Set<Int64>()
            // Each word (letters and digits only) a quoted FTS5 string, so that none is read as an operator.
            let query = words.map { "\"" + $0 + "\"" }.joined(separator: " ")
            let start = String(SearchHit.matchStart)
            let end = String(SearchHit.matchEnd)
            let rows = try Row.fetchCursor(db, sql: """
                SELECT rowid, snippet(card_search, -1, ?, ?, '…', 16) FROM card_search WHERE card_search MATCH ? ORDER BY rank
                """, arguments: [start, end, query])
            while let row = try rows.next(), hits.count < limit {
                let rowID: Int64 = row[0]
                let (kind, pk) = StoreSchema.card(searchRowID: rowID)
                guard filter.selects(kind) else { continue }
                let record = try card(kind, pk: pk)
                guard filter.matches(record) else { continue }
                seen.insert(rowID)
                hits.append(SearchHit(record: record, excerpt: row[1] ?? ""))
            }
            guard hits.count < limit else { return hits }
            let wordQuery = WordQuery(text)
            for (kind, table) in CardRows.tables where kind == .citation || kind == .bookmark {
                guard filter.selects(kind) else { continue }
                for tag in try tags() where wordQuery.matches(tag.name) {
                    let pks = try Int64.fetchAll(db, sql: """
                        SELECT l.\(table) FROM \(table)_tag l JOIN tag t ON t.pk = l.tag
                        WHERE t.key_high = ? AND t.key_low = ? ORDER BY l.\(table)
                        """, arguments: [Int64(bitPattern: tag.identityKey.high), Int64(bitPattern: tag.identityKey.low)])
                    for pk in pks where hits.count < limit && !seen.contains(StoreSchema.searchRowID(kind: kind, pk: pk)) {
                        let record = try card(kind, pk: pk)
                        guard filter.matches(record) else { continue }
                        seen.insert(StoreSchema.searchRowID(kind: kind, pk: pk))
                        hits.append(SearchHit(record: record, excerpt: "tag: " + start + tag.name + end))
                    }
                }
            }
            return hits
        }
    }
}
