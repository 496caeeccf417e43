import CardportCore
import CardportStore
import CardportTestSupport
import PropertyBased
import Testing

@Suite struct StoreReaderTests {
    @Test func cardsComeBackExactlyAsTheyWentInInOrder() async {
        await propertyCheck(count: 100, input: RandomCards.library) { library in
            let cards = StoreReaderTests.distinctCards(library)
            let directory = try TemporaryDirectory()
            let store = try Store(path: directory.file("store.sqlite"))
            try store.write { (t) in
                for record in cards.records { _ = try t.upsert(record, policy: .newest, provenance: nil) }
            }
            let back = try store.read { (reader) in
                var records: [Record] = []
                try reader.forEach(.everything) { if $0.kind != .tag { records.append($0) } }
                return records
            }
            #expect(Library(back) == StoreReaderTests.spelledAsStored(cards))
        }
    }

    @Test func filtersSelectByTagFavouriteAndAuthor() throws {
        let directory = try TemporaryDirectory()
        let store = try Store(path: directory.file("store.sqlite"))
        try store.write { (t) in
            for citation in [Citation(text: "A.", author: "Seneca", tags: ["stoic"], isFavourite: true),
                             Citation(text: "B.", author: "seneca ", tags: ["Stoic"]),
                             Citation(text: "C.", author: "Horace", isFavourite: true)] {
                _ = try t.upsert(.citation(citation), policy: .newest, provenance: nil)
            }
            _ = try t.upsert(.bookmark(Bookmark(text: "https://example.org", tags: ["stoic"])), policy: .newest, provenance: nil)
        }
        func texts(_ filter: CardFilter) throws -> [String] {
            try store.read { (reader) in
                var texts: [String] = []
                try reader.forEach(filter) { record in
                    switch record {
                    case .citation(let c): texts.append(c.text)
                    case .bookmark(let b): texts.append(b.text)
                    default: break
                    }
                }
                return texts
            }
        }
        #expect(try texts(CardFilter(tags: ["STOIC"])) == ["A.", "B.", "https://example.org"])
        #expect(try texts(CardFilter(favouritesOnly: true)) == ["A.", "C."])
        #expect(try texts(CardFilter(author: "SENECA")) == ["A.", "B."])
        #expect(try texts(CardFilter(tags: ["none"])) == [])
    }

    @Test func aTagFilterReadsEachCardWholeWithItsTagsAndExtras() throws {
        let directory = try TemporaryDirectory()
        let store = try Store(path: directory.file("store.sqlite"))
        let citations = (0..<40).map { i in
            Citation(text: "Line \(i).", tags: [i % 3 == 0 ? "stoic" : nil, i % 4 == 0 ? "ethics" : nil, "t\(i % 5)"].compactMap { $0 },
                     isArchived: i % 9 == 0, extras: i % 2 == 0 ? ["k\(i)": "v", "a": "\(i)"] : [:])
        }
        try store.write { (t) in
            for citation in citations { _ = try t.upsert(.citation(citation), policy: .newest, provenance: nil) }
            _ = try t.upsert(.bookmark(Bookmark(text: "https://example.org", tags: ["t1", "stoic"], extras: ["x": "y"])),
                             policy: .newest, provenance: nil)
        }
        func read(_ filter: CardFilter) throws -> [Record] {
            try store.read { (reader) in
                var records: [Record] = []
                try reader.forEach(filter) { if $0.kind != .tag && $0.kind != .settings { records.append($0) } }
                return records
            }
        }
        let every = try read(CardFilter(archived: .include))
        #expect(every.count == 41)
        let someIDs = [every[3].id, every[6].id, every[7].id]
        for filter in [CardFilter(tags: ["stoic"], ids: someIDs), CardFilter(tags: ["stoic"]), CardFilter(tags: ["stoic", "ethics"]),
                       CardFilter(tags: ["ethics", "stoic"], anyTag: true), CardFilter(tags: ["t1", "stoic"], archived: .include),
                       CardFilter(kinds: [.citation], tags: ["T2"], archived: .only), CardFilter(tags: ["stoic", "none"], anyTag: true)] {
            let selected = try read(filter)
            #expect(!selected.isEmpty)
            #expect(selected == every.filter(filter.matches))
        }
    }

    /// The library without a second card of one key or id (the store folds those, as tested elsewhere).
    static func distinctCards(_ library: Library) -> Library {
        var keys = Set<IdentityKey>()
        var ids = Set<String>()
        var result = Library(settings: library.settings)
        for record in library.records where record.kind != .tag && record.kind != .settings {
            guard keys.insert(record.identityKey).inserted, ids.insert("\(record.kind):\(record.id)").inserted else { continue }
            result.append(record)
        }
        return result
    }

    /// The store keeps one spelling per tag: the first one it met.
    static func spelledAsStored(_ library: Library) -> Library {
        var spelling: [IdentityKey: String] = [:]
        func respell(_ tags: [String]) -> [String] {
            tags.map { name in
                let key = Tag(name: name).identityKey
                if let first = spelling[key] { return first }
                spelling[key] = name
                return name
            }
        }
        var result = library
        // Cards are stored kind by kind, citations first, so that is the order tags are first met in.
        for i in result.citations.indices { result.citations[i].tags = respell(result.citations[i].tags) }
        for i in result.bookmarks.indices { result.bookmarks[i].tags = respell(result.bookmarks[i].tags) }
        return result
    }
}
