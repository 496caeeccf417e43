public import CardportCore
import GRDB

extension StoreReader {
    /// The cards whose words hold every word of `text`, best first, among those `filter` selects,
    /// at most `limit` of them.
    ///
    /// Words are looked up in each card table's FTS5 index (text, note, author and source of a
    /// citation; a bookmark's text and name; a task's description; a topic's title and notes),
    /// without regard to case or accents, and ranked by BM25. A word in a script written without
    /// spaces (Chinese, Japanese, Thai…) is found anywhere in a field instead (``UnspacedWords``),
    /// the cards in the order they were added. Cards with a tag whose name holds every word come
    /// after them.
    public func search(_ text: String, filter: CardFilter, limit: Int) throws(CardportError) -> [SearchHit] {
        let words = WordQuery.words(text)
        guard !words.isEmpty else {
            throw CardportError(.usage, "'\(text)' has no words to search for", hint: "search for letters or digits")
        }
        return try Store.attempt(db.description) {
            var ranked: [(rank: Double, kind: RecordKind, pk: Int64, hit: SearchHit)] = []
            let unspaced = UnspacedWords.words(text)
            if !unspaced.isEmpty {
                ranked = try searchUnspaced(unspaced, others: WordQuery.words(text).filter { !UnspacedWords.holdsUnspaced($0) },
                                            filter: filter, limit: limit)
            }
            // Each word (letters and digits only) a quoted FTS5 string, so that none is read as an operator.
            let query = words.map { "\"" + $0 + "\"" }.joined(separator: " ")
            let start = String(SearchHit.matchStart)
            let end = String(SearchHit.matchEnd)
            // Each kind's best `limit` that the filter lets through, then the best `limit` of them all:
            // BM25 ranks of the kinds' indexes are on one scale, lower is better.
            for (kind, table) in CardRows.tables where unspaced.isEmpty && filter.selects(kind) {
                let rows = try Row.fetchCursor(db, sql: """
                    SELECT rowid, rank, snippet(\(table)_search, -1, ?, ?, '…', 16) FROM \(table)_search
                    WHERE \(table)_search MATCH ? ORDER BY rank
                    """, arguments: [start, end, query])
                var found = 0
                while found < limit, let row = try rows.next() {
                    let pk: Int64 = row[0]
                    let record = try card(kind, pk: pk)
                    guard filter.matches(record) else { continue }
                    found += 1
                    ranked.append((row[1], kind, pk, SearchHit(record: record, excerpt: row[2] ?? "")))
                }
            }
            ranked.sort { $0.rank < $1.rank }
            var hits = ranked.prefix(limit).map(\.hit)
            var seen = Set(ranked.prefix(limit).map { "\($0.kind.rawValue) \($0.pk)" })
            guard hits.count < limit else { return hits }
            let wordQuery = WordQuery(text)
            for (kind, table) in CardRows.tables where kind == .citation || kind == .bookmark {
                guard filter.selects(kind) else { continue }
                for tag in try tags() where wordQuery.matches(tag.name) {
                    let pks = try Int64.fetchAll(db, sql: """
                        SELECT l.\(table) FROM \(table)_tag l JOIN tag t ON t.pk = l.tag
                        WHERE t.key_high = ? AND t.key_low = ? ORDER BY l.\(table)
                        """, arguments: [Int64(bitPattern: tag.identityKey.high), Int64(bitPattern: tag.identityKey.low)])
                    for pk in pks where hits.count < limit && !seen.contains("\(kind.rawValue) \(pk)") {
                        let record = try card(kind, pk: pk)
                        guard filter.matches(record) else { continue }
                        seen.insert("\(kind.rawValue) \(pk)")
                        hits.append(SearchHit(record: record, excerpt: "tag: " + start + tag.name + end))
                    }
                }
            }
            return hits
        }
    }
}
