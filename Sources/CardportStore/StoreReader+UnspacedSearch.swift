import CardportCore
import GRDB

extension StoreReader {
    /// The cards among those `filter` selects whose indexed fields hold every one of `words` (of a
    /// script written without spaces, ``UnspacedWords``) and whose words hold every one of `others`,
    /// at most `limit` of each kind, in the order they were added, each with an excerpt around its
    /// first match.
    ///
    /// The index cannot find a piece of a run of such text, so the fields are read: a store of a
    /// million citations takes about a second for a word that is rare, less for one that is common.
    func searchUnspaced(_ words: [String], others: [String], filter: CardFilter,
                        limit: Int) throws -> [(rank: Double, kind: RecordKind, pk: Int64, hit: SearchHit)] {
        var found: [(rank: Double, kind: RecordKind, pk: Int64, hit: SearchHit)] = []
        for (kind, table) in CardRows.tables where filter.selects(kind) {
            let columns = SearchIndex.columns(kind)
            var arguments: [(any DatabaseValueConvertible)?] = []
            var conditions = words.map { word in
                arguments.append(word)
                return "(" + columns.map { "instr(c.\($0), ?\(arguments.count)) > 0" }.joined(separator: " OR ") + ")"
            }
            if !others.isEmpty {
                arguments.append(others.map { "\"" + $0 + "\"" }.joined(separator: " "))
                conditions.append("c.pk IN (SELECT rowid FROM \(table)_search WHERE \(table)_search MATCH ?\(arguments.count))")
            }
            let rows = try Row.fetchCursor(db, sql: """
                SELECT c.pk, \(columns.map { "c." + $0 }.joined(separator: ", ")) FROM \(table) c
                WHERE \(conditions.joined(separator: " AND ")) ORDER BY c.pk
                """, arguments: StatementArguments(arguments))
            var count = 0
            while count < limit, let row = try rows.next() {
                let pk: Int64 = row[0]
                let record = try card(kind, pk: pk)
                guard filter.matches(record) else { continue }
                count += 1
                let fields = (1...columns.count).compactMap { row[$0] as String? }
                let excerpt = fields.lazy.compactMap { UnspacedWords.excerpt(of: $0, around: words[0]) }.first ?? ""
                found.append((0, kind, pk, SearchHit(record: record, excerpt: excerpt)))
            }
        }
        return found
    }
}
