public import CardportCore
import GRDB

extension StoreTransaction {
    /// Records the sources and origins of a restored backup.
    ///
    /// `cards` gives, for each kind, the primary key of the card each of the document's cards of
    /// that kind became; `imports` the primary key of each of its provenance entries; `bases` the
    /// version of each card that did not go in as it was (merged into a card the store had), which
    /// becomes the base of an origin that had none. A source the store knows keeps its row; an
    /// origin the store already has for the same source and item is kept as it is.
    /// Returns the number of origins added.
    public func restoreOrigins(_ ledger: OriginLedger, cards: [RecordKind: [Int64]], imports: [Int64],
                               bases: [RecordKind: [Int: CardportCore.Record]]) throws(CardportError) -> Int {
        try run {
            var sources: [Int64] = []
            for source in ledger.sources {
                let pk = try sourcePK(key: source.key, format: source.format)
                if let place = source.lastImport, imports.indices.contains(place) {
                    try db.execute(sql: "UPDATE source SET last_import = coalesce(last_import, ?) WHERE pk = ?",
                                   arguments: [imports[place], pk])
                }
                sources.append(pk)
            }
            let empty = try Bool.fetchOne(db, sql: "SELECT NOT EXISTS (SELECT 1 FROM origin)") ?? false
            // An empty origin table fills fastest without its item index, made again once.
            if empty { try db.execute(sql: "DROP INDEX origin_item") }
            let exists = try db.makeStatement(sql: """
                SELECT EXISTS (SELECT 1 FROM origin WHERE item_high = ? AND item_low = ? AND source = ? AND kind = ?)
                """)
            let insert = try db.makeStatement(sql: """
                INSERT INTO origin (source, item_high, item_low, kind, card, digest, base, book, location_start, location_end)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                """)
            var added = 0
            for entry in ledger.entries {
                guard sources.indices.contains(entry.source), let pks = cards[entry.kind], pks.indices.contains(entry.card) else {
                    throw CardportError(.malformedInput,
                                        "an origin names a source or a \(entry.kind) the backup does not hold (source \(entry.source), card \(entry.card))",
                                        hint: "the backup was edited by hand; restore it with --unverified after removing its \"origins\"")
                }
                let high = Int64(bitPattern: entry.itemHigh)
                let low = Int64(bitPattern: entry.itemLow)
                if !empty, try Bool.fetchOne(exists, arguments: [high, low, sources[entry.source], entry.kind.rawValue]) == true {
                    continue
                }
                let base = entry.base ?? bases[entry.kind]?[entry.card].map(OriginBase.encode)
                try insert.execute(arguments: [sources[entry.source], high, low, entry.kind.rawValue, pks[entry.card],
                                               entry.digest, base, entry.book, entry.locationStart, entry.locationEnd])
                added += 1
            }
            if empty { try db.execute(sql: "CREATE INDEX origin_item ON origin (item_high, item_low)") }
            try StoreSchema.fillOriginPages(db)
            try traceCards(ledger.addedBy, cards: cards, imports: imports, bases: bases)
            return added
        }
    }

    /// Ties each card the restore added to the import that added it in the backed-up store, a run
    /// of consecutive cards of one import at a time (a card merged into one the store had keeps
    /// that card's import).
    private func traceCards(_ addedBy: [RecordKind: [Int?]], cards: [RecordKind: [Int64]], imports: [Int64],
                            bases: [RecordKind: [Int: CardportCore.Record]]) throws {
        for (kind, places) in addedBy {
            guard let pks = cards[kind] else { continue }
            let merged = bases[kind] ?? [:]
            let update = try db.makeStatement(sql: "UPDATE \(CardRows.table(kind)) SET provenance = ? WHERE pk BETWEEN ? AND ?")
            var run: (import: Int64, first: Int64, last: Int64)?
            func flush() throws {
                if let run { try update.execute(arguments: [run.import, run.first, run.last]) }
                run = nil
            }
            for (index, place) in places.enumerated() where index < pks.count {
                guard merged[index] == nil, let place, imports.indices.contains(place) else { continue }
                let pk = pks[index]
                if let current = run, current.import == imports[place], current.last + 1 == pk {
                    run?.last = pk
                } else {
                    try flush()
                    run = (imports[place], pk, pk)
                }
            }
            try flush()
        }
    }
}
