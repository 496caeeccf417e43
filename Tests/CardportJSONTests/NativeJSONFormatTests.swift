import CardportCore
import CardportJSON
import CardportTestSupport
import Foundation
import PropertyBased
import Testing

@Suite struct NativeJSONFormatTests {
    let format = NativeJSONFormat()

    @Test func conformsToTheFormatContract() async {
        await FormatConformance.check(format, brokenInput: "{\"citations\": [\n  {\"text\": \"a\" \"author\": \"b\"}\n]}")
    }

    @Test func readsAnEmptyOptionalTextAsNone() async {
        await propertyCheck(count: 100, input: RandomCards.libraryWithEmptyStrings) { library in
            let written = try FormatHarness.write(format, library.records)
            #expect(Library(try FormatHarness.read(format, written.text)) == RandomCards.withoutEmptyTexts(library))
        }
    }

    @Test func roundTripsEveryKindWithoutLoss() async {
        await propertyCheck(count: 200, input: RandomCards.library) { library in
            let written = try FormatHarness.write(format, library.records)
            #expect(written.losses.isEmpty)
            #expect(Library(try FormatHarness.read(format, written.text)) == library)
        }
    }

    @Test func writesAStableLayout() throws {
        let records: [Record] = [
            .citation(Citation(id: "c1", text: "Carpe diem.", author: "Horace", tags: ["latin"],
                               createdAt: Timestamp(parsing: "2023-03-05T22:15:42Z"))),
            .settings(Settings(showFavouriteOnTop: true, appearance: .dark)),
            .tag(Tag(name: "latin", colour: .named(.teal))),
            .citation(Citation(id: "c2", text: "Vale.", isArchived: true)),
        ]
        #expect(try FormatHarness.write(format, records).text == """
            {
              "format": "cardport",
              "version": 1,
              "citations": [
                {"id":"c1","text":"Carpe diem.","author":"Horace","tags":["latin"],"favourite":false,"archived":false,"created_at":"2023-03-05T22:15:42Z"},
                {"id":"c2","text":"Vale.","tags":[],"favourite":false,"archived":true}
              ],
              "tags": [
                {"name":"latin","colour":"teal"}
              ],
              "settings": {"show_favourite_on_top":true,"widget_tags":[],"appearance":"dark"}
            }

            """)
    }

    @Test func reportsSyntaxErrorsWithLineAndColumn() throws {
        let text = "{\n  \"citations\": [\n    {\"text\": \"a\" \"author\": \"b\"}\n  ]\n}\n"
        let error = try #require(FormatHarness.error(reading: text, as: format, name: "backup.json"))
        #expect(error.code == .malformedInput)
        #expect(error.location == CardportCore.SourceLocation(file: "backup.json", line: 3, column: 18, offset: 36))
        #expect(error.message == "expected ',' or '}' after a member, found a string")
        #expect(error.sourceLine == "    {\"text\": \"a\" \"author\": \"b\"}")
    }

    @Test(arguments: [
        ("{\"format\": \"cardport\", \"version\": 3}", "this document is version 3; this Cardport reads up to version 2", 1, 35),
        ("{\"format\": \"other\"}", "this is not a Cardport document (\"format\" is \"other\")", 1, 12),
        ("{\"quotes\": []}", "a Cardport document has no section \"quotes\"", 1, 2),
        ("{\"citations\": [\n{\"text\": \"a\"},", "the input ends inside a value", 2, 15),
        ("{\"citations\": [{\"text\": \"a\",}]}", "a trailing ',' before '}' is not allowed in JSON", 1, 29),
        ("{\"citations\": [{\"text\": 'a'}]}", "strings must be in double quotes", 1, 25),
        ("{\"citations\": [{\"text\": \"a\\x\"}]}", "'\\x' is not a JSON escape", 1, 27),
        ("{\"citations\": [{\"text\": \"a\"}]} {}", "unexpected '{' after the end of the document", 1, 32),
        ("{\"citations\": [{\"author\": \"a\"}]}", "a citation needs a \"text\"", 1, 16),
        ("{\"tasks\": [{\"description\": \"a\", \"progress\": 33}]}", "task progress 33 is not one of 0, 5, 10, … 100", 1, 45),
        ("{\"citations\": [{\"text\": \"a\", \"created_at\": \"yesterday\"}]}", "\"yesterday\" is not a date", 1, 44),
        ("{\"tags\": [{\"name\": \"a\", \"colour\": \"sky\"}]}", "'sky' is not a tag colour", 1, 35),
        ("{\"citations\": [{\"text\": \"a\", \"n\": 012}]}", "numbers must not have leading zeros", 1, 35),
    ])
    func explainsWhatIsWrong(_ text: String, _ message: String, _ line: Int, _ column: Int) throws {
        // Each line and column counted by hand: the value, key or character the message is about.
        let error = try #require(FormatHarness.error(reading: text, as: format))
        #expect(error.message == message)
        #expect(error.location?.line == line && error.location?.column == column, "\(String(describing: error.location))")
    }

    @Test func rejectsInvalidUTF8AtTheBadByte() throws {
        let bytes = Array("{\"citations\": [{\"text\": \"caf".utf8) + [0xE9] + Array("\"}]}".utf8)
        #expect {
            try FormatHarness.read(format, bytes: bytes)
        } throws: { error in
            let error = error as! CardportError
            return error.message == "invalid UTF-8 in a string" && error.location?.column == 29
        }
    }

    @Test func decodesEscapesAndSurrogatePairs() throws {
        let records = try FormatHarness.read(format, #"{"citations":[{"text":"\"q\"\\\/\b\f\n\r\t\u00e9\ud83d\ude00"}]}"#)
        guard case .citation(let citation) = records.first else { Issue.record("no citation"); return }
        #expect(citation.text == "\"q\"\\/\u{8}\u{C}\n\r\té😀")
        #expect(FormatHarness.error(reading: #"{"citations":[{"text":"\ud83d"}]}"#, as: format)?.message
                == "a \\u escape for a high surrogate must be followed by a low surrogate")
    }

    @Test func limitsNesting() throws {
        let deep = "{\"citations\":[{\"text\":\"a\",\"x\":" + String(repeating: "[", count: 600) + String(repeating: "]", count: 600) + "}]}"
        let error = FormatHarness.error(reading: deep, as: format)
        #expect(error?.code == .limitExceeded)
        #expect(error?.message == "arrays and objects nest deeper than the maximum depth (200)")
        #expect(error?.hint == "raise it with --max-depth 400")
    }

    @Test func readsSectionsInAnyOrderAndKeepsUnknownFieldsAsExtras() throws {
        let text = """
            {"tasks":[{"description":"Read","progress":"50%","due_by":"Friday"}],
             "version":1,"format":"cardport",
             "citations":[{"quote":"Hi","favorite":"yes","createdAt":1678054542,"meta":{"a":1}}]}
            """
        let library = Library(try FormatHarness.read(format, text))
        #expect(library.tasks.first?.progress.percent == 50)
        #expect(library.tasks.first?.extras == ["due_by": "Friday"])
        #expect(library.citations.first?.isFavourite == true)
        #expect(library.citations.first?.createdAt?.iso8601 == "2023-03-05T22:15:42Z")
        #expect(library.citations.first?.extras == ["meta": "{\"a\":1}"])
    }

    @Test func streamsLargeDocumentsAcrossChunks() throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("big.json")
        let citations = (0..<12_000).map { i in
            Record.citation(Citation(text: "Quote \(i): “Wer kämpft, kann verlieren.” 学而时习之 👨‍👩‍👧 " + String(repeating: "é", count: i % 300),
                                     author: "Author \(i % 97)", tags: ["t\(i % 7)"]))
        }
        let text = try FormatHarness.write(format, citations).text
        #expect(text.utf8.count > 3 << 20)
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        let records = try format.makeReader(try ByteInput(path: path), options: ReadOptions()).readAll()
        #expect(records == citations)
        // An error near the end still has the right line.
        let broken = text.replacingOccurrences(of: "Quote 11999:", with: "Quote 11999:\u{1}")
        try broken.write(toFile: path, atomically: true, encoding: .utf8)
        #expect {
            try format.makeReader(try ByteInput(path: path), options: ReadOptions()).readAll()
        } throws: { error in
            (error as! CardportError).location?.line == 12_004
        }
    }

    @Test func sniffsItsMarkerAndSections() {
        #expect(format.sniff(Array("{\"format\":\"cardport\",\"version\":1}".utf8)) == .certain)
        #expect(format.sniff(Array("{\n  \"citations\": [".utf8)) == .possible)
        #expect(format.sniff(Array("{\"quotes\":[]}".utf8)) == .no)
        #expect(format.sniff(Array("[1]".utf8)) == .no)
    }
}

@Suite struct LongLineTests {
    /// A one-line document longer than the read window still gets the right column.
    @Test func columnsStayRightPastTheWindow() throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("one-line.json")
        let record = "{\"text\":\"Größe über schön — 学而时习之\",\"tags\":[]},"
        let count = 40_000
        let text = "{\"citations\":[" + String(repeating: record, count: count) + "{\"text\":1}]}"
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        let expectedColumn = "{\"citations\":[".unicodeScalars.count + count * record.unicodeScalars.count + "{\"text\":".unicodeScalars.count + 1
        #expect {
            try NativeJSONFormat().makeReader(try ByteInput(path: path), options: ReadOptions()).readAll()
        } throws: { error in
            let error = error as! CardportError
            return error.location?.line == 1 && error.location?.column == expectedColumn
                && error.message == "\"text\" must be a string, not a number"
        }
    }
}
