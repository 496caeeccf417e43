import CardportCore
import CardportTestSupport
import CardportYAML
import PropertyBased
import Testing

@Suite struct YAMLFormatTests {
    let format = YAMLFormat()

    @Test func conformsToTheFormatContract() async {
        await FormatConformance.check(format, brokenInput: "citations:\n  - text: a\n   author: b\n")
    }

    @Test func readsAnEmptyOptionalTextAsNone() async {
        await propertyCheck(count: 100, input: RandomCards.libraryWithEmptyStrings) { library in
            let written = try FormatHarness.write(format, library.records)
            #expect(Library(try FormatHarness.read(format, written.text)) == RandomCards.withoutEmptyTexts(library))
        }
    }

    @Test func roundTripsEveryKindWithoutLoss() async {
        await propertyCheck(count: 300, input: RandomCards.library) { library in
            let written = try FormatHarness.write(format, library.records)
            #expect(written.losses.isEmpty)
            #expect(Library(try FormatHarness.read(format, written.text)) == library)
        }
    }

    @Test func writesAReadableStableLayout() throws {
        let records: [Record] = [
            .citation(Citation(id: "c1", text: "Ars longa,\nvita brevis.\n", author: "Hippocrates", tags: ["no", "latin"],
                               createdAt: Timestamp(parsing: "2023-03-05T22:15:42Z"),
                               location: CitationLocation(page: "12", start: 3))),
            .settings(Settings(showFavouriteOnTop: true, appearance: .dark)),
            .tag(Tag(name: "latin", colour: .named(.teal))),
            .citation(Citation(id: "1984", text: "yes", isArchived: true, extras: ["rating": "5", "mood": "on"])),
        ]
        let text = try FormatHarness.write(format, records).text
        #expect(text == """
            format: cardport
            version: 1
            citations:
            - id: c1
              text: |
                Ars longa,
                vita brevis.
              author: Hippocrates
              tags: ["no", latin]
              favourite: false
              archived: false
              created_at: "2023-03-05T22:15:42Z"
              location:
                page: "12"
                start: 3
                end: 3
            - id: "1984"
              text: "yes"
              tags: []
              favourite: false
              archived: true
              extras:
                mood: "on"
                rating: "5"
            tags:
            - name: latin
              colour: teal
            settings:
              show_favourite_on_top: true
              widget_tags: []
              appearance: dark

            """)
    }

    @Test(arguments: [
        "no trailing newline", "one\n", "two\n\n", "lead\nin", "\nstarts with a break", " starts with a space\nx",
        "tab\there\nx", "trailing space \nx", "carriage\r\nreturn", "only\n\n\n", "unicode ✓ — “quotes”\nnext",
        "# not a comment\n- not a list\n", "ends in space\nlast ", "  ", "\n", "a\u{2028}b\nc", "key: value\n",
    ])
    func multiLineTextsSurvive(_ text: String) throws {
        let citation = Citation(id: "x", text: text, note: text)
        let written = try FormatHarness.write(format, [.citation(citation)]).text
        #expect(try FormatHarness.read(format, written) == [.citation(citation)], "\(written)")
    }

    @Test func writesLongAndMultiLineKeysExplicitly() throws {
        let long = String(repeating: "long key ", count: 30)
        let citation = Citation(id: "k", text: "x", extras: [long: "v", "two\nlines": "w\n"])
        let written = try FormatHarness.write(format, [.citation(citation)]).text
        #expect(written.contains("\n    ? \"\(long)\"\n    : v\n"))
        #expect(written.contains("\n    ? \"two\\nlines\"\n    : |\n      w\n"))
        #expect(try FormatHarness.read(format, written) == [.citation(citation)])
    }

    @Test func writesNothingAsAnEmptyDocument() throws {
        #expect(try FormatHarness.write(format, []).text == "format: cardport\nversion: 1\n")
    }
}

@Suite struct YAMLSniffTests {
    @Test(arguments: [
        ("", SniffResult.possible), ("\n\n", .possible), ("---\n", .possible), ("# quotes\n---\nformat: cardport\n", .certain),
        ("- text: a\n", .possible), ("text: a\n", .possible), ("citations:\r\n", .possible), ("{\"a\": 1}", .no),
        ("[1, 2]", .no), ("plain words\n", .no),
    ])
    func ratesThePrefix(_ text: String, _ expected: SniffResult) {
        #expect(YAMLFormat().sniff(Array(text.utf8)) == expected)
    }
}
