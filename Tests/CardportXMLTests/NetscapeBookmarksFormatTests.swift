import CardportCore
import CardportTestSupport
@testable import CardportXML
import Foundation
import PropertyBased
import Testing

@Suite struct NetscapeBookmarksFormatTests {
    let format = NetscapeBookmarksFormat()

    private func bookmarks(_ sample: String, _ mode: FoldersAsTags = .all) throws -> (bookmarks: [Bookmark], skipped: [String]) {
        let input = try ByteInput(path: PackagePaths.sample(sample))
        let reader = try format.makeReader(input, options: ReadOptions(foldersAsTags: mode))
        let records = try reader.readAll()
        return (records.compactMap { if case .bookmark(let b) = $0 { b } else { nil } },
                reader.notes.counts.map { "\($0.label): \($0.value)" })
    }

    @Test func conformsToTheFormatContract() async {
        await FormatConformance.check(
            format,
            brokenInput: "<!DOCTYPE NETSCAPE-Bookmark-file-1>\n<DL><p>\n    <DT><A HREF=\"https://a.example\" ADD_DATE=\"yesterday\">A</A>\n</DL><p>\n",
            project: Projection.netscape)
    }

    @Test func sniffsTheDoctype() {
        #expect(format.sniff(Array("<!DOCTYPE NETSCAPE-Bookmark-file-1>\n<META>".utf8)) == .certain)
        #expect(format.sniff(Array("<!doctype netscape-bookmark-file-1>".utf8)) == .certain)
        #expect(format.sniff(Array("<!DOCTYPE html><html>".utf8)) == .no)
    }

    @Test func readsAFirefoxExport() throws {
        let (read, skipped) = try bookmarks("firefox-bookmarks.html")
        #expect(read.map(\.name) == [
            "Moby Dick; Or, The Whale by Herman Melville | Project Gutenberg", "The Need to Read", "Learning <and> unlearning",
            "HTML: HyperText Markup Language | MDN", "Documentation | Swift.org",
            "SE-0409: Access-level modifiers on import declarations", "RFC 2822 – Date and Time Specification",
        ])
        #expect(read[0].tags == ["books", "classics", "Reading"])
        #expect(read[0].extras == ["description": "Free ebook & audio; the 1851 text."])
        #expect(read[0].createdAt == Timestamp(secondsSince1970: 1_641_081_600))
        #expect(read[1].tags == ["Reading", "Essays"])
        #expect(read[1].updatedAt == Timestamp(secondsSince1970: 1_706_832_000))
        #expect(read[1].extras == ["shortcuturl": "pg"])
        // The toolbar and "Other Bookmarks" are the browser's own folders, not tags.
        #expect(read[3].tags == ["reference", "web"])
        #expect(read[4].tags == ["swift", "Swift"])
        #expect(read[5].extras["description"] == "Why `internal import` keeps C types out of a module's API.")
        #expect(read[6].tags == [])
        #expect(skipped == ["place: links skipped: 1", "javascript: links skipped: 1", "about: links skipped: 1",
                            "chrome:// links skipped: 1"])
    }

    @Test func readsAChromeExportWithNestedFolders() throws {
        let (read, skipped) = try bookmarks("chrome-bookmarks.html")
        #expect(read.count == 8)
        #expect(read[2] == Bookmark(name: "AWS Health Dashboard", text: "https://status.aws.amazon.com/?region=eu-central-1&tab=health",
                                    tags: ["Work", "Infra & Ops"], createdAt: Timestamp(secondsSince1970: 1_583_020_900)))
        #expect(read[3].text == "https://grafana.example.com/d/k8s-overview?orgId=1&refresh=30s")
        #expect(read[7].name == "東京 - Wikipedia")
        #expect(read[0].extras["icon"]?.hasPrefix("data:image/png;base64,") == true)
        #expect(skipped == ["chrome:// links skipped: 1"])
        #expect(try bookmarks("chrome-bookmarks.html", .parent).bookmarks[2].tags == ["Infra & Ops"])
        #expect(try bookmarks("chrome-bookmarks.html", .none).bookmarks.allSatisfy(\.tags.isEmpty))
    }

    @Test func chromeRootFoldersAreNotTags() throws {
        // Chrome flags only the bookmarks bar; "Other bookmarks" is a plain top folder.
        let (read, _) = try bookmarks("chrome-bookmarks.html")
        #expect(read.map(\.tags) == [[], ["Work"], ["Work", "Infra & Ops"], ["Work", "Infra & Ops"], [],
                                      ["Recipes"], ["Recipes"], []])
    }

    @Test func readsAFileOfManyChunksWithFoldersAcrossThem() throws {
        var text = "<!DOCTYPE NETSCAPE-Bookmark-file-1>\n<DL><p>\n"
        for folder in 0..<50 {
            text += "    <DT><H3>Folder \(folder)</H3>\n    <DL><p>\n"
            for index in 0..<200 {
                text += "        <DT><A HREF=\"https://example.org/\(folder)/\(index)?a=1&amp;b=2\" ADD_DATE=\"\(1_600_000_000 + index)\">Page \(index) &amp; more</A>\n"
                if index % 7 == 0 { text += "        <DD>Note \(index)\n" }
            }
            text += "    </DL><p>\n"
        }
        text += "</DL><p>\n"
        #expect(text.utf8.count > 10 * StreamingParser.chunkSize)
        let read = try FormatHarness.read(format, text).compactMap { if case .bookmark(let b) = $0 { b } else { nil } }
        #expect(read.count == 10_000)
        #expect(read.last == Bookmark(name: "Page 199 & more", text: "https://example.org/49/199?a=1&b=2", tags: ["Folder 49"],
                                      createdAt: Timestamp(secondsSince1970: 1_600_000_199)))
        #expect(read[7].extras == ["description": "Note 7"])
        #expect(Set(read.map(\.tags)).count == 50)
    }

    @Test func handsOutBookmarksAsTheFileIsRead() throws {
        // libxml2 2.9's HTML push parser stalls when a chunk ends inside a tag; the reader cuts chunks
        // after a '>' so that it keeps streaming.
        var text = "<!DOCTYPE NETSCAPE-Bookmark-file-1>\n<DL><p>\n"
        for index in 0..<20_000 {
            text += "    <DT><A HREF=\"https://example.org/\(index)\" ADD_DATE=\"1600000000\" TAGS=\"it's,\\\"q\\\"\">Page \(index) it's \"x\"</A>\n"
        }
        text += "</DL><p>\n"
        let scratch = try TemporaryDirectory()
        let input = try ByteInput(path: try scratch.write("many.html", text))
        let reader = try format.makeReader(input, options: ReadOptions())
        #expect(try reader.next()?.id == RecordID.bookmark(text: "https://example.org/0"))
        var count = 1
        var consumedAtHalf = 0
        while try reader.next() != nil {
            count += 1
            if count == 10_000 { consumedAtHalf = input.offset }
        }
        #expect(count == 20_000)
        // Half the bookmarks are handed out when not much more than half the file has been parsed.
        #expect(consumedAtHalf < text.utf8.count * 3 / 4)
    }

    @Test func readsAThousandLinksInOneFolder() throws {
        // <DT> is never closed and libxml2 nests each in the one before: that is not folder depth.
        var text = "<!DOCTYPE NETSCAPE-Bookmark-file-1>\n<DL><p>\n"
        for index in 0..<1000 { text += "    <DT><A HREF=\"https://example.org/\(index)\">Page \(index)</A>\n" }
        text += "</DL><p>\n"
        #expect(try FormatHarness.read(format, text).count == 1000)
    }

    @Test func countsADateThatReadsBackInAnotherForm() throws {
        // ADD_DATE is whole seconds in UTC: the instant is written, the zone and a day alone are not.
        let zoned = try #require(Timestamp(parsing: "2024-03-12T19:04:11+01:00"))
        let day = try #require(Timestamp(parsing: "2024-03-12"))
        let written = try FormatHarness.write(format, [
            .bookmark(Bookmark(text: "https://a.example/", createdAt: zoned, updatedAt: day)),
            .bookmark(Bookmark(text: "https://b.example/", createdAt: Timestamp(secondsSince1970: 1_710_266_651))),
        ])
        #expect(written.text.contains(#"<A HREF="https://a.example/" ADD_DATE="1710266651" LAST_MODIFIED="1710201600">"#))
        #expect(written.losses.fields == ["bookmark.created_at": 1, "bookmark.updated_at": 1])
        let read = try FormatHarness.read(format, written.text)
        let expected: [Timestamp?] = [Timestamp(secondsSince1970: 1_710_266_651), Timestamp(secondsSince1970: 1_710_266_651)]
        #expect(read.map { record -> Timestamp? in if case .bookmark(let b) = record { b.createdAt } else { nil } } == expected)
    }

    @Test func writesTheFormBrowsersImport() throws {
        let records: [Record] = [
            .bookmark(Bookmark(name: "Pro Git", text: "https://git-scm.com/book?a=1&b=2", tags: ["git", "books"],
                               createdAt: Timestamp(secondsSince1970: 1_700_000_000), extras: ["description": "Chapters <3> & 7"])),
            .bookmark(Bookmark(text: "https://example.org/")),
        ]
        let written = try FormatHarness.write(format, records)
        #expect(written.text == """
            <!DOCTYPE NETSCAPE-Bookmark-file-1>
            <!-- This is an automatically generated file.
                 It will be read and overwritten.
                 DO NOT EDIT! -->
            <META HTTP-EQUIV="Content-Type" CONTENT="text/html; charset=UTF-8">
            <TITLE>Bookmarks</TITLE>
            <H1>Bookmarks</H1>
            <DL><p>
                <DT><A HREF="https://git-scm.com/book?a=1&amp;b=2" ADD_DATE="1700000000" TAGS="git,books">Pro Git</A>
                <DD>Chapters &lt;3&gt; &amp; 7
                <DT><A HREF="https://example.org/">https://example.org/</A>
            </DL><p>

            """)
        #expect(written.losses.isEmpty)
        #expect(try FormatHarness.read(format, written.text) == records)
    }

    @Test func bukuImportsEveryBookmarkWithItsTags() throws {
        guard let buku = ExternalTool.find("buku", package: "buku") else { return }
        let scratch = try TemporaryDirectory()
        let records: [Record] = [
            .bookmark(Bookmark(name: "Pro Git", text: "https://git-scm.com/book", tags: ["git", "books"])),
            .bookmark(Bookmark(name: "Tom & Jerry <1940>", text: "https://example.org/?a=1&b=2", tags: ["cartoons"])),
            .bookmark(Bookmark(name: "Übersicht – 東京", text: "https://ja.wikipedia.org/wiki/東京", tags: ["travel", "japan"])),
            .bookmark(Bookmark(name: "No tags", text: "https://example.com/plain")),
        ]
        let file = try scratch.write("export.html", try FormatHarness.write(format, records).text)
        let home = scratch.file("home")
        try FileManager.default.createDirectory(atPath: home, withIntermediateDirectories: true)
        let environment = ["HOME": home, "XDG_DATA_HOME": home + "/.local/share"]
        let imported = try ExternalTool.run(buku, ["--nostdin", "--np", "--tacit", "-i", file], environment: environment)
        #expect(imported.status == 0, "buku -i failed: \(imported.errors)")
        let listed = try ExternalTool.run(buku, ["--nostdin", "--np", "-p", "-j"], environment: environment)
        let json = try JSONSerialization.jsonObject(with: Data(listed.output.utf8)) as? [[String: Any]] ?? []
        let found = Dictionary(json.map { ($0["uri"] as? String ?? "", ($0["title"] as? String ?? "", $0["tags"] as? String ?? "")) },
                               uniquingKeysWith: { first, _ in first })
        #expect(found.count == 4)
        #expect(found["https://git-scm.com/book"]?.0 == "Pro Git")
        #expect(found["https://git-scm.com/book"]?.1 == "books,git")
        #expect(found["https://example.org/?a=1&b=2"]?.0 == "Tom & Jerry <1940>")
        #expect(found["https://example.org/?a=1&b=2"]?.1 == "cartoons")
        #expect(found["https://ja.wikipedia.org/wiki/東京"]?.1 == "japan,travel")
        #expect(found["https://example.com/plain"]?.1 == "")
    }

    @Test func readsWhatBukuExports() throws {
        guard let buku = ExternalTool.find("buku", package: "buku") else { return }
        let scratch = try TemporaryDirectory()
        let home = scratch.file("home")
        try FileManager.default.createDirectory(atPath: home, withIntermediateDirectories: true)
        let environment = ["HOME": home, "XDG_DATA_HOME": home + "/.local/share"]
        for (url, title, tags) in [("https://git-scm.com/book", "Pro Git", "git,books"),
                                   ("https://example.org/?a=1&b=2", "Tom & Jerry", "cartoons"),
                                   ("https://example.com/plain", "Plain", "")] {
            var arguments = ["--nostdin", "--np", "--tacit", "-a", url, "--title", title]
            if !tags.isEmpty { arguments += ["--tag", tags] }
            let added = try ExternalTool.run(buku, arguments, environment: environment)
            #expect(added.status == 0, "buku -a failed: \(added.errors)")
        }
        for (name, format) in [("out.html", NetscapeBookmarksFormat() as any CardFormat), ("out.xbel", XBELFormat())] {
            let exported = try ExternalTool.run(buku, ["--nostdin", "--np", "--tacit", "-e", scratch.file(name)], environment: environment)
            #expect(exported.status == 0, "buku -e \(name) failed: \(exported.errors)")
            let input = try ByteInput(path: scratch.file(name))
            let records = try format.makeReader(input, options: ReadOptions(foldersAsTags: .none)).readAll()
            let read = records.compactMap { if case .bookmark(let b) = $0 { b } else { nil } }
            #expect(read.map(\.text) == ["https://git-scm.com/book", "https://example.org/?a=1&b=2", "https://example.com/plain"], "\(name)")
            #expect(read.map(\.name) == ["Pro Git", "Tom & Jerry", "Plain"], "\(name)")
            #expect(read.map(\.tags) == [["books", "git"], ["cartoons"], []], "\(name)")
        }
    }

    @Test func aCommentThatNeverEndsIsAnErrorAtItsStart() {
        // A damaged `-->` would make the HTML parser take every bookmark after it as comment text.
        let text = """
            <!DOCTYPE NETSCAPE-Bookmark-file-1>
            <DL><p>
                <!-- Firefox wrote this )->
                <DT><A HREF="https://example.com/a">A</A>
                <DT><A HREF="https://example.com/b">B</A>
            </DL>
            """
        do {
            _ = try FormatHarness.read(format, text, name: "bookmarks.html")
            Issue.record("a comment that never ends was read without an error")
        } catch {
            #expect(error.code == .malformedInput)
            #expect(error.message == "a comment opened here is never closed with '-->', so everything after it would be lost")
            #expect(error.location?.line == 3)
            #expect(error.location?.column == 5)
        }
    }

    @Test func aFileCutInsideItsDoctypeReadsNothingWithoutFailing() throws {
        // The construct the input ends inside is handed over whole; the next read must not go back past it.
        #expect(try FormatHarness.read(format, "<!DOCTYPE NET", name: "cut.html").isEmpty)
    }
}
