import Cardport
import CardportCore
import CardportStore
import CardportTestSupport
import Foundation
import Testing

@Suite struct StatisticsTests {
    @Test func countsWhatTheStoreHoldsAndNamesTheStore() throws {
        let directory = try TemporaryDirectory()
        let file = StoreFile(path: directory.file("store.sqlite"))
        _ = try Importing(registry: .standard, opening: file).run(ImportRequest(inputs: [PackagePaths.sample("backup.json")]))
        let report = try Statistics(opening: file).run()
        // backup.json: 7 citations (5 favourites, 1 archived), a bookmark, a task, a topic, settings
        // and 4 tags (stoicism, habits, philosophy, to-read).
        #expect(report.store == file.path)
        #expect(report.statistics.citations == 7)
        #expect(report.statistics.favourites == 5)
        #expect(report.statistics.archived == 1)
        #expect(report.statistics.tags == 4)
        #expect(report.statistics.hasSettings)
        let lines = report.summary.split(separator: "\n").prefix(3)
        #expect(lines == ["store: \(file.path)", "citations: 7 (5 favourite, 1 archived)", "bookmarks: 1"])
    }

    @Test func theJSONFormIsTheStatisticsAlone() throws {
        let directory = try TemporaryDirectory()
        let file = StoreFile(path: directory.file("store.sqlite"))
        _ = try Importing(registry: .standard, opening: file).run(ImportRequest(inputs: [PackagePaths.sample("mixed.jsonl")]))
        let report = try Statistics(opening: file).run()
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        #expect(try encoder.encode(report) == encoder.encode(report.statistics))
    }

    @Test func aStoreThatIsNotThereIsNotMade() throws {
        let directory = try TemporaryDirectory()
        #expect(throws: CardportError.self) { _ = try Statistics(opening: StoreFile(path: directory.file("none.sqlite"))) }
        #expect(directory.entries == [])
    }
}
