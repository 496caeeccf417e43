import CardportCore
import CardportMarkdown
import CardportTestSupport
import Foundation
import Testing

/// The hand-written samples in `Samples/` read as a person would expect.
@Suite struct MarkdownSampleTests {
    let format = MarkdownFormat()

    private func read(_ name: String, strict: Bool = false) throws -> [Record] {
        let text = try String(contentsOfFile: PackagePaths.sample(name), encoding: .utf8)
        return try FormatHarness.read(format, text, name: name, options: ReadOptions(strict: strict))
    }

    @Test func obsidianNoteOfBookHighlights() throws {
        let records = try read("obsidian-book-highlights.md")
        let citations = records.compactMap { if case .citation(let c) = $0 { c } else { nil } }
        #expect(citations.count == 4)
        #expect(citations.allSatisfy { $0.source == "The Old Man and the Sea" && $0.createdAt == Timestamp(parsing: "2024-02-11") })
        #expect(citations[0].author == "Ernest Hemingway")
        #expect(citations[0].tags == ["resilience", "books", "fiction"])
        #expect(citations[0].isFavourite)
        #expect(citations[1].text == "Every day is a new day. It is better to be lucky. But I would rather be exact. Then when luck comes you are ready.")
        #expect(citations[1].location == CitationLocation(page: "32"))
        #expect(citations[2].note == "The line I keep coming back to when a project stalls.")
        #expect(citations[3].author == "Santiago")
        #expect(records.filter { $0.kind == .task }.count == 3)
        #expect(records.last == .bookmark(Bookmark(name: "Nobel lecture, 1954",
                                                   text: "https://www.nobelprize.org/prizes/literature/1954/hemingway/speech/")))
    }

    @Test func readmeTasksInNestedListsButNotInCode() throws {
        let records = try read("github-readme.md")
        let tasks = records.compactMap { if case .task(let t) = $0 { t } else { nil } }
        #expect(tasks.map(\.description) == ["Read NOAA station data", "Alerts over e-mail", "Alerts over Matrix",
                                             "Room discovery", "End-to-end encryption",
                                             "Configurable thresholds per station", "Export to CSV"])
        #expect(tasks.map(\.progress.percent) == [100, 100, 0, 0, 50, 0, 0])
        #expect(records.filter { $0.kind == .bookmark }.count == 1)
        #expect(throws: CardportError.self) { try read("github-readme.md", strict: true) }
    }

    @Test func bukuMarkdownExport() throws {
        let records = try read("buku-export.md", strict: true)
        #expect(records.count == 6)
        #expect(records.first == .bookmark(Bookmark(name: "The Rust Programming Language",
                                                    text: "https://doc.rust-lang.org/book/", tags: ["rust", "books"])))
        #expect(records[2] == .bookmark(Bookmark(name: "Hacker News", text: "https://news.ycombinator.com/")))
    }
}
