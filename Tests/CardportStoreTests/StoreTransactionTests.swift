import CardportCore
import CardportStore
import CardportTestSupport
import Testing

@Suite struct StoreTransactionTests {
    private func makeStore() throws -> (TemporaryDirectory, Store) {
        let directory = try TemporaryDirectory()
        return (directory, try Store(path: directory.file("store.sqlite")))
    }

    private func all(_ store: Store, _ filter: StoreFilter = .everything) throws -> [Record] {
        try store.read { (reader) in
            var records: [Record] = []
            try reader.forEach(filter) { records.append($0) }
            return records
        }
    }

    @Test func upsertingTheSameCardsTwiceAddsNothingTheSecondTime() throws {
        let (_, store) = try makeStore()
        let cards: [Record] = [
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
        let citations = try all(store, StoreFilter(kinds: [.citation]))
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
        guard case .task(let task) = try all(store, StoreFilter(kinds: [.task])).first else { Issue.record("no task"); return }
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
        #expect(try store.write { try $0.setArchived(true, StoreFilter(tag: "DRAFTS")) } == 2)
        #expect(try all(store, StoreFilter(kinds: [.citation])).count == 1)
        #expect(try all(store, StoreFilter(kinds: [.citation], archived: .only)).count == 2)
        #expect(try store.write { try $0.setArchived(false, StoreFilter(tag: "drafts", archived: .only, ids: [])) } == 2)
        #expect(try store.write { try $0.purgeArchived(StoreFilter()) } == 0)
        #expect(try store.write { try $0.setArchived(true, StoreFilter(tag: "drafts")) } == 2)
        #expect(try store.write { try $0.purgeArchived(StoreFilter()) } == 2)
        let left = try all(store, StoreFilter(kinds: [.citation], archived: .include))
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
}
