import CardportCore
import CardportTestSupport
import Foundation
@testable import CardportXML
import PropertyBased
import Testing

@Suite struct OPMLFormatTests {
    let format = OPMLFormat()

    @Test func conformsToTheFormatContract() async {
        await FormatConformance.check(
            format,
            brokenInput: "<?xml version=\"1.0\"?>\n<opml version=\"2.0\">\n  <body>\n    <outline text=\"a\" text=\"b\"/>\n  </body>\n</opml>\n",
            project: Projection.opml)
    }

    @Test func xmllintAcceptsEverythingItWrites() async {
        await propertyCheck(count: 40, input: RandomCards.library(of: [.bookmark, .citation, .topic])) { library in
            try ExternalTool.expectWellFormed(try FormatHarness.write(format, library.records).text)
        }
    }

    @Test func readsAFeedReaderSubscriptionList() throws {
        let records = try FormatHarness.read(format, try String(contentsOfFile: PackagePaths.sample("feeds.opml"), encoding: .utf8))
        let bookmarks = records.compactMap { if case .bookmark(let b) = $0 { b } else { nil } }
        #expect(bookmarks.count == 7)
        #expect(bookmarks[0] == Bookmark(name: "Swift.org Blog", text: "https://www.swift.org/blog/", tags: ["Swift"],
                                         extras: ["xmlUrl": "https://www.swift.org/atom.xml",
                                                  "description": "News from the Swift project", "version": "RSS"]))
        // A category list and the folder, a feed without a site URL, an RFC 822 date with an offset.
        #expect(bookmarks[2].tags == ["tech", "daily", "News & Science"])
        #expect(bookmarks[3].text == "https://www.nature.com/nature.rss")
        #expect(bookmarks[4].createdAt == Timestamp(year: 2024, month: 3, day: 12, hour: 19, minute: 4, second: 11,
                                                    zone: .offset(minutes: 60)))
        #expect(bookmarks[5].tags == [])
        // Written back, a feed stays a feed.
        let written = try FormatHarness.write(format, [records[0]]).text
        #expect(written.contains(#"<outline type="rss" text="Swift.org Blog" xmlUrl="https://www.swift.org/atom.xml" htmlUrl="https://www.swift.org/blog/" category="Swift" description="News from the Swift project" version="RSS"/>"#))
    }

    @Test func foldersBecomeTagsAsAsked() throws {
        let text = try String(contentsOfFile: PackagePaths.sample("feeds.opml"), encoding: .utf8)
        let none = try FormatHarness.read(format, text, options: ReadOptions(foldersAsTags: .none))
        #expect(none.compactMap { if case .bookmark(let b) = $0 { b.tags } else { nil } }[2] == ["tech", "daily"])
    }

    @Test func readsAnOutlineOfTopics() throws {
        let records = try FormatHarness.read(format, try String(contentsOfFile: PackagePaths.sample("study-topics.opml"), encoding: .utf8))
        #expect(records.map(\.kind) == [.topic, .topic, .topic, .citation, .topic])
        guard case .topic(let algebra) = records[0], case .topic(let reading) = records[2],
              case .citation(let kuhn) = records[3], case .topic(let german) = records[4] else { return }
        #expect(algebra.status == .inProgress)
        #expect(algebra.dueDate == Timestamp(year: 2024, month: 4, day: 12, isDateOnly: true))
        #expect(algebra.notes == "Chapter 5 of Strang.\nRedo the exercises on diagonalisation.")
        #expect(algebra.links.count == 2)
        #expect(algebra.questions == [
            Question(text: "Why does a projection matrix have eigenvalues 0 and 1?", answer: "P² = P, so λ² = λ.", isDone: true),
            Question(text: "When is a matrix diagonalisable?", answer: "When it has n independent eigenvectors."),
            Question(text: "What do complex eigenvalues of a real matrix mean geometrically?"),
        ])
        #expect(reading.title == "The Structure of Scientific Revolutions")
        #expect(reading.status == .done)   // an outliner's _complete
        #expect(kuhn.author == "Thomas S. Kuhn" && kuhn.isFavourite && kuhn.location == CitationLocation(page: "52"))
        #expect(kuhn.tags == ["science", "philosophy", "Reading notes"])
        #expect(german.status == .unstarted && german.questions.isEmpty)
    }

    @Test func readsPandocOutlinesAsTopicsWithNotes() throws {
        let text = """
            <?xml version="1.0" encoding="UTF-8"?>
            <opml version="2.0">
              <head><title>Notes</title></head>
              <body>
                <outline text="Photosynthesis" _note="Light reactions, then the **Calvin cycle**."/>
              </body>
            </opml>
            """
        #expect(try FormatHarness.read(format, text) == [
            .topic(Topic(title: "Photosynthesis", notes: "Light reactions, then the **Calvin cycle**.")),
        ])
    }

    @Test func keepsUnknownAttributesAndWritesThemBack() throws {
        let text = """
            <opml version="2.0"><body>
            <outline type="link" text="Docs" url="https://example.org/" x_colour="teal" created="Sat, 05 Mar 2023 22:15:42 GMT"/>
            </body></opml>
            """
        let records = try FormatHarness.read(format, text)
        #expect(records == [.bookmark(Bookmark(name: "Docs", text: "https://example.org/",
                                               createdAt: Timestamp(year: 2023, month: 3, day: 5, hour: 22, minute: 15, second: 42),
                                               extras: ["x_colour": "teal"]))])
        let written = try FormatHarness.write(format, records).text
        #expect(written == """
            <?xml version="1.0" encoding="UTF-8"?>
            <opml version="2.0">
              <head>
                <title>Cardport export</title>
              </head>
              <body>
                <outline type="link" text="Docs" url="https://example.org/" created="Sun, 05 Mar 2023 22:15:42 GMT" x_colour="teal"/>
              </body>
            </opml>

            """)
    }

    @Test func escapesMarkupAndCountsWhatItCannotHold() throws {
        let bookmark = Bookmark(name: "Tom & Jerry <\"cartoon\"> 'n'", text: "https://example.org/?a=1&b=2",
                                tags: ["ok", "a,b", " padded"])
        let written = try FormatHarness.write(format, [.bookmark(bookmark), .citation(Citation(text: "bell \u{7}"))])
        #expect(written.text.contains(#"text="Tom &amp; Jerry &lt;&quot;cartoon&quot;&gt; &#39;n&#39;" url="https://example.org/?a=1&amp;b=2" category="ok""#))
        #expect(written.losses.fields == ["bookmark.tags": 2, "citation.characters": 1])
        try ExternalTool.expectWellFormed(written.text)
    }

    @Test func rejectsABadDateAsARecoverableError() throws {
        let text = """
            <opml version="2.0"><body>
            <outline type="link" text="A" url="https://a.example" created="last Tuesday"/>
            <outline type="link" text="B" url="https://b.example"/>
            </body></opml>
            """
        let reader = try format.makeReader(try ByteInput(string: text, name: "dates.opml"), options: ReadOptions())
        var rejection: CardportError?
        do { _ = try reader.next() } catch { rejection = error }
        #expect(rejection?.isRecoverable == true)
        #expect(rejection?.location?.line == 2)
        #expect(rejection?.message == "'last Tuesday' in 'created' is not a date")
        #expect(try reader.next()?.id == RecordID.bookmark(text: "https://b.example"))
    }

    @Test func refusesADocumentThatIsNotOPML() {
        let error = FormatHarness.error(reading: "<rss version=\"2.0\"><channel/></rss>", as: format)
        #expect(error?.message == "the document is not OPML: its root element is <rss>, not <opml>")
    }

    @Test func aFileCutInsideAnAttributeIsAnErrorAtTheCut() {
        let text = "<opml version=\"2.0\"><body>\n<outline type=\"link\" text=\"3B"
        do {
            _ = try FormatHarness.read(OPMLFormat(), text, name: "cut.opml")
            Issue.record("a cut file was read without an error")
        } catch {
            #expect(error.code == .malformedInput)
            #expect(error.location?.line == 2)
        }
    }
}
