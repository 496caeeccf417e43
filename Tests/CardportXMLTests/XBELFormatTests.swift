import CardportCore
import CardportTestSupport
@testable import CardportXML
import Foundation
import PropertyBased
import Testing

@Suite struct XBELFormatTests {
    let format = XBELFormat()

    static let nested = """
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE xbel PUBLIC "+//IDN python.org//DTD XML Bookmark Exchange Language 1.0//EN//XML" "http://pyxml.sourceforge.net/topics/dtds/xbel.dtd">
        <xbel version="1.0">
          <title>My bookmarks</title>
          <folder id="f1">
            <title>Development</title>
            <folder>
              <title>Swift</title>
              <bookmark href="https://www.swift.org/" added="2024-01-02T10:00:00Z" visited="2024-03-01T08:00:00Z">
                <title>Swift.org</title>
                <desc>The language's home</desc>
              </bookmark>
              <separator/>
            </folder>
            <bookmark href="https://git-scm.com/book" TAGS="git,books"><title>Pro Git</title></bookmark>
          </folder>
          <bookmark href="https://example.org/"/>
        </xbel>
        """

    @Test func conformsToTheFormatContract() async {
        await FormatConformance.check(
            format, brokenInput: "<xbel version=\"1.0\">\n  <bookmark href=\"https://a\">\n    <title>A</titel>\n  </bookmark>\n</xbel>\n",
            project: Projection.xbel)
    }

    @Test func xmllintAcceptsEverythingItWrites() async {
        await propertyCheck(count: 40, input: RandomCards.library(of: [.bookmark])) { library in
            try ExternalTool.expectWellFormed(try FormatHarness.write(format, library.records).text)
        }
    }

    @Test func readsFoldersAsTagsAsAsked() throws {
        func tags(_ mode: FoldersAsTags) throws -> [[String]] {
            try FormatHarness.read(format, XBELFormatTests.nested, options: ReadOptions(foldersAsTags: mode))
                .compactMap { if case .bookmark(let b) = $0 { b.tags } else { nil } }
        }
        #expect(try tags(.all) == [["Development", "Swift"], ["git", "books", "Development"], []])
        #expect(try tags(.parent) == [["Swift"], ["git", "books", "Development"], []])
        #expect(try tags(.none) == [[], ["git", "books"], []])
    }

    @Test func readsTitlesDescriptionsDatesAndOtherAttributes() throws {
        let reader = try format.makeReader(try ByteInput(string: XBELFormatTests.nested), options: ReadOptions())
        let records = try reader.readAll()
        #expect(records.first == .bookmark(Bookmark(
            name: "Swift.org", text: "https://www.swift.org/", tags: ["Development", "Swift"],
            createdAt: Timestamp(year: 2024, month: 1, day: 2, hour: 10),
            extras: ["description": "The language's home", "visited": "2024-03-01T08:00:00Z"])))
        #expect(records.last == .bookmark(Bookmark(text: "https://example.org/")))
        #expect(reader.notes["separators skipped"] == 1)
    }

    @Test func writesTagsAsTheTAGSAttributeBukuImports() throws {
        let bookmark = Bookmark(name: "Pro Git", text: "https://git-scm.com/book", tags: ["git", "books"],
                                createdAt: Timestamp(year: 2024, month: 5, day: 1, isDateOnly: true),
                                extras: ["description": "Chapter 3 & 7", "x_rating": "5"])
        let written = try FormatHarness.write(format, [.bookmark(bookmark)]).text
        #expect(written == """
            <?xml version="1.0" encoding="UTF-8"?>
            <!DOCTYPE xbel PUBLIC "+//IDN python.org//DTD XML Bookmark Exchange Language 1.0//EN//XML" "http://pyxml.sourceforge.net/topics/dtds/xbel.dtd">
            <xbel version="1.0">
              <bookmark href="https://git-scm.com/book" added="2024-05-01" TAGS="git,books">
                <title>Pro Git</title>
                <info>
                  <metadata owner="https://cardport.invalid/xbel/1">
                    <extra name="x_rating">5</extra>
                  </metadata>
                </info>
                <desc>Chapter 3 &amp; 7</desc>
              </bookmark>
            </xbel>

            """)
        #expect(try FormatHarness.read(format, written) == [.bookmark(bookmark)])
    }

    @Test func keepsEveryTagInTheMetadataWhenOneCannotBeListed() throws {
        let bookmark = Bookmark(text: "https://example.org/", tags: ["a", "x, y", "b"])
        let written = try FormatHarness.write(format, [.bookmark(bookmark)]).text
        #expect(written.contains(#"<bookmark href="https://example.org/" TAGS="a,b">"#))
        #expect(written.contains("<title></title>"))
        #expect(written.contains("<tag>a</tag>\n        <tag>x, y</tag>\n        <tag>b</tag>"))
        #expect(try FormatHarness.read(format, written) == [.bookmark(bookmark)])
    }

    @Test func readsBukuExportsDespiteTheirDoctype() throws {
        // buku 4.7 writes the public id without the spaces XML requires around it.
        let text = """
            <?xml version="1.0" encoding="UTF-8"?>
            <!DOCTYPE xbel PUBLIC"+//IDN python.org//DTD XML Bookmark Exchange Language 1.0//EN//XML""http://pyxml.sourceforge.net/topics/dtds/xbel.dtd">
            <xbel version="1.0">
                <title ADD_DATE="1700000000" LAST_MODIFIED="1700000000" PERSONAL_TOOLBAR_FOLDER="true">buku bookmarks</title>
            <bookmark href="https://example.org/a?x=1&amp;y=2" TAGS="news,tech stuff">
            <title>A &amp; B &lt;c&gt;</title>
            </bookmark>
            </xbel>
            """
        #expect(try FormatHarness.read(format, text) == [
            .bookmark(Bookmark(name: "A & B <c>", text: "https://example.org/a?x=1&y=2", tags: ["news", "tech stuff"])),
        ])
    }
}
