import Cardport
import CardportCore
import CardportStore
import CardportTestSupport
import Foundation
import Testing

@Suite struct TaggingTests {
    @Test func listsEachTagWithItsColourAndCards() throws {
        let directory = try TemporaryDirectory()
        let file = StoreFile(path: directory.file("store.sqlite"))
        _ = try Importing(registry: .standard, opening: file).run(ImportRequest(inputs: [PackagePaths.sample("mixed.jsonl")]))
        // mixed.jsonl: "stoicism" (teal) on a citation and a bookmark, "to-read" on the bookmark,
        // "habits" and "philosophy" on the other citation.
        let tags = try Tagging(opening: file, for: .reading).list()
        #expect(tags == [
            TagUsage(name: "habits", colour: nil, cards: 1),
            TagUsage(name: "philosophy", colour: nil, cards: 1),
            TagUsage(name: "stoicism", colour: try TagColour(parsing: "teal"), cards: 2),
            TagUsage(name: "to-read", colour: nil, cards: 1),
        ])
    }

    @Test func anEntryEncodesAsTheStoresTagUsage() throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        for colour in [nil, try TagColour(parsing: "#30B0C7")] {
            #expect(try encoder.encode(TagUsage(name: "stoicism", colour: colour, cards: 3))
                    == encoder.encode(TagUsage(name: "stoicism", colour: colour, cards: 3)))
        }
    }

    @Test func aRenameThroughTheFileChangesEveryCard() throws {
        let directory = try TemporaryDirectory()
        let file = StoreFile(path: directory.file("store.sqlite"))
        _ = try Importing(registry: .standard, opening: file).run(ImportRequest(inputs: [PackagePaths.sample("mixed.jsonl")]))
        #expect(try Tagging(opening: file, for: .editing).rename("stoicism", to: "stoa") == 2)
        #expect(try Tagging(opening: file, for: .reading).list().map(\.name) == ["habits", "philosophy", "stoa", "to-read"])
    }
}
