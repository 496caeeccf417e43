import Cardport
import CardportCore
import CardportTestSupport
import Foundation
import Testing

@Suite struct StandardRegistryTests {
    let registry = FormatRegistry.standard

    /// Every sample resolves to the format its name says, with no --from, and reads cleanly.
    @Test(arguments: [
        ("dummyjson-quotes-page.json", "dummyjson"), ("dummyjson-random.json", "dummyjson"),
        ("dummyjson-random-3.json", "dummyjson"), ("favourites.json", "favourites"),
        ("mixed.jsonl", "jsonl"), ("backup.json", "cardport"),
        ("taskwarrior-export.json", "taskwarrior"), ("firefox-bookmarks.json", "firefox"), ("buku-bookmarks.json", "buku"),
        ("todo.txt", "todotxt"), ("kindle-clippings.txt", "kindle"), ("buku-export.md", "markdown"),
    ])
    func resolvesEverySample(_ name: String, _ expected: String) throws {
        let report = try Inspection(registry: registry).run(path: PackagePaths.sample(name))
        #expect(report.format == expected)
        #expect(report.records > 0)
    }

    @Test func everySampleIsCovered() throws {
        let samples = try FileManager.default.contentsOfDirectory(atPath: PackagePaths.root + "/Samples")
        // Samples/plugins/ holds plugins, not inputs.
        for sample in samples where sample != "plugins" {
            #expect(throws: Never.self) { try Inspection(registry: registry).run(path: PackagePaths.sample(sample)) }
        }
    }

    @Test func aliasesAndExtensions() throws {
        #expect(try registry.format(named: "json").id == "cardport")
        #expect(try registry.format(named: "NDJSON").id == "jsonl")
        #expect(try registry.format(named: "favorites").id == "favourites")
        #expect(try registry.writeFormat(named: nil, path: "out.json").id == "cardport")
        #expect(try registry.writeFormat(named: nil, path: "out.ndjson").id == "jsonl")
    }

    @Test func sniffsJSONLinesInAJSONFile() throws {
        let prefix = Array("{\"text\":\"a\"}\n{\"text\":\"b\"}\n".utf8)
        #expect(try registry.readFormat(named: nil, path: "export.json", prefix: prefix).id == "jsonl")
    }

    @Test func resolvesAClippingsFileByItsContent() throws {
        let prefix = Array("Dune (Frank Herbert)\r\n- Your Highlight on Location 1-2 | Added on Monday, March 21, 2016 8:35:16 AM\r\n\r\nx\r\n==========\r\n".utf8)
        #expect(try registry.readFormat(named: nil, path: "My Clippings.txt", prefix: prefix).id == "kindle")
        #expect(try registry.writeFormat(named: nil, path: "highlights.txt").id == "kindle")
    }

    @Test func listsEveryFormat() {
        let catalogue = FormatCatalogue(registry: registry)
        #expect(catalogue.entries.map(\.id) == ["cardport", "jsonl", "dummyjson", "favourites", "csv", "readwise", "readwise-import", "todoist", "yaml", "kindle", "opml", "xbel", "netscape", "markdown", "taskwarrior", "firefox", "buku", "todotxt"])
        #expect(catalogue.table.hasPrefix("ID               ALIASES                  EXTENSIONS       READS                                WRITES                               DESCRIPTION\n"))
    }
}
