import CardportCore
@testable import CardportJSON
import CardportTestSupport
import Foundation
import Testing

@Suite struct FirefoxBookmarksFormatTests {
    let format = FirefoxBookmarksFormat()

    @Test func conformsToTheFormatContract() async {
        await FormatConformance.check(
            format, brokenInput: "{\"guid\":\"root________\",\"typeCode\":2,\"children\":[\n{\"typeCode\":1,\"uri\":\"https://a.example\",\"dateAdded\":\"yesterday\"}]}\n",
            project: { library in
                // Dates come back in microseconds and UTC; tags a comma list cannot hold are left out;
                // the id is derived from the URL again.
                Library(bookmarks: library.bookmarks.map { bookmark in
                    func micro(_ date: Timestamp?) -> Timestamp? {
                        date.map { FirefoxBookmarksFormat.timestamp(microseconds: FirefoxBookmarksFormat.microseconds($0)) }
                    }
                    return Bookmark(name: bookmark.name, text: bookmark.text, tags: bookmark.tags.filter(BookmarkTagList.canHold),
                                    createdAt: micro(bookmark.createdAt), updatedAt: micro(bookmark.updatedAt),
                                    extras: bookmark.extras)
                })
            })
    }

    private func read(_ mode: FoldersAsTags) throws -> (bookmarks: [Bookmark], notes: [String]) {
        let input = try ByteInput(path: PackagePaths.sample("firefox-bookmarks.json"))
        let reader = try format.makeReader(input, options: ReadOptions(foldersAsTags: mode))
        let bookmarks = try reader.readAll().compactMap { record -> Bookmark? in
            if case .bookmark(let bookmark) = record { bookmark } else { nil }
        }
        return (bookmarks, reader.notes.counts.map { "\($0.label): \($0.value)" })
    }

    @Test func readsTheSampleBackupWithFoldersAsTags() throws {
        let (bookmarks, notes) = try read(.all)
        #expect(bookmarks.map(\.text) == ["https://ocw.mit.edu/courses/18-06-linear-algebra-spring-2010/", "https://plato.stanford.edu/",
                                          "https://doc.rust-lang.org/std/", "https://ja.wikipedia.org/wiki/東京"])
        #expect(bookmarks[0] == Bookmark(
            name: "MIT OpenCourseWare – Linear Algebra", text: "https://ocw.mit.edu/courses/18-06-linear-algebra-spring-2010/",
            tags: ["maths", "lectures", "Study"],
            createdAt: Timestamp(secondsSince1970: 1_704_153_600, nanoseconds: 123_000_000, fractionDigits: 3),
            updatedAt: Timestamp(secondsSince1970: 1_704_240_000),
            extras: ["guid": "a1B2c3D4e5F6", "keyword": "la", "description": "Gilbert Strang's lectures"]))
        // The toolbar and other root folders are Firefox's own, not tags.
        #expect(bookmarks[2].tags == ["rust"])
        #expect(bookmarks[3].tags == [])
        #expect(notes == ["place: links skipped: 1"])
        #expect(try read(.none).bookmarks[1].tags == [])
    }

    @Test func writesEveryBookmarkIntoTheMenu() throws {
        let written = try FormatHarness.write(format, [
            .bookmark(Bookmark(name: "A", text: "https://a.example/", tags: ["x", "y,z", " pad"],
                               createdAt: Timestamp(secondsSince1970: 1_700_000_000, nanoseconds: 1_500, fractionDigits: 9),
                               extras: ["description": "About A", "guid": "abcdefghijkl"])),
        ])
        #expect(written.text == """
            {"guid":"root________","title":"","index":0,"id":1,"typeCode":2,"type":"text/x-moz-place-container","root":"placesRoot","children":[
            {"guid":"menu________","title":"menu","index":0,"id":2,"typeCode":2,"type":"text/x-moz-place-container","root":"bookmarksMenuFolder","children":[
            {"guid":"abcdefghijkl","title":"A","index":0,"id":3,"typeCode":1,"type":"text/x-moz-place","uri":"https://a.example/","dateAdded":1700000000000001,"tags":"x","annos":[{"name":"bookmarkProperties/description","flags":0,"expires":4,"value":"About A"}]}
            ]}
            ]}

            """)
        #expect(written.losses.fields == ["bookmark.tags": 2, "bookmark.created_at": 1])
    }

    @Test func countsADateThatReadsBackInAnotherForm() throws {
        // dateAdded is microseconds in UTC: the instant is written, the zone and a day alone are not.
        let zoned = try #require(Timestamp(parsing: "2024-03-12T19:04:11+01:00"))
        let day = try #require(Timestamp(parsing: "2024-03-12"))
        let exact = try #require(Timestamp(parsing: "2024-03-12T18:04:11.250Z"))
        let written = try FormatHarness.write(format, [
            .bookmark(Bookmark(text: "https://a.example/", createdAt: zoned, updatedAt: day)),
            .bookmark(Bookmark(text: "https://b.example/", createdAt: exact)),
        ])
        #expect(written.text.contains(#""dateAdded":1710266651000000,"lastModified":1710201600000000"#))
        #expect(written.losses.fields == ["bookmark.created_at": 1, "bookmark.updated_at": 1])
        let read = try FormatHarness.read(format, written.text)
        let expected: [Timestamp?] = [Timestamp(secondsSince1970: 1_710_266_651), exact]
        #expect(read.map { record -> Timestamp? in if case .bookmark(let b) = record { b.createdAt } else { nil } } == expected)
    }

    @Test func refusesWhatIsNotABackup() {
        #expect(FormatHarness.error(reading: "[1, 2]", as: format)?.message == "a Firefox bookmark backup is an object, not an array")
        #expect(FormatHarness.error(reading: #"{"children":[{"typeCode":1,"title":"no uri"}]}"#, as: format)?.message
                == "a bookmark (typeCode 1) needs a \"uri\"")
    }

    @Test func sniffsTheTree() {
        #expect(format.sniff(Array(#"{"guid":"root________","title":"","index":0,"typeCode":2,"children":["#.utf8)) == .certain)
        #expect(format.sniff(Array(#"{"format":"cardport"}"#.utf8)) == .no)
    }

    @Test func countsAContainerOfAnUnknownType() throws {
        let text = """
            {"guid":"root________","typeCode":2,"children":[
            {"type":"text/x-moz-place","uri":"https://a.example/"},
            {"type":"text/x-moz-place-separator"},
            {"type":"text/x-moz-place-future","children":[{"type":"text/x-moz-place","uri":"https://b.example/"}]},
            {"typeCode":7,"uri":"https://c.example/"}]}
            """
        let reader = try format.makeReader(try ByteInput(string: text), options: ReadOptions())
        let records = try reader.readAll()
        #expect(records.count == 1)
        #expect(reader.notes.counts.map { "\($0.label): \($0.value)" }
                == ["entries of an unknown type skipped (with their contents): 2"])
    }

    @Test func countsAFolderWhoseChildrenKeyIsDamaged() throws {
        let text = """
            {"guid":"root________","typeCode":2,"cHildren":[{"type":"text/x-moz-place","uri":"https://a.example/"}]}
            """
        let reader = try format.makeReader(try ByteInput(string: text), options: ReadOptions())
        #expect(try reader.readAll().isEmpty)
        #expect(reader.notes.counts.map { "\($0.label): \($0.value)" }
                == ["folders with entries under an unknown member skipped: 1"])
    }
}
