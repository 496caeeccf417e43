import Cardport
import CardportCore
import CardportStore
import CardportTestSupport
import Foundation
import Testing

/// Re-importing a source is a sync (Merging.md, "Re-import"): fixtures in Samples/sync.
@Suite struct ImportingSyncTests {
    private func exported(_ store: Store, _ directory: TemporaryDirectory) throws -> String {
        let path = directory.file("export-\(UUID().uuidString).jsonl")
        _ = try Exporting(registry: .standard, store: store).run(output: path, filter: CardFilter(archived: .include))
        return try String(contentsOfFile: path, encoding: .utf8)
    }

    /// Copies a sample to `name` in `directory`, so that two versions are one source (one path).
    private func place(_ sample: String, as name: String, in directory: TemporaryDirectory) throws -> String {
        let path = directory.file(name)
        try? FileManager.default.removeItem(atPath: path)
        try FileManager.default.copyItem(atPath: PackagePaths.sample("sync-" + sample), toPath: path)
        return path
    }

    @Test func aSecondImportOfTheSameFilesChangesNoByte() throws {
        let directory = try TemporaryDirectory()
        let store = try Store(path: directory.file("store.sqlite"))
        let importing = Importing(registry: .standard, store: store)
        let request = ImportRequest(inputs: [PackagePaths.sample("sync-cards-v1.jsonl"), PackagePaths.sample("sync-clippings-v2.txt"),
                                             PackagePaths.sample("backup.json")])
        _ = try importing.run(request)
        let once = try exported(store, directory)
        let again = try importing.run(request)
        #expect(again.report.total.added == 0 && again.report.total.updated == 0)
        #expect(try exported(store, directory) == once)
    }

    @Test func aNewerBackupRemovesATagClearsAFavouriteAndMirrorArchivesWhatIsGone() throws {
        let directory = try TemporaryDirectory()
        let store = try Store(path: directory.file("store.sqlite"))
        let importing = Importing(registry: .standard, store: store)
        let input = try place("cards-v1.jsonl", as: "cards.jsonl", in: directory)
        _ = try importing.run(ImportRequest(inputs: [input]))
        _ = try place("cards-v2.jsonl", as: "cards.jsonl", in: directory)
        let outcome = try importing.run(ImportRequest(inputs: [input], policy: .incoming, mirror: true))
        #expect(outcome.sync.map(\.updatedFromSource) == [2])
        #expect(outcome.sync.map(\.archived) == [1])
        let citations = try store.read { (reader) in
            var all: [Citation] = []
            try reader.forEach(CardFilter(kinds: [.citation], archived: .include)) { if case .citation(let c) = $0 { all.append(c) } }
            return all
        }
        #expect(citations.map(\.tags) == [["wisdom"], ["latin"], ["latin"]])
        #expect(citations.map(\.isFavourite) == [false, false, false])
        #expect(citations.map(\.isArchived) == [false, false, true])
        #expect(citations.map(\.note) == [nil, "Odes 1.11", nil])
    }

    @Test func mirrorRefusesAKindleFile() throws {
        let directory = try TemporaryDirectory()
        let store = try Store(path: directory.file("store.sqlite"))
        #expect(throws: CardportError.self) {
            try Importing(registry: .standard, store: store).run(
                ImportRequest(inputs: [PackagePaths.sample("sync-clippings-v1.txt")], mirror: true))
        }
        #expect(try store.read { try $0.statistics() }.citations == 0)
    }

    @Test func aLengthenedHighlightInANewerClippingsFileUpdatesItsCard() throws {
        let directory = try TemporaryDirectory()
        let store = try Store(path: directory.file("store.sqlite"))
        let importing = Importing(registry: .standard, store: store)
        _ = try importing.run(ImportRequest(inputs: [PackagePaths.sample("sync-clippings-v1.txt")]))
        let outcome = try importing.run(ImportRequest(inputs: [PackagePaths.sample("sync-clippings-v2.txt")]))
        #expect(outcome.sync.map(\.highlightsReplaced) == [1])
        let texts = try store.read { (reader) in
            var all: [String] = []
            try reader.forEach(CardFilter(kinds: [.citation])) { if case .citation(let c) = $0 { all.append(c.text) } }
            return all
        }
        #expect(texts == ["Truth is a matter of the imagination. The soundest fact may fail or prevail in the style of its telling.",
                          "The universe (which others call the Library) is composed of an indefinite number of galleries."])
    }

    /// A PDF's highlights have a page and no location. A store restored from a backup still finds
    /// the one a lengthened highlight on the same page replaces.
    @Test func aLengthenedPageOnlyHighlightUpdatesItsCardAfterARestore() throws {
        let directory = try TemporaryDirectory()
        func clipping(_ text: String, minute: Int) -> String {
            "Ficciones (Jorge Luis Borges)\n- Your Highlight on page 12 | Added on Monday, March 6, 2023 10:\(minute):00 AM\n\n\(text)\n==========\n"
        }
        let first = try directory.write("v1.txt", clipping("Truth is a matter of the imagination.", minute: 10))
        let second = try directory.write("v2.txt", clipping("Truth is a matter of the imagination.", minute: 10)
            + clipping("Truth is a matter of the imagination. The soundest fact may fail or prevail.", minute: 20))
        let original = try Store(path: directory.file("original.sqlite"))
        _ = try Importing(registry: .standard, store: original).run(ImportRequest(inputs: [first]))
        _ = try Backup(store: original).write(to: directory.file("backup.json"))
        let store = try Store(path: directory.file("store.sqlite"))
        _ = try Restoring(store: store).run(directory.file("backup.json"), mode: nil)
        let outcome = try Importing(registry: .standard, store: store).run(ImportRequest(inputs: [second]))
        #expect(outcome.sync.map(\.highlightsReplaced) == [1])
        let texts = try store.read { (reader) in
            var all: [String] = []
            try reader.forEach(CardFilter(kinds: [.citation])) { if case .citation(let c) = $0 { all.append(c.text) } }
            return all
        }
        #expect(texts == ["Truth is a matter of the imagination. The soundest fact may fail or prevail."])
    }
}
