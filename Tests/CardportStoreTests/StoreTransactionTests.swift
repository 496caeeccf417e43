import CardportCore
import CardportStore
import CardportTestSupport
import GRDB
import Testing

@Suite struct StoreTransactionTests {
    private func makeStore() throws -> (TemporaryDirectory, Store) {
        let directory = try TemporaryDirectory()
        return (directory, try Store(path: directory.file("store.sqlite")))
    }

    private func all(_ store: Store, _ filter: CardFilter = .everything) throws -> [CardportCore.Record] {
        try store.read { (reader) in
            var records: [CardportCore.Record] = []
            try reader.forEach(filter) { records.append($0) }
            return records
        }
    }

    @Test func upsertingTheSameCardsTwiceAddsNothingTheSecondTime() throws {
        let (_, store) = try makeStore()
        let cards: [CardportCore.Record] = [
            .citation(Citation(text: "Carpe diem.", author: "Horace", tags: ["latin"])),
            .bookmark(Bookmark(name: "Swift", text: "https://swift.org/")),
            .task(TaskItem(description: "Read Seneca")),
            .topic(Topic(title: "Stoicism", links: ["https://example.org"], questions: [Question(text: "What is virtue?")])),
        ]
        let first = try store.write { (t) in try cards.map { try t.upsert($0, policy: .newest, provenance: nil) } }
        let second = try store.write { (t) in try cards.map { try t.upsert($0, policy: .newest, provenance: nil) } }
        #expect(first == [.added, .added, .added, .added])
        #expect(second == [.unchanged, .unchanged, .unchanged, .unchanged])
        #expect(try all(store).filter { $0.kind != .tag } == cards)
    }

    @Test func aCopyWithAnotherSpellingIsTheSameCardAndMergesUnderThePolicy() throws {
        let (_, store) = try makeStore()
        let older = Timestamp(secondsSince1970: 1_000)
        let newer = Timestamp(secondsSince1970: 2_000)
        let original = Citation(text: "Carpe diem.", author: "Horace", tags: ["latin"], updatedAt: older)
        let copy = Citation(text: "  carpe DIEM ", author: "horace", tags: ["Latin", "odes"], isFavourite: true, updatedAt: newer)
        let results = try store.write { (t) in
            [try t.upsert(.citation(original), policy: .newest, provenance: nil),
             try t.upsert(.citation(copy), policy: .newest, provenance: nil)]
        }
        #expect(results == [.added, .updated])
        let citations = try all(store, CardFilter(kinds: [.citation]))
        guard case .citation(let merged) = citations.first else { Issue.record("no citation"); return }
        #expect(citations.count == 1)
        #expect(merged.id == original.id)
        #expect(merged.text == copy.text)
        #expect(merged.tags == ["latin", "odes"])
        #expect(merged.isFavourite)
        #expect(merged.updatedAt == newer)
    }

    @Test func theExistingPolicyKeepsTheStoresCopy() throws {
        let (_, store) = try makeStore()
        let result = try store.write { (t) in
            _ = try t.upsert(.task(TaskItem(description: "Write", progress: .zero)), policy: .existing, provenance: nil)
            return try t.upsert(.task(TaskItem(description: "write", progress: .done,
                                               updatedAt: Timestamp(secondsSince1970: 5))),
                                policy: .existing, provenance: nil)
        }
        #expect(result == .updated)
        guard case .task(let task) = try all(store, CardFilter(kinds: [.task])).first else { Issue.record("no task"); return }
        #expect(task.description == "Write")
        #expect(task.progress == .zero)
    }

    @Test func aSecondCopyFromTheSameImportIsADuplicate() throws {
        let (_, store) = try makeStore()
        let results = try store.write { (t) in
            let number = try t.addProvenance(Provenance(source: "a.jsonl", sha256: nil, format: "jsonl",
                                                        importedAt: Timestamp(secondsSince1970: 0)))
            return [try t.upsert(.citation(Citation(text: "Once.")), policy: .newest, provenance: number),
                    try t.upsert(.citation(Citation(text: "once")), policy: .newest, provenance: number)]
        }
        #expect(results == [.added, .duplicate])
    }

    @Test func archivingHidesCitationsFromExportsAndPurgeDeletesOnlyArchivedOnes() throws {
        let (_, store) = try makeStore()
        try store.write { (t) in
            _ = try t.upsert(.citation(Citation(text: "Draft one.", tags: ["drafts"])), policy: .newest, provenance: nil)
            _ = try t.upsert(.citation(Citation(text: "Draft two.", tags: ["Drafts"])), policy: .newest, provenance: nil)
            _ = try t.upsert(.citation(Citation(text: "Keeper.", tags: ["keep"])), policy: .newest, provenance: nil)
        }
        #expect(try store.write { try $0.setArchived(true, CardFilter(tags: ["DRAFTS"])) } == 2)
        #expect(try all(store, CardFilter(kinds: [.citation])).count == 1)
        #expect(try all(store, CardFilter(kinds: [.citation], archived: .only)).count == 2)
        #expect(try store.write { try $0.setArchived(false, CardFilter(tags: ["drafts"], archived: .only, ids: [])) } == 2)
        #expect(try store.write { try $0.purgeArchived(CardFilter()) } == 0)
        #expect(try store.write { try $0.setArchived(true, CardFilter(tags: ["drafts"])) } == 2)
        #expect(try store.write { try $0.purgeArchived(CardFilter()) } == 2)
        let left = try all(store, CardFilter(kinds: [.citation], archived: .include))
        #expect(left.map(\.id) == [Citation(text: "Keeper.").id])
    }

    @Test func removingEverythingLeavesAnEmptyStore() throws {
        let (_, store) = try makeStore()
        try store.write { (t) in
            _ = try t.upsert(.citation(Citation(text: "Gone.", tags: ["x"])), policy: .newest, provenance: nil)
            _ = try t.upsert(.settings(Settings(showFavouriteOnTop: true)), policy: .newest, provenance: nil)
            try t.removeEverything()
        }
        #expect(try store.read { try $0.statistics() } == StoreStatistics())
    }

    /// Cards of every kind with copies, spelling variants and an update, as one import might bring them.
    private static let mixedImport: [CardportCore.Record] = [
        .citation(Citation(text: "Carpe diem.", author: "Horace", tags: ["latin"])),
        .bookmark(Bookmark(name: "Swift", text: "https://swift.org/")),
        .citation(Citation(text: "carpe  DIEM", author: "horace", tags: ["odes"], isFavourite: true,
                           updatedAt: Timestamp(secondsSince1970: 9))),
        .task(TaskItem(description: "Read Seneca")),
        .citation(Citation(text: "Carpe diem.", author: "Horace", tags: ["latin"])),
        .topic(Topic(title: "Stoicism", links: ["https://example.org"], questions: [Question(text: "What is virtue?")])),
        .task(TaskItem(description: "read seneca", progress: .done, updatedAt: Timestamp(secondsSince1970: 5))),
        .bookmark(Bookmark(name: "Swift", text: "https://swift.org/")),
    ]

    private func indexes(_ store: Store, at path: String) throws -> [String] {
        try DatabaseQueue(path: path).read { db in
            try String.fetchAll(db, sql: "SELECT name || ': ' || sql FROM sqlite_master WHERE type = 'index' AND sql IS NOT NULL ORDER BY name")
        }
    }

    @Test func fillingEmptyTablesGivesWhatFillingUsedOnesGivesAndKeepsEveryIndex() throws {
        let directory = try TemporaryDirectory()
        // Empty tables: their key indexes are set aside while the transaction fills them.
        let empty = try Store(path: directory.file("empty.sqlite"))
        let fresh = try indexes(empty, at: directory.file("empty.sqlite"))
        let intoEmpty = try empty.write { (t) in
            let number = try t.addProvenance(Provenance(source: "a.jsonl", sha256: nil, format: "jsonl",
                                                        importedAt: Timestamp(secondsSince1970: 0)))
            return try Self.mixedImport.map { try t.upsert($0, policy: .newest, provenance: number) }
        }
        // Tables already in use keep their indexes throughout.
        let used = try Store(path: directory.file("used.sqlite"))
        let earlier: [CardportCore.Record] = [.citation(Citation(text: "Earlier.")), .bookmark(Bookmark(text: "https://example.com/")),
                                 .task(TaskItem(description: "Earlier")), .topic(Topic(title: "Earlier"))]
        try used.write { (t) in for record in earlier { _ = try t.upsert(record, policy: .newest, provenance: nil) } }
        let intoUsed = try used.write { (t) in
            let number = try t.addProvenance(Provenance(source: "a.jsonl", sha256: nil, format: "jsonl",
                                                        importedAt: Timestamp(secondsSince1970: 0)))
            return try Self.mixedImport.map { try t.upsert($0, policy: .newest, provenance: number) }
        }
        // Later copies from the same import count as duplicates, merged or not.
        #expect(intoEmpty == [.added, .added, .duplicate, .added, .duplicate, .added, .duplicate, .duplicate])
        #expect(intoUsed == intoEmpty)
        let earlierIDs = Set(earlier.map(\.id))
        #expect(try all(empty) == all(used).filter { !earlierIDs.contains($0.id) })
        #expect(try indexes(empty, at: directory.file("empty.sqlite")) == fresh)
        #expect(fresh.contains("citation_key: CREATE UNIQUE INDEX citation_key ON citation (key_high, key_low)"))
        #expect(try empty.integrityCheck() == ["ok"])
        // The index is back: a later import finds every card by its key.
        let again = try empty.write { (t) in try Self.mixedImport.map { try t.upsert($0, policy: .newest, provenance: nil) } }
        #expect(again.allSatisfy { $0 == .unchanged })
    }

    @Test func aRolledBackFillOfEmptyTablesLeavesTheIndexes() throws {
        let directory = try TemporaryDirectory()
        let store = try Store(path: directory.file("store.sqlite"))
        let before = try indexes(store, at: directory.file("store.sqlite"))
        _ = try store.write(commit: false) { (t) in try Self.mixedImport.map { try t.upsert($0, policy: .newest, provenance: nil) } }
        #expect(try indexes(store, at: directory.file("store.sqlite")) == before)
        #expect(try all(store).isEmpty)
    }

    @Test func aWriteThatSkipsReferenceChecksLeavesSoundReferencesAndSwitchesChecksBackOn() throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("store.sqlite")
        let store = try Store(path: path)
        try store.write(checkingReferences: false) { (t) in
            let number = try t.addProvenance(Provenance(source: "a.jsonl", sha256: nil, format: "jsonl",
                                                        importedAt: Timestamp(secondsSince1970: 0)))
            for record in Self.mixedImport { _ = try t.upsert(record, policy: .newest, provenance: number) }
        }
        let queue = try DatabaseQueue(path: path)
        #expect(try queue.read { db in try Row.fetchAll(db, sql: "PRAGMA foreign_key_check") }.isEmpty)
        #expect(try queue.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM citation_tag") } == 2)
        // A later write checks references again: purging a citation removes its tag links with it.
        let purged = try store.write { (t) in
            _ = try t.setArchived(true, CardFilter(kinds: [.citation]))
            return try t.purgeArchived(CardFilter(kinds: [.citation]))
        }
        #expect(purged == 1)
        #expect(try queue.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM citation_tag") } == 0)
    }

    @Test func tagLinksThatWaitAreInPlaceForEverythingThatFollowsInTheTransaction() throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("store.sqlite")
        let store = try Store(path: path)
        // More links than one statement takes, then a merge, an archive and a purge in the same transaction.
        let cards = (0..<100).map { Record.citation(Citation(text: "Card \($0).", tags: ["a\($0 % 7)", "b", "c\($0 % 3)"])) }
        let purged = try store.write { (t) in
            for card in cards { _ = try t.upsert(card, policy: .newest, provenance: nil) }
            _ = try t.upsert(.citation(Citation(text: "card 5", tags: ["late"])), policy: .newest, provenance: nil)
            _ = try t.setArchived(true, CardFilter(kinds: [.citation], tags: ["c0"]))
            return try t.purgeArchived(CardFilter(kinds: [.citation]))
        }
        #expect(purged == 34)
        let kept = try all(store, CardFilter(kinds: [.citation]))
        #expect(kept.count == 66)
        guard case .citation(let five)? = kept.first(where: { $0.id == cards[5].id }) else { Issue.record("card 5 is missing"); return }
        #expect(five.tags == ["a5", "b", "c2", "late"])
        let queue = try DatabaseQueue(path: path)
        #expect(try queue.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM citation_tag") } == 66 * 3 + 1)
    }
}
