import Cardport
import CardportCore
import CardportStore
import CardportTestSupport
import Testing

@Suite struct ExportingTests {
    @Test func exportsFavouritesToMarkdownAndLeavesArchivedOnesOut() throws {
        let directory = try TemporaryDirectory()
        let store = try Store(path: directory.file("store.sqlite"))
        _ = try Importing(registry: .standard, store: store).run(ImportRequest(inputs: [PackagePaths.sample("backup.json")]))
        let summary = try Exporting(registry: .standard, store: store)
            .run(output: directory.file("favourites.md"), filter: CardFilter(favouritesOnly: true))
        #expect(summary.output.format == "markdown")
        let text = try directory.read("favourites.md")
        #expect(text.contains("Well begun is half done."))
        #expect(!text.contains("L’enfer"), "archived")
        #expect(!text.contains("It is not the man who has too little"), "not a favourite")
        let archived = try Exporting(registry: .standard, store: store)
            .run(output: directory.file("archived.jsonl"), filter: CardFilter(archived: .only))
        #expect(archived.output.records == 1)
    }

    @Test func kindsTheTargetCannotHoldAreCountedNotWritten() throws {
        let directory = try TemporaryDirectory()
        let store = try Store(path: directory.file("store.sqlite"))
        _ = try Importing(registry: .standard, store: store).run(ImportRequest(inputs: [PackagePaths.sample("mixed.jsonl")]))
        let summary = try Exporting(registry: .standard, store: store).run(output: directory.file("out.txt"), to: "kindle",
                                                                           filter: CardFilter())
        // mixed.jsonl holds 2 citations, 1 bookmark, 1 task, 1 topic and 4 distinct tags (stoicism,
        // to-read, habits, philosophy): the Kindle format holds the citations only.
        #expect(summary.droppedRecords == ["bookmarks": 1, "tasks": 1, "topics": 1, "tags": 4])
        #expect(summary.output.records == 2)
    }

    @Test func aKindTheTargetCannotHoldFailsBeforeWriting() throws {
        let directory = try TemporaryDirectory()
        let store = try Store(path: directory.file("store.sqlite"))
        #expect(throws: CardportError.self) {
            _ = try Exporting(registry: .standard, store: store).run(output: directory.file("out.txt"), to: "kindle",
                                                                    filter: CardFilter(kinds: [.task]))
        }
        #expect(directory.entries.filter { !$0.hasPrefix("store.sqlite") } == [])
    }
}
