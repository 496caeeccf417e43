import Cardport
import CardportCore
import CardportTestSupport
import Foundation
import Testing

@Suite struct StandardRegistryTests {
    let registry = FormatRegistry.standard

    /// A sample, the format it resolves to with no --from, how many records it holds, and its first
    /// card: the kind and the text (a bookmark's URL, a task's description, a topic's title), copied
    /// from the file by hand.
    struct Sample: Sendable, CustomTestStringConvertible {
        var name: String
        var format: String
        var records: Int
        var kind: RecordKind
        var text: String
        init(_ name: String, _ format: String, _ records: Int, _ kind: RecordKind, _ text: String) {
            (self.name, self.format, self.records, self.kind, self.text) = (name, format, records, kind, text)
        }
        var testDescription: String { name }
    }

    /// Every file in Samples/ (a folder of samples is listed file by file; Samples/plugins/ holds plugins).
    static let samples: [Sample] = [
        Sample("backup.json", "cardport", 12, .citation, "We are what we repeatedly do. Excellence, then, is not an act, but a habit."),
        Sample("backup.yaml", "yaml", 12, .citation, "We are what we repeatedly do. Excellence, then, is not an act, but a habit."),
        Sample("boox-reading-notes.txt", "boox", 3, .citation, "Никогда не разговаривайте с неизвестными."),
        Sample("buku-bookmarks.json", "buku", 4, .bookmark, "https://doc.rust-lang.org/book/"),
        Sample("buku-export.md", "buku", 6, .bookmark, "https://doc.rust-lang.org/book/"),
        Sample("calibre-highlights.calibre_highlights", "calibre", 2, .citation, "It was the best of times, it was the worst of times,"),
        Sample("chrome-bookmarks.html", "netscape", 8, .bookmark, "https://news.ycombinator.com/"),
        Sample("dummyjson-quotes-page.json", "dummyjson", 5, .citation, "Your heart is the size of an ocean. Go find yourself in its hidden depths."),
        Sample("dummyjson-random-3.json", "dummyjson", 3, .citation, "Nothing is impossible, the word itself says “I’m possible”!"),
        Sample("dummyjson-random.json", "dummyjson", 1, .citation, "Faith is taking the first step even when you don’t see the whole staircase."),
        Sample("duplicates.jsonl", "jsonl", 10, .citation, "It is not the man who has too little, but the man who craves more, that is poor."),
        Sample("favourites.json", "favourites", 4, .citation, "Well begun is half done."),
        Sample("feeds.opml", "opml", 7, .bookmark, "https://www.swift.org/blog/"),
        Sample("firefox-bookmarks.html", "netscape", 7, .bookmark, "https://www.gutenberg.org/ebooks/2701"),
        Sample("firefox-bookmarks.json", "firefox", 4, .bookmark, "https://ocw.mit.edu/courses/18-06-linear-algebra-spring-2010/"),
        Sample("github-readme.md", "markdown", 8, .task, "Read NOAA station data"),
        Sample("kindle-clippings.txt", "kindle", 8, .citation, "Truth is a matter of the imagination."),
        Sample("kindle-edits.txt", "kindle", 5, .citation, "Truth is a matter of the imagination."),
        Sample("koreader-export.json", "koreader", 3, .citation, "Begin the morning by saying to thyself, I shall meet with the busy-body, the ungrateful, arrogant, deceitful, envious, unsocial."),
        Sample("koreader/Meditations.sdr/metadata.epub.lua", "koreader", 3, .citation, "Begin the morning by saying to thyself, I shall meet with the busy-body, the ungrateful, arrogant, deceitful, envious, unsocial."),
        Sample("koreader/Анна Каренина.sdr/metadata.fb2.lua", "koreader", 2, .citation, "Все счастливые семьи похожи друг на друга, каждая несчастливая семья несчастлива по-своему."),
        Sample("mixed.jsonl", "jsonl", 6, .citation, "We are what we repeatedly do. Excellence, then, is not an act, but a habit."),
        Sample("obsidian-book-highlights.md", "markdown", 8, .citation, "But man is not made for defeat. A man can be destroyed but not defeated."),
        Sample("quotes.csv", "csv", 4, .citation, "Simplicity is prerequisite for reliability."),
        Sample("quotes.yaml", "yaml", 5, .citation, "It is not that we have a short time to live,\nbut that we waste a lot of it.\n"),  // a literal block keeps its last line break
        Sample("readwise-export.csv", "readwise", 5, .citation, "It is not that we have a short time to live, but that we waste a lot of it."),
        Sample("readwise-import.csv", "readwise-import", 3, .citation, "Simple is better than complex."),
        Sample("study-topics.opml", "opml", 5, .topic, "Linear algebra: eigenvalues"),
        Sample("sync-cards-v1.jsonl", "jsonl", 3, .citation, "Well begun is half done."),
        Sample("sync-cards-v2.jsonl", "jsonl", 2, .citation, "Well begun is half done."),
        Sample("sync-clippings-v1.txt", "kindle", 2, .citation, "Truth is a matter of the imagination."),
        Sample("sync-clippings-v2.txt", "kindle", 2, .citation, "Truth is a matter of the imagination. The soundest fact may fail or prevail in the style of its telling."),
        Sample("taskwarrior-export.json", "taskwarrior", 4, .task, "Revise linear algebra notes"),
        Sample("citation-app.plist", "plist", 6, .citation, "We are what we repeatedly do."),
        Sample("quotes-app.plist", "plist", 3, .citation, "Well begun is half done."),
        Sample("todo.txt", "todotxt", 6, .task, "Revise linear algebra notes +maths @desk"),
        Sample("todoist.csv", "todoist", 6, .topic, "Linear algebra"),
    ]

    /// Every sample resolves to its format with no --from and reads without an error, holding what
    /// the file holds.
    @Test(arguments: samples)
    func readsEverySample(_ sample: Sample) throws {
        let path = PackagePaths.sample(sample.name)
        #expect(try Inspection(registry: registry).run(path: path).map(\.format) == [sample.format])
        let input = try ByteInput(path: path)
        let format = try registry.readFormat(named: nil, path: path, prefix: try input.peek(upTo: 64 * 1024))
        let records = try format.makeReader(input, options: ReadOptions()).readAll()
        #expect(records.count == sample.records)
        let first = try #require(records.first { $0.kind != .settings && $0.kind != .tag })
        #expect(first.kind == sample.kind)
        #expect(Self.text(of: first) == sample.text)
    }

    @Test func everySampleIsListed() throws {
        let samples = FileManager.default.enumerator(atPath: PackagePaths.root + "/Samples")?.compactMap { $0 as? String } ?? []
        let files = samples.filter { !FileManager.default.isDirectory(PackagePaths.sample($0)) && !$0.hasPrefix("plugins/")
            && !$0.hasPrefix("templates/") }
        #expect(files.sorted() == Self.samples.map(\.name).sorted())
    }

    /// Every field of Samples/quotes.csv, read from the file by hand: the README's CSV example.
    @Test func readsQuotesCSVWhole() throws {
        let input = try ByteInput(path: PackagePaths.sample("quotes.csv"))
        let records = try registry.format(named: "csv").makeReader(input, options: ReadOptions()).readAll()
        let citations = records.compactMap { if case .citation(let citation) = $0 { citation } else { nil } }
        #expect(citations.map(\.text) == ["Simplicity is prerequisite for reliability.",
                                          "Das Leben wird vorwärts gelebt und rückwärts verstanden.",
                                          "知之为知之，不知为不知，是知也。",
                                          // The apostrophe that keeps a spreadsheet from running a formula is taken off.
                                          "=SUM(A1:A3) is a formula, not a quote"])
        #expect(citations.map(\.author) == ["Edsger W. Dijkstra", "Søren Kierkegaard", "Confucius", "Someone Careful"])
        #expect(citations.map(\.source) == [nil, "Tagebücher", "Analects", nil])
        #expect(citations.map(\.tags) == [["programming"], ["philosophy", "time"], ["wisdom", "classics"], []])
        #expect(citations.map(\.isFavourite) == [true, false, false, false])
        #expect(citations.map { $0.createdAt?.description } == ["2023-06-01", "2023-06-02T10:00:00+02:00", "2023-06-03", nil])
        #expect(citations.map { $0.location?.page } == [nil, nil, "II.17", nil])
        #expect(citations.map(\.extras) == [["Mood": "calm"], [:], [:], [:]])
    }

    private static func text(of record: Record) -> String? {
        switch record {
        case .citation(let citation): citation.text
        case .bookmark(let bookmark): bookmark.text
        case .task(let task): task.description
        case .topic(let topic): topic.title
        default: nil
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
