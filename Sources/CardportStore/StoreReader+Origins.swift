public import CardportCore
import GRDB

extension StoreReader {
    /// The store's sources and origins as a backup carries them (``OriginLedger``): cards named by
    /// their place among the cards of their kind in the order they were added (the order
    /// ``forEach(_:_:)`` gives them), a source's last import by its place among the provenance
    /// entries (the order ``provenance()`` gives them), and the import that added each card.
    public func originLedger() throws(CardportError) -> OriginLedger {
        try run {
            var ledger = OriginLedger()
            let imports = try Int64.fetchAll(db, sql: "SELECT pk FROM provenance ORDER BY pk")
            let importPlace = Dictionary(uniqueKeysWithValues: imports.enumerated().map { ($0.element, $0.offset) })
            var sourcePlace: [Int64: Int] = [:]
            for row in try Row.fetchAll(db, sql: "SELECT pk, key, format, last_import FROM source ORDER BY pk") {
                sourcePlace[row[0]] = ledger.sources.count
                let last: Int64? = row[3]
                ledger.sources.append(OriginLedger.Source(key: row[1], format: row[2], lastImport: last.flatMap { importPlace[$0] }))
            }
            for (kind, table) in CardRows.tables {
                let added = try Int64?.fetchAll(db, sql: "SELECT provenance FROM \(table) ORDER BY pk")
                if added.contains(where: { $0 != nil }) { ledger.addedBy[kind] = added.map { $0.flatMap { importPlace[$0] } } }
                // Each origin with its card's place, counted by SQLite over the card table's order.
                let rows = try Row.fetchCursor(db, sql: """
                    SELECT o.source, o.item_high, o.item_low, c.place, o.digest, o.base, o.book, o.location_start, o.location_end
                    FROM origin o JOIN (SELECT pk, row_number() OVER (ORDER BY pk) - 1 AS place FROM \(table)) c ON c.pk = o.card
                    WHERE o.kind = ? ORDER BY o.pk
                    """, arguments: [kind.rawValue])
                while let row = try rows.next() {
                    guard let source = sourcePlace[row[0]] else { continue }
                    let high: Int64 = row[1]
                    let low: Int64 = row[2]
                    let place: Int = row[3]
                    ledger.entries.append(OriginLedger.Entry(
                        source: source, itemHigh: UInt64(bitPattern: high), itemLow: UInt64(bitPattern: low), kind: kind,
                        card: place, digest: row[4], base: row[5], book: row[6], locationStart: row[7], locationEnd: row[8]))
                }
            }
            return ledger
        }
    }
}
