import CardportCore
@testable import CardportMarkdown
import CardportTestSupport
import PropertyBased
import Testing

@Suite struct MarkdownFormatTests {
    let format = MarkdownFormat()

    @Test func conformsToTheFormatContract() async {
        await FormatConformance.check(format, brokenInput: "- [ ] a task\n- [ ] half done *33 %*\n",
                                      project: MarkdownProjection.document)
    }

    @Test func unmappedItemsAreReportedOnlyUnderStrict() throws {
        #expect(try FormatHarness.read(format, "- [ ] a task\n- just words\n").count == 1)
        let error = try #require(firstError("- [ ] a task\n- just words\n", strict: true))
        #expect(error.location?.line == 2)
    }

    @Test func documentRoundTripKeepsWhatMarkdownHolds() async {
        await propertyCheck(count: 200, input: RandomCards.library(of: [.citation, .bookmark, .task, .topic])) { library in
            let written = try FormatHarness.write(format, library.records)
            let read = Library(try FormatHarness.read(format, written.text))
            #expect(read == MarkdownProjection.document(library), "\(written.text)")
        }
    }

    @Test func writesChaptersAsHeadingsAndReadsThemBack() throws {
        let citations = [Citation(text: "a", source: "Moby-Dick", chapter: "Loomings"),
                         Citation(text: "b", source: "Moby-Dick"),
                         Citation(text: "c", source: "Moby-Dick", chapter: "Chapter 2: The Carpet-Bag"),
                         Citation(text: "d", source: "Moby-Dick", chapter: "Chapter 2: The Carpet-Bag"),
                         Citation(text: "e", source: "Moby-Dick", chapter: "  *odd*  ")]
        let written = try FormatHarness.write(format, citations.map(Record.citation))
        #expect(written.text == """
            # Citations

            ## Moby-Dick

            ### Loomings

            > a
            >
            > — *Moby-Dick*

            ## Moby-Dick

            > b
            >
            > — *Moby-Dick*

            ### Chapter 2: The Carpet-Bag

            > c
            >
            > — *Moby-Dick*

            > d
            >
            > — *Moby-Dick*

            ## Moby-Dick

            > e
            >
            > — *Moby-Dick*

            """)
        // A title a heading would not give back is counted, not written.
        #expect(written.losses.fields == ["citation.chapter": 1])
        let read = try FormatHarness.read(format, written.text).compactMap { if case .citation(let c) = $0 { c } else { nil } }
        #expect(read.map(\.chapter) == ["Loomings", nil, "Chapter 2: The Carpet-Bag", "Chapter 2: The Carpet-Bag", nil])
    }

    @Test func writesAColourAsATagOfItsOwn() throws {
        let citations = [Citation(text: "a", source: "B", tags: ["x"], colour: "yellow"),
                         Citation(text: "b", source: "B", colour: "#ffcc00"),
                         Citation(text: "c", source: "B", tags: ["colour/red"])]
        let written = try FormatHarness.write(format, citations.map(Record.citation))
        #expect(written.text.contains("*#x #colour/yellow*\n"))
        // A colour a tag cannot spell, and a tag that would read back as a colour, are counted.
        #expect(written.losses.fields == ["citation.colour": 1, "citation.tags": 1])
        let read = try FormatHarness.read(format, written.text).compactMap { if case .citation(let c) = $0 { c } else { nil } }
        #expect(read.map(\.colour) == ["yellow", nil, "red"])
        #expect(read.map(\.tags) == [["x"], [], []])
    }

    /// In a file of one's own, a heading under a book's heading is a chapter of the quotes from a
    /// book that follow it; quotes without a book have no chapter.
    @Test func aHeadingUnderABookIsTheChapterOfItsQuotes() throws {
        let text = """
            # Dune

            ## Book One

            > Fear is the mind-killer.
            >
            > — Frank Herbert, *Dune*

            ## Sayings

            > Well begun is half done.
            >
            > — Aristotle

            # Notes

            > Carpe diem.
            >
            > — Horace, *Odes*
            """
        let read = try FormatHarness.read(format, text).compactMap { if case .citation(let c) = $0 { c } else { nil } }
        #expect(read.map(\.chapter) == ["Book One", nil, nil])
    }

    /// cmark-gfm drops spaces at the ends of a link destination, so the writer spells them as
    /// references (a property-test seed found a bookmark whose text ended in a line break and spaces).
    @Test(arguments: ["Z:\\n\r  ", "  leading and trailing  ", "   "])
    func bookmarkTextWithSpacesAtItsEndsRoundTrips(text: String) throws {
        let library = Library(bookmarks: [Bookmark(text: text)])
        let written = try FormatHarness.write(format, library.records)
        let read = Library(try FormatHarness.read(format, written.text))
        #expect(read == MarkdownProjection.document(library), "\(written.text)")
    }

    /// A property-test seed found a citation `[!` that read back as nothing: a quote opening with
    /// `[!` is a callout only when a `[!type]` follows.
    @Test(arguments: ["[!", "[! not a callout", "[!?] what?", "[!]"])
    func aQuoteThatOpensWithBracketBangIsAQuote(text: String) throws {
        let library = Library(citations: [Citation(text: text, author: "A")])
        let written = try FormatHarness.write(format, library.records)
        let read = Library(try FormatHarness.read(format, written.text))
        #expect(read.citations.map(\.text) == [text], "\(written.text)")
    }

    @Test func writesTheDocumentLayout() throws {
        let records: [Record] = [
            .citation(Citation(text: "Be one.", author: "Marcus Aurelius", source: "Meditations",
                               tags: ["stoicism", "book club"], isFavourite: true,
                               note: "Re-read *this*.", location: CitationLocation(page: "12", start: 120, end: 125))),
            .bookmark(Bookmark(name: "Swift", text: "https://swift.org", tags: ["lang"])),
            .task(TaskItem(description: "Essay", progress: try TaskProgress(percent: 45))),
            .task(TaskItem(description: "Milk", progress: .done)),
        ]
        let written = try FormatHarness.write(format, records)
        #expect(written.text == """
            # Citations

            ## Meditations

            *by Marcus Aurelius*

            > Be one.
            >
            > — Marcus Aurelius, *Meditations*

            *Page 12 · Location 120-125 · ⭐ · #stoicism #book_club*

            **Note:** Re-read \\*this\\*.

            # Bookmarks

            - [Swift](<https://swift.org>) #lang

            # Tasks

            - [ ] Essay — *45 %*
            - [x] Milk

            """)
        #expect(written.losses.isEmpty)
    }

    @Test func countsWhatTheDocumentCannotHold() throws {
        let citation = Citation(id: "mine", text: "a", isArchived: true, updatedAt: Timestamp(secondsSince1970: 0),
                                extras: ["x": "y"])
        let losses = try FormatHarness.write(format, [.citation(citation)]).losses
        #expect(losses.fields == ["citation.id": 1, "citation.archived": 1, "citation.updated_at": 1, "citation.extras": 1])
        let tagLoss = try FormatHarness.write(format, [.citation(Citation(text: "a", tags: ["a,b", " "]))]).losses
        #expect(tagLoss.fields == ["citation.tags": 2])
    }

    @Test func escapesWhatMarkdownWouldOtherwiseInterpret() throws {
        let tricky = "1. *not* a list\n- [ ] not a task\n    # not code\n> not a quote\n---\n<b>not html</b> & `code` |a|b|"
        let text = try FormatHarness.write(format, [.citation(Citation(text: tricky))]).text
        let records = try FormatHarness.read(format, text)
        #expect(records == [.citation(Citation(text: tricky))])
    }

    /// A line like `:-` under a paragraph line is a GFM table's delimiter row unless it is escaped.
    @Test(arguments: ["a\n:-", "head\n:--:", "x\n:-\ny"])
    func keepsLinesThatWouldStartATable(_ tricky: String) throws {
        let topic = Topic(title: "T", notes: tricky)
        let records = try FormatHarness.read(format, try FormatHarness.write(format, [.topic(topic), .citation(Citation(text: tricky))]).text)
        #expect(records.contains(.citation(Citation(text: tricky))))
        #expect(records.contains { record in
            guard case .topic(let read) = record else { return false }
            return read.notes == tricky
        })
    }

    @Test func readsHandWrittenQuotes() throws {
        let text = """
            # Reading notes

            > The unexamined life is not worth living.
            > — Socrates

            > Whereof one cannot speak, thereof one must be silent.
            >
            > -- Ludwig Wittgenstein, *Tractatus*

            > He who has a why to live can bear almost any how.

            ― Friedrich Nietzsche, *Twilight of the Idols*

            #philosophy #meaning ★

            > [!quote] Seneca, *Letters from a Stoic*
            > We suffer more often in imagination than in reality.

            > [!note]
            > Not a citation: a plain note callout.

            ```
            > not a quote either
            - [ ] nor a task
            ```
            """
        let records = try FormatHarness.read(format, text)
        #expect(records == [
            .citation(Citation(text: "The unexamined life is not worth living.", author: "Socrates")),
            .citation(Citation(text: "Whereof one cannot speak, thereof one must be silent.",
                               author: "Ludwig Wittgenstein", source: "Tractatus")),
            .citation(Citation(text: "He who has a why to live can bear almost any how.", author: "Friedrich Nietzsche",
                               source: "Twilight of the Idols", tags: ["philosophy", "meaning"], isFavourite: true)),
            .citation(Citation(text: "We suffer more often in imagination than in reality.", author: "Seneca",
                               source: "Letters from a Stoic")),
        ])
    }

    @Test func readsTasksAnywhereAndReportsOthersUnderStrict() throws {
        let text = """
            Intro paragraph.

            1. Phase one
               - [x] Design
               - [ ] Build — *50 %*
                 * [ ] Nested deeper
            2. Phase two
               - plain words

            | - [ ] in a table |
            |---|
            | - [ ] cell |
            """
        let records = try FormatHarness.read(format, text)
        #expect(records.map(\.kind) == [.task, .task, .task])
        #expect(records[1] == .task(TaskItem(description: "Build", progress: try TaskProgress(percent: 50))))
        let strict = try FormatHarness.read(format, text, options: ReadOptions(strict: false))
        #expect(strict.count == 3)
        let error = try #require(firstError(text, strict: true))
        #expect(error.location?.line == 8)
        #expect(error.location?.column == 4)
        #expect(error.message == "this list item is neither a task nor a link: 'plain words'")
        #expect(error.isRecoverable)
    }

    @Test func reportsAProgressThatIsNotAStepOfFive() throws {
        let error = try #require(firstError("\n- [ ] Half *33 %*\n", strict: false))
        #expect(error.code == .invalidValue)
        #expect(error.location?.line == 2)
    }

    @Test func errorLinesCountFrontMatter() throws {
        let error = try #require(firstError("---\ntags: [a]\n---\n\n- word\n", strict: true))
        #expect(error.location?.line == 5)
        #expect(error.sourceLine == "- word")
    }

    @Test func invalidUTF8IsAnErrorAtTheByte() throws {
        let bytes = Array("> fine\n> caf".utf8) + [0xE9] + Array("\n".utf8)
        #expect {
            _ = try FormatHarness.read(format, bytes: bytes)
        } throws: { error in
            let error = error as! CardportError
            return error.location?.line == 2 && error.location?.column == 6 && error.message == "this is not UTF-8 text"
        }
    }

    @Test func deepNestingIsBoundedNotACrash() throws {
        let lists = String(repeating: "- ", count: 5000) + "x\n"
        #expect {
            _ = try FormatHarness.read(format, "- [ ] first\n" + lists)
        } throws: { error in
            let error = error as! CardportError
            return error.code == .limitExceeded && error.location?.line == 2 && !error.isRecoverable
        }
        let emphasis = String(repeating: "*", count: 20000) + "deep" + String(repeating: "*", count: 20000)
        #expect(try FormatHarness.read(format, "> " + emphasis + "\n").count == 1)
    }

    @Test func frontMatterFillsInCitations() throws {
        let text = """
            ---
            author: Henry David Thoreau
            title: Walden
            tags: [nature, books]
            created: 2024-03-01
            ---

            > I went to the woods because I wished to live deliberately.

            #simplicity
            """
        let records = try FormatHarness.read(format, text)
        #expect(records == [.citation(Citation(
            text: "I went to the woods because I wished to live deliberately.", author: "Henry David Thoreau",
            source: "Walden", tags: ["simplicity", "nature", "books"], createdAt: Timestamp(parsing: "2024-03-01")))])
    }

    @Test func readsBukuTagsAndBareLinks() throws {
        let text = """
            - [Cardport](https://example.org/cardport) <!-- TAGS: tools,cli -->
            - https://example.org/bare
            - [Install](#install)
            """
        let records = try FormatHarness.read(format, text, options: ReadOptions(strict: true))
        #expect(records == [
            .bookmark(Bookmark(name: "Cardport", text: "https://example.org/cardport", tags: ["tools", "cli"])),
            .bookmark(Bookmark(text: "https://example.org/bare")),
        ])
    }

    @Test func tagsWithSpacesUseUnderscores() {
        #expect(MarkdownTag.written("book club") == "#book_club")
        #expect(MarkdownTag.read("#book_club") == "book club")
        #expect(MarkdownTag.written("C++, again") == "#C----again")
        #expect(MarkdownTag.written("  ") == nil)
        #expect(MarkdownTag.read("#a.b") == nil)
    }

    private func firstError(_ text: String, strict: Bool) -> CardportError? {
        do {
            _ = try FormatHarness.read(format, text, options: ReadOptions(strict: strict))
            return nil
        } catch {
            return error
        }
    }

    @Test func aCodeBlockThatIsNeverClosedIsAWarningAtItsFence() throws {
        let text = "# Tasks\n\n```s`\nnot a fence\n```\n\n- [ ] Read the chapter\n- [x] Write the notes\n"
        let input = try ByteInput(bytes: Array(text.utf8), name: "notes.md")
        let reader = try MarkdownFormat().makeReader(input, options: ReadOptions())
        #expect(try reader.readAll().isEmpty)
        let warning = try #require(reader.notes.warnings.first)
        #expect(warning.message == "this code block is never closed, so everything after it was read as code")
        #expect(warning.location?.line == 5)
        #expect(warning.location?.column == 1)
    }

    @Test func aClosedCodeBlockAtTheEndIsNoWarning() throws {
        let text = "- [ ] Read\n\n~~~~\ncode\n  ~~~~~  \n\n"
        let input = try ByteInput(bytes: Array(text.utf8), name: "notes.md")
        let reader = try MarkdownFormat().makeReader(input, options: ReadOptions())
        #expect(try reader.readAll().count == 1)
        #expect(reader.notes.warnings.isEmpty)
    }
}
