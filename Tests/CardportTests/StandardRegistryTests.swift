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
        ("koreader-export.json", "koreader"), ("koreader/Meditations.sdr/metadata.epub.lua", "koreader"),
        ("koreader/Анна Каренина.sdr/metadata.fb2.lua", "koreader"), ("boox-reading-notes.txt", "boox"),
        ("calibre-highlights.calibre_highlights", "calibre"),
    ])
    func resolvesEverySample(_ name: String, _ expected: String) throws {
        let report = try Inspection(registry: registry).run(path: PackagePaths.sample(name))
        #expect(report.format == expected)
        #expect(report.records > 0)
    }

    @Test func everySampleIsCovered() throws {
        // A folder of samples (a device or library layout) is inspected file by file; Samples/plugins/
        // holds plugins, not inputs.
        let samples = FileManager.default.enumerator(atPath: PackagePaths.root + "/Samples")?.compactMap { $0 as? String } ?? []
        for sample in samples where !FileManager.default.isDirectory(PackagePaths.sample(sample)) && !sample.hasPrefix("plugins/") {
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
        #expect(catalogue.entries.map(\.id) == ["cardport", "jsonl", "dummyjson", "favourites", "plist", "csv", "readwise", "readwise-import", "todoist", "yaml", "kindle", "koreader", "kobo", "boox", "calibre", "apple-books", "opml", "xbel", "netscape", "markdown", "taskwarrior", "firefox", "buku", "todotxt"])
        #expect(catalogue.table.hasPrefix("ID               ALIASES                  EXTENSIONS                  READS                                WRITES                               DESCRIPTION\n"))
    }
}

extension FileManager {
    /// Whether `path` is a folder.
    func isDirectory(_ path: String) -> Bool {
        var isDirectory: ObjCBool = false
        return fileExists(atPath: path, isDirectory: &isDirectory) && isDirectory.boolValue
    }
}

/// Damaged inputs resolve to the format their extension names, so they fail as that format.
@Suite struct DamagedInputResolutionTests {
    let registry = FormatRegistry.standard

    @Test func aJSONLinesFileWithACutFirstLineStaysJSONLines() throws {
        let prefix = Array("{\"text\":\"a\"\n{\"text\":\"b\",\"note\":\"x\"}\n{\"text\":\"c\"}\n".utf8)
        let resolution = try registry.resolveRead(named: nil, path: "v.jsonl", prefix: prefix, isWholeInput: true)
        #expect(resolution.format.id == "jsonl")
        #expect(!resolution.isContentOverride)
    }

    @Test func aCutTaskwarriorExportStaysTaskwarrior() throws {
        let prefix = Array("[\n{\"id\":1,\"description\":\"Revise notes\",\"due\":\"20240212T230000Z\",\"entry\":\"2024".utf8)
        #expect(try registry.resolveRead(named: nil, path: "tasks.json", prefix: prefix, isWholeInput: true).format.id
                == "taskwarrior")
    }

    @Test func aPrettyPrintedObjectIsNotJSONLines() throws {
        #expect(try registry.format(named: "jsonl").sniff(Array("{\n  \"a\": {\n    \"b\": 1\n  }\n}\n".utf8)) == .no)
    }
}
