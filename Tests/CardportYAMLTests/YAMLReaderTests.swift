import CardportCore
import CardportTestSupport
import CardportYAML
import Testing

@Suite struct YAMLReaderTests {
    let format = YAMLFormat()

    func read(_ text: String, kind: RecordKind? = nil) throws(CardportError) -> [Record] {
        try FormatHarness.read(format, text, name: "cards.yaml", options: ReadOptions(kind: kind))
    }

    func readingError(_ text: String, format: YAMLFormat = YAMLFormat()) -> CardportError? {
        FormatHarness.error(reading: text, as: format, name: "cards.yaml")
    }

    @Test func readsAHandWrittenListWithAliases() throws {
        let records = try read("""
            # my quotes
            - quote: Ars longa, vita brevis.
              by: &hip Hippocrates
              book: &aph Aphorisms
              tags: [medicine, no]
            - text: Life is short.
              author: *hip
              title: *aph
              favorite: yes
            - highlight: First, do no harm.
              by: *hip
              starred: on
            """)
        #expect(records == [
            .citation(Citation(text: "Ars longa, vita brevis.", author: "Hippocrates", source: "Aphorisms",
                               tags: ["medicine", "no"])),
            .citation(Citation(text: "Life is short.", author: "Hippocrates", source: "Aphorisms", isFavourite: true)),
            .citation(Citation(text: "First, do no harm.", author: "Hippocrates", isFavourite: true)),
        ])
    }

    @Test func appliesMergeKeys() throws {
        let records = try read("""
            - &base
              text: Carpe diem.
              author: Horace
              tags: [latin]
            - <<: *base
              text: Nunc est bibendum.
            """)
        #expect(records == [
            .citation(Citation(text: "Carpe diem.", author: "Horace", tags: ["latin"])),
            .citation(Citation(text: "Nunc est bibendum.", author: "Horace", tags: ["latin"])),
        ])
    }

    @Test func keepsYAML11WordsAsTextWhereTheFieldIsText() throws {
        let records = try read("""
            - text: no
              author: yes
              source: 1984
              note: on
              tags: [y, n, off, ~x]
              favourite: off
              archived: Yes
              id: 0123
            """)
        #expect(records == [
            .citation(Citation(id: "0123", text: "no", author: "yes", source: "1984", tags: ["y", "n", "off", "~x"],
                               isFavourite: false, isArchived: true, note: "on")),
        ])
    }

    @Test func keepsDatesAsWritten() throws {
        let records = try read("""
            - text: a
              created_at: 2023-03-05
              updated_at: 2023-03-05T22:15:42.120+02:00
            """)
        guard case .citation(let citation) = records.first else { Issue.record("no citation"); return }
        #expect(citation.createdAt?.iso8601 == "2023-03-05")
        #expect(citation.updatedAt?.iso8601 == "2023-03-05T22:15:42.120+02:00")
    }

    @Test func readsMultiLineTexts() throws {
        let records = try read("""
            - text: |
                Two lines,
                kept.
              note: >
                folded
                into one
            - text: |+
                keeps its breaks

            - text: |-
                strips the break
            - "bare \\"quoted\\" text\\twith a tab"
            - plain bare text
            """)
        #expect(records == [
            .citation(Citation(text: "Two lines,\nkept.\n", note: "folded into one\n")),
            .citation(Citation(text: "keeps its breaks\n\n")),
            .citation(Citation(text: "strips the break")),
            .citation(Citation(text: "bare \"quoted\" text\twith a tab")),
            .citation(Citation(text: "plain bare text")),
        ])
    }

    @Test func guessesKindsAndHonoursKindAndTheOption() throws {
        let records = try read("""
            - name: Swift
              url: https://swift.org
            - description: Read chapter 3
              progress: 50%
            - kind: tag
              name: latin
              color: "#1E90FF"
            - title: Stoicism
              status: in progress
              questions: [What is virtue?, {text: Who was Zeno?, done: yes}]
            """)
        #expect(records == [
            .bookmark(Bookmark(name: "Swift", text: "https://swift.org")),
            .task(TaskItem(description: "Read chapter 3", progress: try TaskProgress(percent: 50))),
            .tag(Tag(name: "latin", colour: .rgb(0x1E, 0x90, 0xFF))),
            .topic(Topic(title: "Stoicism", status: .inProgress,
                         questions: [Question(text: "What is virtue?"), Question(text: "Who was Zeno?", isDone: true)])),
        ])
        #expect(try read("- text: https://swift.org\n", kind: .bookmark) == [.bookmark(Bookmark(text: "https://swift.org"))])
    }

    @Test func readsSeveralDocumentsAndEmptyOnes() throws {
        let records = try read("---\n- a\n---\n---\nformat: cardport\ncitations:\n- text: b\n...\n")
        #expect(records == [.citation(Citation(text: "a")), .citation(Citation(text: "b"))])
        #expect(try read("# only a comment\n").isEmpty)
        #expect(try read("format: cardport\nversion: 1\ncitations:\n").isEmpty)
    }

    @Test func keepsUnknownFieldsAsExtras() throws {
        let records = try read("- text: a\n  rating: 5\n  moods: [calm, on]\n  extras: {mood: ok}\n")
        #expect(records == [.citation(Citation(text: "a", extras: ["rating": "5", "moods": "[calm, \"on\"]", "mood": "ok"]))])
    }

    // MARK: Errors

    struct Case: Sendable, CustomTestStringConvertible {
        var yaml: String
        var code: CardportError.Code
        var message: String
        var line: Int
        var column: Int
        var sourceLine: String
        var testDescription: String { message }
    }

    static let errorCases: [Case] = [
        Case(yaml: "- text: a\n   author: b\n", code: .malformedInput,
             message: "mapping values are not allowed in this context", line: 2, column: 10, sourceLine: "   author: b"),
        Case(yaml: "- text: \"unclosed\n", code: .malformedInput,
             message: "while scanning a quoted scalar, found unexpected end of stream", line: 2, column: 1, sourceLine: ""),
        Case(yaml: "- text: a\n\t- b\n", code: .malformedInput,
             message: "while scanning a plain scalar, found a tab character that violates indentation", line: 2,
             column: 1, sourceLine: "\t- b"),
        Case(yaml: "- text: *nowhere\n", code: .malformedInput, message: "the alias *nowhere names no anchor", line: 1,
             column: 9, sourceLine: "- text: *nowhere"),
        Case(yaml: "- text: [a\n", code: .malformedInput,
             message: "while parsing a flow sequence, did not find expected ',' or ']'", line: 2, column: 1, sourceLine: ""),
        Case(yaml: "- ok\n- text: a\n  favourite: maybe\n", code: .invalidValue,
             message: "'favourite' must be true or false, not maybe", line: 3, column: 14, sourceLine: "  favourite: maybe"),
        Case(yaml: "- text: a\n  created_at: last week\n", code: .invalidValue, message: "'last week' is not a date",
             line: 2, column: 15, sourceLine: "  created_at: last week"),
        Case(yaml: "- author: nobody\n", code: .invalidValue, message: "a citation needs a 'text'", line: 1, column: 3,
             sourceLine: "- author: nobody"),
        Case(yaml: "- description: x\n  progress: 33\n", code: .invalidValue,
             message: "task progress 33 is not one of 0, 5, 10, … 100", line: 2, column: 13,
             sourceLine: "  progress: 33"),
        Case(yaml: "just a sentence\n", code: .malformedInput,
             message: "a YAML card file holds a Cardport document or a list of records, not a single value", line: 1,
             column: 1, sourceLine: "just a sentence"),
        Case(yaml: "format: cardport\nquotes: []\n", code: .malformedInput,
             message: "a Cardport document has no section 'quotes'", line: 2, column: 1, sourceLine: "quotes: []"),
        Case(yaml: "format: other\n", code: .malformedInput, message: "this is not a Cardport document ('format' is other)",
             line: 1, column: 9, sourceLine: "format: other"),
        Case(yaml: "version: 2\n", code: .malformedInput,
             message: "this document is version 2; this Cardport reads up to version 1", line: 1, column: 10,
             sourceLine: "version: 2"),
        Case(yaml: "citations: text\n", code: .malformedInput, message: "'citations' must be a list of records", line: 1,
             column: 12, sourceLine: "citations: text"),
        Case(yaml: "- text: a\n  tags: [[x]]\n", code: .invalidValue, message: "'tags' must be a list of texts; found a list",
             line: 2, column: 10, sourceLine: "  tags: [[x]]"),
        Case(yaml: "- a\n- b\n- \u{1}\n", code: .malformedInput,
             message: "control characters are not allowed (byte 0x1)", line: 3, column: 3, sourceLine: "- \u{1}"),
        Case(yaml: "- text: é\n- text: x\n  author: [a, b]\n", code: .invalidValue,
             message: "'author' must be text, not a list", line: 3, column: 11, sourceLine: "  author: [a, b]"),
    ]

    @Test(arguments: errorCases)
    func reportsEveryErrorAtItsLocation(_ c: Case) throws {
        let error = try #require(readingError(c.yaml))
        #expect(error.code == c.code)
        #expect(error.message == c.message)
        #expect(error.location?.file == "cards.yaml")
        #expect(error.location?.line == c.line)
        #expect(error.location?.column == c.column)
        #expect(error.sourceLine == c.sourceLine)
    }

    @Test func reportsInvalidUTF8AtTheBadByte() throws {
        let bytes = Array("\u{FEFF}- text: ok\n- text: caf".utf8) + [0xE9] + Array("\n".utf8)
        do {
            _ = try FormatHarness.read(format, bytes: bytes, name: "latin1.yaml")
            Issue.record("expected an error")
        } catch {
            #expect(error.code == .malformedInput)
            #expect(error.message == "incomplete UTF-8 octet sequence")
            #expect(error.location == CardportCore.SourceLocation(file: "latin1.yaml", line: 2, column: 12, offset: 25))
            #expect(error.sourceLine == "- text: caf\u{FFFD}")
        }
    }

    @Test func reportsAnUndefinedMergeAndABadMergeValue() throws {
        let undefined = try #require(readingError("- <<: *base\n  text: a\n"))
        #expect(undefined.message == "the alias *base names no anchor")
        #expect(undefined.location?.line == 1)
        #expect(undefined.location?.column == 7)
        let scalar = try #require(readingError("- <<: plain\n  text: a\n"))
        #expect(scalar.message == "a merge key (<<) takes a mapping or a list of mappings")
        #expect(scalar.location?.column == 7)
    }

    @Test func rendersTheErrorWithACaret() throws {
        let error = try #require(readingError("- text: a\n  favourite: maybe\n"))
        #expect(error.rendered(colour: false) == """
            cards.yaml:2:14: error: 'favourite' must be true or false, not maybe
                2 |   favourite: maybe
                  |              ^

            """)
    }

    @Test func skipsABadRecordAndGoesOn() throws {
        let reader = try format.makeReader(try ByteInput(string: "- text: a\n  favourite: maybe\n- text: b\n"),
                                           options: ReadOptions())
        #expect(throws: CardportError.self) { _ = try reader.next() }
        #expect(try reader.next() == .citation(Citation(text: "b")))
        #expect(try reader.next() == nil)
    }

    // MARK: Limits

    @Test func refusesABillionLaughsQuickly() throws {
        // The classic document: nine levels, each a list of nine aliases of the level below (10^9 values).
        var yaml = "- text: boom\n  extras:\n    a0: &a0 [lol, lol, lol, lol, lol, lol, lol, lol, lol]\n"
        for level in 1...9 {
            let refs = Array(repeating: "*a\(level - 1)", count: 9).joined(separator: ", ")
            yaml += "    a\(level): &a\(level) [\(refs)]\n"
        }
        let error = try #require(readingError(yaml))
        #expect(error.code == .limitExceeded)
        #expect(error.message == "aliases in this document expand to more values than the maximum expansion (1000000)")
        #expect(error.hint == "raise it with --max-expansion 2000000; a document whose aliases multiply (\"billion laughs\") is refused")
        #expect(error.location?.line == 9)
        #expect(error.sourceLine?.hasPrefix("    a6: &a6 [*a5") == true)
    }

    @Test func boundsAliasExpansionCountedAcrossRecords() throws {
        let small = YAMLFormat(limits: YAMLLimits(maximumAliasExpansion: 3))
        let yaml = "- text: &t a\n- text: *t\n- text: *t\n- text: *t\n- text: *t\n"
        let error = try #require(readingError(yaml, format: small))
        #expect(error.code == .limitExceeded)
        #expect(error.location?.line == 5)
        #expect(error.location?.column == 9)
        #expect(error.sourceLine == "- text: *t")
    }

    @Test func boundsNestingDepth() throws {
        let yaml = "- text: a\n  extras:\n    x: " + String(repeating: "[", count: 300) + String(repeating: "]", count: 300) + "\n"
        let error = try #require(readingError(yaml))
        #expect(error.code == .limitExceeded)
        #expect(error.message == "the YAML nests deeper than the maximum depth (200)")
        #expect(error.hint == "raise it with --max-depth 400")
        #expect(error.location?.line == 3)
    }

    @Test func boundsScalarSize() throws {
        let small = YAMLFormat(limits: YAMLLimits(maximumScalarBytes: 1 << 20))
        let yaml = "- text: ok\n- text: " + String(repeating: "x", count: (1 << 20) + 1) + "\n"
        let error = try #require(readingError(yaml, format: small))
        #expect(error.code == .limitExceeded)
        #expect(error.message == "a value is longer than the maximum field size (1M)")
        #expect(error.hint == "raise it with --max-field-size 2M")
        #expect(error.location?.line == 2)
        #expect(error.location?.column == 9)
    }

    @Test func stopsReadingAScalarOnceItCannotFitTheLimit() throws {
        let scratch = try TemporaryDirectory()
        let path = try scratch.write("long.yaml", "- text: ok\n- text: '" + String(repeating: "x", count: 32 << 20) + "'\n")
        let input = try ByteInput(path: path)
        let small = YAMLFormat(limits: YAMLLimits(maximumScalarBytes: 1 << 20))
        var failure: CardportError?
        do { _ = try small.makeReader(input, options: ReadOptions()).readAll() } catch { failure = error }
        let error = try #require(failure)
        #expect(error.code == .limitExceeded)
        #expect(error.message == "a value is longer than the maximum field size (1M)")
        #expect(error.hint == "raise it with --max-field-size 2M")
        #expect(error.location == SourceLocation(file: path, line: 2, column: 9, offset: 19))
        // Stopped within a few mebibytes of the limit, not at the end of the 32 MiB value.
        #expect(input.bytesRead < 16 << 20)
    }
}
