import CardportCore
import CardportStore
import CardportTestSupport
import class GRDB.DatabaseQueue
import PropertyBased
import Testing

/// The store's sync with a source: origins, the three-way merge, Kindle replay across imports, `--mirror`.
@Suite struct StoreTransactionOriginsTests {
    /// Imports `records` from the source called `source` in one transaction, as `cardport import` does.
    @discardableResult
    static func sync(_ store: Store, _ records: [Record], source: String = "cardport:/backup.json", format: String = "cardport",
                     policy: MergePolicy = .newest, mirror: Bool = false) throws -> (results: [SyncResult], archived: Int) {
        try store.write { (t) in
            let pk = try t.source(key: source, format: format)
            let scheme = OriginItem.Scheme(format: format)
            let results = try records.map { record in
                let keyed = KeyedRecord(record)
                return try t.sync(keyed, item: OriginItem(record, key: keyed.key, scheme: scheme), source: pk, policy: policy,
                                  provenance: nil)
            }
            let archived = mirror ? try t.archiveMissing(source: pk).archived : 0
            return (results, archived)
        }
    }

    static func cards(_ store: Store) throws -> [Record] {
        try store.read { (reader) in
            var records: [Record] = []
            try reader.forEach(CardFilter(kinds: [.citation, .bookmark, .task, .topic], archived: .include)) { records.append($0) }
            return records
        }
    }

    static func citations(_ store: Store) throws -> [Citation] {
        try cards(store).compactMap { if case .citation(let c) = $0 { return c } else { return nil } }
    }

    private func newStore() throws -> (TemporaryDirectory, Store) {
        let directory = try TemporaryDirectory()
        return (directory, try Store(path: directory.file("store.sqlite")))
    }

    private func highlight(_ text: String, _ start: Int, _ end: Int, minute: Int) -> Record {
        .citation(Citation(text: text, author: "Jorge Luis Borges", source: "Ficciones",
                           createdAt: Timestamp(secondsSince1970: 1_678_000_000 + Int64(minute) * 60),
                           location: CitationLocation(start: start, end: end)))
    }

    @Test func aRemovedTagAndAClearedFavouriteArriveFromTheSource() throws {
        let (_, store) = try newStore()
        let first = Citation(id: "c1", text: "Well begun is half done.", author: "Aristotle", tags: ["wisdom", "start"], isFavourite: true)
        try Self.sync(store, [.citation(first)])
        var second = first
        second.tags = ["wisdom"]
        second.isFavourite = false
        for policy in MergePolicy.allCases {
            try Self.sync(store, [.citation(second)], policy: policy)
        }
        #expect(try Self.citations(store) == [second])
    }

    @Test func aStoreEditSurvivesAReimportOfAnUnchangedSource() throws {
        let (_, store) = try newStore()
        let record = Citation(id: "c1", text: "Carpe diem.", author: "Horace", tags: ["latin"])
        try Self.sync(store, [.citation(record)])
        var edited = record
        edited.tags = ["latin", "favourites"]
        edited.isFavourite = true
        edited.text = "Carpe diem, quam minimum credula postero."
        try store.write { (t) in _ = try t.upsert(.citation(edited), policy: .incoming, provenance: nil) }
        let result = try Self.sync(store, [.citation(record)], policy: .incoming).results
        #expect(result.map(\.result) == [.unchanged])
        #expect(try Self.citations(store).map(\.text).contains("Carpe diem, quam minimum credula postero."))
    }

    @Test func storeEditsAreKeptWhileTheSourceChangesOtherFields() throws {
        let (_, store) = try newStore()
        let record = Citation(id: "c1", text: "Carpe diem.", author: "Horace", tags: ["latin"])
        try Self.sync(store, [.citation(record)])
        try store.write { (t) in _ = try t.setArchived(true, CardFilter()) }
        var changed = record
        changed.note = "Odes 1.11"
        let result = try Self.sync(store, [.citation(changed)]).results
        #expect(result.map(\.result) == [.updated])
        #expect(result[0].keptStoreEdits)
        var expected = changed
        expected.isArchived = true
        #expect(try Self.citations(store) == [expected])
    }

    @Test func aFieldBothSidesChangedGoesByThePolicy() throws {
        for (policy, winner) in [(MergePolicy.existing, "store note"), (.incoming, "source note"), (.newest, "source note")] {
            let (_, store) = try newStore()
            let record = Citation(id: "c1", text: "Carpe diem.", author: "Horace", updatedAt: Timestamp(secondsSince1970: 100))
            try Self.sync(store, [.citation(record)])
            var edited = record
            edited.note = "store note"
            edited.updatedAt = Timestamp(secondsSince1970: 200)
            try store.write { (t) in _ = try t.upsert(.citation(edited), policy: .incoming, provenance: nil) }
            var incoming = record
            incoming.note = "source note"
            incoming.updatedAt = Timestamp(secondsSince1970: 300)
            let result = try Self.sync(store, [.citation(incoming)], policy: policy).results[0]
            #expect(result.conflict?.fields == ["note"])
            #expect(result.conflict?.winner == (winner == "source note" ? "incoming" : "existing"))
            #expect(try Self.citations(store).map(\.note) == [winner])
        }
    }

    @Test func aLengthenedKindleHighlightUpdatesItsCardAcrossImports() throws {
        let (_, store) = try newStore()
        let short = highlight("Truth is a matter of the imagination.", 100, 101, minute: 0)
        let other = highlight("The universe (which others call the Library) is composed of galleries.", 200, 201, minute: 1)
        try Self.sync(store, [short, other], source: "kindle:/a.txt", format: "kindle")
        let long = highlight("Truth is a matter of the imagination. The soundest fact may fail or prevail.", 100, 104, minute: 9)
        let results = try Self.sync(store, [short, other, long], source: "kindle:/b.txt", format: "kindle").results
        #expect(results[2].replacedHighlight)
        #expect(try Self.citations(store).map(\.text) == [
            "Truth is a matter of the imagination. The soundest fact may fail or prevail.",
            "The universe (which others call the Library) is composed of galleries.",
        ])
        // A shrunk one, later still, replaces it again.
        let shrunk = highlight("The soundest fact may fail or prevail.", 102, 104, minute: 20)
        try Self.sync(store, [shrunk], source: "kindle:/c.txt", format: "kindle")
        #expect(try Self.citations(store).map(\.text).first == "The soundest fact may fail or prevail.")
        #expect(try Self.citations(store).count == 2)
    }

    private func pageHighlight(_ text: String, page: String, minute: Int) -> Record {
        .citation(Citation(text: text, author: "Jorge Luis Borges", source: "Ficciones",
                           createdAt: Timestamp(secondsSince1970: 1_678_000_000 + Int64(minute) * 60),
                           location: CitationLocation(page: page)))
    }

    /// A PDF's highlights have a page and no location: a later version is found on the same page.
    @Test func aLengthenedPageOnlyHighlightUpdatesItsCardAcrossImports() throws {
        let (_, store) = try newStore()
        let short = pageHighlight("Truth is a matter of the imagination.", page: "12", minute: 0)
        let elsewhere = pageHighlight("Truth is a matter of the imagination.", page: "40", minute: 1)
        try Self.sync(store, [short, elsewhere], source: "kindle:/a.txt", format: "kindle")
        #expect(try Self.citations(store).count == 1)   // the same text twice is one card
        let long = pageHighlight("Truth is a matter of the imagination. The soundest fact may fail or prevail.", page: "12", minute: 9)
        let results = try Self.sync(store, [short, elsewhere, long], source: "kindle:/b.txt", format: "kindle").results
        #expect(results[2].replacedHighlight)
        #expect(try Self.citations(store).map(\.text) == ["Truth is a matter of the imagination. The soundest fact may fail or prevail."])
        // On another page, the same words are another highlight.
        let other = pageHighlight("The soundest fact may fail or prevail.", page: "13", minute: 20)
        #expect(try !Self.sync(store, [other], source: "kindle:/c.txt", format: "kindle").results[0].replacedHighlight)
        #expect(try Self.citations(store).count == 2)
        // Shrunk on its own page, it replaces the long one again.
        let shrunk = pageHighlight("The soundest fact may fail or prevail.", page: "12", minute: 30)
        #expect(try Self.sync(store, [shrunk], source: "kindle:/d.txt", format: "kindle").results[0].replacedHighlight)
        #expect(try Self.citations(store).map(\.text) == ["The soundest fact may fail or prevail."])
    }

    /// A store made before migration 5 gets its page-only highlights' pages from their cards.
    @Test func migrationFiveGivesEarlierPageOnlyOriginsTheirPages() throws {
        let (directory, store) = try newStore()
        try Self.sync(store, [pageHighlight("Truth is a matter of the imagination.", page: "xii", minute: 0)],
                      source: "kindle:/a.txt", format: "kindle")
        let path = directory.file("store.sqlite")
        // Take the store back to what migration 4 left.
        try DatabaseQueue(path: path).write { (db) in
            try db.execute(sql: """
                DROP INDEX origin_page; ALTER TABLE origin DROP COLUMN page;
                DELETE FROM grdb_migrations WHERE identifier = '5-origin-pages'
                """)
        }
        let again = try Store(path: path)
        #expect(try DatabaseQueue(path: path).read { try String.fetchAll($0, sql: "SELECT page FROM origin") } == ["xii"])
        let long = pageHighlight("Truth is a matter of the imagination. The soundest fact may fail or prevail.", page: "xii", minute: 9)
        #expect(try Self.sync(again, [long], source: "kindle:/b.txt", format: "kindle").results[0].replacedHighlight)
        #expect(try Self.citations(again).count == 1)
    }

    @Test func aLengthenedHighlightFoldsIntoTheCardThatAlreadyHasItsText() throws {
        let (_, store) = try newStore()
        let short = highlight("Truth is a matter of the imagination.", 100, 101, minute: 0)
        let long = highlight("Truth is a matter of the imagination. The soundest fact may fail or prevail.", 100, 104, minute: 9)
        try Self.sync(store, [short], source: "kindle:/a.txt", format: "kindle")
        try Self.sync(store, [long], source: "cardport:/other.json", format: "cardport")
        try Self.sync(store, [long], source: "kindle:/b.txt", format: "kindle")
        #expect(try Self.citations(store).map(\.text) == [
            "Truth is a matter of the imagination. The soundest fact may fail or prevail.",
        ])
    }

    /// A store made when an e-reader's highlights were known by their text: after the change to the
    /// reader's own ids, a mirrored re-import meets each card under its new origin, and archives
    /// only the highlight that is gone.
    @Test func mirrorKeepsACardMetUnderANewOriginFromTheSameSource() throws {
        let (_, store) = try newStore()
        let kept = Citation(id: "kept", text: "Truth is a matter of the imagination.", source: "Ficciones")
        let gone = Citation(id: "gone", text: "The universe is composed of galleries.", source: "Ficciones")
        try store.write { (t) in
            let pk = try t.source(key: "koreader:/Ficciones.sdr", format: "koreader")
            for citation in [kept, gone] {
                let keyed = KeyedRecord(.citation(citation))
                _ = try t.sync(keyed, item: OriginItem(keyed.record, key: keyed.key, scheme: .content), source: pk,
                               policy: .newest, provenance: nil)
            }
        }
        let result = try Self.sync(store, [.citation(kept)], source: "koreader:/Ficciones.sdr", format: "koreader", mirror: true)
        #expect(result.archived == 1)
        #expect(try Self.citations(store).map(\.isArchived) == [false, true])
    }

    @Test func mirrorArchivesTheCitationsGoneFromTheSource() throws {
        let (_, store) = try newStore()
        let a = Citation(id: "a", text: "Carpe diem.", author: "Horace")
        let b = Citation(id: "b", text: "Memento mori.")
        let task = TaskItem(id: "t", description: "Read Ficciones")
        try Self.sync(store, [.citation(a), .citation(b), .task(task)])
        #expect(try Self.sync(store, [.citation(a)], mirror: true).archived == 1)
        #expect(try Self.citations(store).map(\.isArchived) == [false, true])
        #expect(try Self.cards(store).count == 3)
        #expect(try Self.sync(store, [.citation(a)], mirror: true).archived == 0)
    }

    @Test func withoutMirrorNothingIsArchived() throws {
        let (_, store) = try newStore()
        try Self.sync(store, [.citation(Citation(id: "a", text: "Carpe diem.")), .citation(Citation(id: "b", text: "Memento mori."))])
        #expect(try Self.sync(store, [.citation(Citation(id: "a", text: "Carpe diem."))]).archived == 0)
        #expect(try Self.citations(store).map(\.isArchived) == [false, false])
    }

    /// Highlights of one book, far more than one statement's worth of origins: lengthened versions,
    /// exact repeats and edited repeats of highlights made a few entries before, or many.
    private func longHistory() -> [Record] {
        (0..<300).map { i -> Record in
            switch i % 4 {
            case 1 where i >= 70:
                let j = i % 8 == 1 ? i - 70 : i - 9
                return highlight("Sentence \(j) about the library of Babel. And what came after it.", 10 * j, 10 * j + 3, minute: i)
            case 2 where i >= 65:
                return longHistoryBase(i % 8 == 2 ? i - 65 : i - 6)
            case 3 where i >= 66:
                guard case .citation(var c) = longHistoryBase(i % 8 == 3 ? i - 66 : i - 7) else { return longHistoryBase(i) }
                c.note = "read again"
                return .citation(c)
            default:
                return longHistoryBase(i)
            }
        }
    }

    private func longHistoryBase(_ i: Int) -> Record {
        highlight("Sentence \(i) about the library of Babel.", 10 * i, 10 * i + 1, minute: i)
    }

    /// Every origin of a store, without its numbers: item, kind, card text, digest, base, location.
    private func originRows(_ path: String) throws -> [String] {
        try DatabaseQueue(path: path).read { db in
            try String.fetchAll(db, sql: """
                SELECT o.item_high || ' ' || o.item_low || ' ' || o.kind || ' ' || c.text || ' ' || o.digest || ' '
                    || coalesce(o.base, '-') || ' ' || coalesce(o.location_start, '-') || ' ' || coalesce(o.location_end, '-')
                FROM origin o JOIN citation c ON c.pk = o.card JOIN source s ON s.pk = o.source
                WHERE s.key != 'cardport:/seed.json' ORDER BY 1
                """)
        }
    }

    @Test(arguments: [("kindle:/My Clippings.txt", "kindle"), ("cardport:/backup.json", "cardport")])
    func aFirstImportEndsAsTheSameImportIntoAStoreThatHasOrigins(source: String, format: String) throws {
        let (directory, empty) = try newStore()
        let seededPath = directory.file("seeded.sqlite")
        let seeded = try Store(path: seededPath)
        let seed = Citation(id: "seed", text: "A card from elsewhere.", author: "Someone", source: "Another book")
        try Self.sync(seeded, [.citation(seed)], source: "cardport:/seed.json")
        let records = longHistory()
        let first = try Self.sync(empty, records, source: source, format: format).results
        let later = try Self.sync(seeded, records, source: source, format: format).results
        #expect(first.count == later.count)
        #expect(first.indices.first { first[$0] != later[$0] } == nil, "the first entry whose sync differs")
        #expect(try Self.citations(empty) == Self.citations(seeded).filter { $0.id != "seed" })
        #expect(try originRows(directory.file("store.sqlite")) == originRows(seededPath))
        // And the next import of the same file changes nothing.
        let again = try Self.sync(empty, records, source: source, format: format).results
        #expect(!again.contains { $0.result == .added || $0.result == .updated })
    }

    // MARK: Laws

    @Test func importingTwiceIsImportingOnce() async {
        await propertyCheck(count: 60, input: RandomCards.library) { library in
            let directory = try TemporaryDirectory()
            let once = try Store(path: directory.file("once.sqlite"))
            let twice = try Store(path: directory.file("twice.sqlite"))
            try Self.sync(once, library.records)
            try Self.sync(twice, library.records)
            let results = try Self.sync(twice, library.records).results
            #expect(try Self.cards(once) == Self.cards(twice))
            #expect(!results.contains { $0.result == .added || $0.result == .updated })
        }
    }

    @Test func aStoreOnlyEditSurvivesAReimportOfAnUnchangedSource() async {
        await propertyCheck(count: 60, input: RandomCards.library(of: [.citation])) { library in
            let directory = try TemporaryDirectory()
            let store = try Store(path: directory.file("store.sqlite"))
            try Self.sync(store, library.records)
            try store.write { (t) in _ = try t.setArchived(true, CardFilter()) }
            let before = try Self.cards(store)
            try Self.sync(store, library.records, policy: .incoming)
            #expect(try Self.cards(store) == before)
        }
    }

    @Test func aSourceOnlyChangeAlwaysArrives() async {
        await propertyCheck(count: 60, input: RandomCards.library(of: [.citation])) { library in
            let directory = try TemporaryDirectory()
            let store = try Store(path: directory.file("store.sqlite"))
            // Distinct ids and keys, so that every record is its own card.
            var seenKeys = Set<IdentityKey>()
            var seenIDs = Set<String>()
            let records = library.records.filter {
                $0.kind == .citation && seenKeys.insert($0.identityKey).inserted && seenIDs.insert($0.id).inserted
            }
            try Self.sync(store, records)
            let changed = records.map { record -> Record in
                guard case .citation(var c) = record else { return record }
                c.note = "changed at the source"
                c.tags = []
                c.isFavourite = !c.isFavourite
                return .citation(c)
            }
            for policy in MergePolicy.allCases { try Self.sync(store, changed, policy: policy) }
            #expect(try Self.cards(store) == StoreReaderTests.spelledAsStored(Library(changed)).records)
        }
    }
}
