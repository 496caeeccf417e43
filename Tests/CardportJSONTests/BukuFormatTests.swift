import CardportCore
@testable import CardportJSON
import CardportTestSupport
import Foundation
import Testing

@Suite struct BukuFormatTests {
    let format = BukuFormat()

    @Test func conformsToTheFormatContract() async {
        await FormatConformance.check(
            format, brokenInput: "[\n    {\n        \"uri\": ,\n    }\n]\n",
            project: { library in
                // Markdown keeps the title, URL and tags; a title or tag that would break the line is left out.
                Library(bookmarks: library.bookmarks.compactMap { bookmark in
                    guard !bookmark.text.contains(where: { $0 == "\n" || $0 == "\r" || $0 == "\r\n" }) else { return nil }
                    let name = bookmark.name.flatMap { $0.unicodeScalars.contains { $0 == "\n" || $0 == "\r" } || $0.contains("](") ? nil : $0 }
                    let tags = bookmark.tags.filter {
                        BookmarkTagList.canHold($0) && !$0.unicodeScalars.contains { $0 == "\n" || $0 == "\r" }
                            && !$0.contains(")") && !$0.contains("-->")
                    }
                    return Bookmark(name: name, text: bookmark.text, tags: tags)
                })
            })
    }

    @Test func readsWhatBukuPrintsAsJSON() throws {
        let input = try ByteInput(path: PackagePaths.sample("buku-bookmarks.json"))
        let records = try format.makeReader(input, options: ReadOptions()).readAll()
        #expect(records.count == 4)
        #expect(records[0] == .bookmark(Bookmark(name: "The Rust Programming Language", text: "https://doc.rust-lang.org/book/",
                                                 tags: ["books", "rust"],
                                                 extras: ["buku_index": "1", "description": "The official book, free online."])))
        #expect(records[2] == .bookmark(Bookmark(name: "Hacker News", text: "https://news.ycombinator.com/", extras: ["buku_index": "3"])))
    }

    @Test func readsBukusMarkdownTheWayBukuDoes() throws {
        let records = try FormatHarness.read(format, """
            - [Pro Git](https://git-scm.com/book) <!-- TAGS: git,books -->
            - [A (paren) title](https://en.wikipedia.org/wiki/Swift_(programming_language))
            # a heading, not a link

            - [](https://example.com/untitled)
            """)
        #expect(records == [
            .bookmark(Bookmark(name: "Pro Git", text: "https://git-scm.com/book", tags: ["git", "books"])),
            .bookmark(Bookmark(name: "A (paren) title", text: "https://en.wikipedia.org/wiki/Swift_(programming_language)")),
            .bookmark(Bookmark(text: "https://example.com/untitled")),
        ])
    }

    @Test func writesMarkdownLinesAndCountsWhatTheyCannotHold() throws {
        let written = try FormatHarness.write(format, [
            .bookmark(Bookmark(name: "Pro Git", text: "https://git-scm.com/book", tags: ["git", "a,b", "c)"],
                               createdAt: Timestamp(secondsSince1970: 0), extras: ["description": "d"])),
            .bookmark(Bookmark(name: "two\nlines", text: "https://example.org/")),
            .bookmark(Bookmark(text: "not\na line")),
        ])
        #expect(written.text == """
            - [Pro Git](https://git-scm.com/book) <!-- TAGS: git -->
            - [](https://example.org/)

            """)
        #expect(written.losses.fields == ["bookmark.tags": 2, "bookmark.created_at": 1, "bookmark.extras": 1, "bookmark.name": 1])
        #expect(written.losses.records == [.bookmark: 1])
    }

    @Test func sniffsBukuJSONAndLeavesMarkdownToTheMarkdownFormat() {
        #expect(format.sniff(Array("[\n    {\n        \"description\": \"\",\n        \"index\": 1,\n        \"tags\": \"a\",\n        \"title\": \"A\",\n        \"uri\": \"https://a.example\"\n    }\n]\n".utf8)) == .certain)
        #expect(format.sniff(Array("[{\"uri\": \"https://a.example\"}]".utf8)) == .possible)
        #expect(format.sniff(Array("{\n    \"description\": \"\",\n    \"index\": 3,\n    \"tags\": \"\",\n    \"title\": \"A\",\n    \"uri\": \"https://a.example\"\n}\n".utf8)) == .certain)
        #expect(format.sniff(Array("- [a](https://a.example) <!-- TAGS: x -->\n".utf8)) == .certain)
        #expect(format.sniff(Array("# Notes\n".utf8)) == .no)
    }

    @Test func isCertainOfBukusMarkdownExportOnlyWhenNothingElseIsInIt() {
        // What `buku --export x.md` writes: link lines, tag comments on some.
        let export = "- [Tom <and> Jerry](https://example.org/?a=1&b=2) <!-- TAGS: cartoons,kids -->\n- [Plain](https://example.com/plain)\n"
        #expect(format.sniff(Array(export.utf8)) == .certain)
        #expect(format.sniff(Array(export.replacingOccurrences(of: "\n", with: "\r\n").utf8)) == .certain)
        // A list of links with no tag comment: plain Markdown reads it as well.
        #expect(format.sniff(Array("- [Plain](https://example.com/plain)\n- [Other](https://example.com/other)\n".utf8)) == .no)
        // Notes around such a line, or text after its comment: Markdown that happens to hold one.
        #expect(format.sniff(Array(("# Reading\n\n" + export).utf8)) == .possible)
        #expect(format.sniff(Array("- [a](https://a.example) <!-- TAGS: x --> and more\n".utf8)) == .possible)
        #expect(format.sniff(Array("- [a](https://a.example) see <!-- TAGS: x -->\n".utf8)) == .possible)
    }

    @Test func readsDamagedJSONAsJSONNotMarkdown() {
        let error = FormatHarness.error(reading: "[\n    (\"uri\": \"https://example.org\", \"tags\": \",a,\"}\n]\n", as: BukuFormat())
        #expect(error?.message == "expected a value, found '('")
        #expect(error?.location?.line == 2)
    }
}
