import Cardport
import CardportCore
import CardportStore
import CardportTestSupport
import Foundation
import Testing

@Suite struct ImportingTests {
    private func clippings(_ entries: [(String, String)]) -> String {
        entries.map { location, text in
            "Meditations (Marcus Aurelius)\r\n- Your Highlight on Location \(location) | Added on Monday, March 21, 2016 8:35:16 AM\r\n\r\n\(text)\r\n==========\r\n"
        }.joined()
    }

    private func statistics(_ store: Store) throws -> StoreStatistics {
        try store.read { try $0.statistics() }
    }

    @Test func importingTheSameFileTwiceAddsNothingTheSecondTime() throws {
        let directory = try TemporaryDirectory()
        let store = try Store(path: directory.file("store.sqlite"))
        let importing = Importing(registry: .standard, store: store)
        let request = ImportRequest(inputs: [PackagePaths.sample("backup.json"), PackagePaths.sample("kindle-clippings.txt")])
        let first = try importing.run(request)
        let second = try importing.run(request)
        #expect(first.report.total.added > 0)
        #expect(second.report.total.added == 0)
        #expect(second.report.total.updated == 0)
        #expect(second.report.total.unchanged == second.report.total.read)
        #expect(second.report.recordsOut == first.report.recordsOut)
        let sources = try statistics(store).sources
        #expect(sources.count == 4)
        #expect(sources[0].provenance.sha256 == sources[2].provenance.sha256)
        #expect(sources[0].provenance.sha256?.count == 64)
    }

    @Test func aNewerKindleFileAddsOnlyTheNewHighlights() throws {
        let directory = try TemporaryDirectory()
        let store = try Store(path: directory.file("store.sqlite"))
        let importing = Importing(registry: .standard, store: store)
        let old = [("10-12", "You have power over your mind, not outside events."),
                   ("40-41", "The best revenge is not to be like that.")]
        let older = try directory.write("My Clippings (2016).txt", clippings(old))
        let newer = try directory.write("My Clippings.txt",
                                        clippings(old + [("90-92", "Waste no more time arguing what a good man should be. Be one.")]))
        #expect(try importing.run(ImportRequest(inputs: [older])).report.total.added == 2)
        let second = try importing.run(ImportRequest(inputs: [newer])).report.total
        #expect(second.added == 1)
        #expect(second.unchanged == 2)
        #expect(try statistics(store).citations == 3)
    }

    @Test func aFailingRecordInTheMiddleLeavesTheStoreExactlyAsBefore() throws {
        let directory = try TemporaryDirectory()
        let store = try Store(path: directory.file("store.sqlite"))
        let importing = Importing(registry: .standard, store: store)
        _ = try importing.run(ImportRequest(inputs: [PackagePaths.sample("kindle-clippings.txt")]))
        let before = try statistics(store)
        let bad = try directory.write("bad.jsonl", """
            {"text":"First, fine."}
            {"text":"Second, fine.","tags":["new tag"]}
            {"text": "Third, broken" "author": "nobody"}
            {"text":"Fourth, never read."}

            """)
        #expect(throws: CardportError.self) { try importing.run(ImportRequest(inputs: [bad])) }
        #expect(try statistics(store) == before)
    }

    @Test func keepGoingImportsTheRestAndReportsTheBadRecord() throws {
        let directory = try TemporaryDirectory()
        let store = try Store(path: directory.file("store.sqlite"))
        let bad = try directory.write("bad.jsonl", """
            {"text":"First, fine."}
            {"text":"Second, broken","favourite":"perhaps"}
            {"text":"Third, fine."}

            """)
        let outcome = try Importing(registry: .standard, store: store).run(ImportRequest(inputs: [bad], keepGoing: true))
        #expect(outcome.report.total.added == 2)
        #expect(outcome.report.total.rejected == 1)
        #expect(outcome.report.rejections.first?.location?.line == 2)
        #expect(try statistics(store).sources.first?.provenance.rejected == 1)
    }

    @Test func aDryRunReportsAndKeepsNothing() throws {
        let directory = try TemporaryDirectory()
        let store = try Store(path: directory.file("store.sqlite"))
        let outcome = try Importing(registry: .standard, store: store)
            .run(ImportRequest(inputs: [PackagePaths.sample("backup.json")], dryRun: true))
        #expect(outcome.report.total.added > 0)
        #expect(try statistics(store) == StoreStatistics())
    }
}
