import CardportCore
import CardportJSON
import CardportTestSupport
import PropertyBased
import Testing

@Suite struct JSONLinesFormatTests {
    let format = JSONLinesFormat()

    @Test func conformsToTheFormatContract() async {
        await FormatConformance.check(format, brokenInput: "{\"kind\":\"citation\",\"text\":\"a\"}\n{\"kind\":\"citation\",\"text\":}\n")
    }

    @Test func roundTripsEveryKindWithoutLossInOrder() async {
        await propertyCheck(count: 200, input: RandomCards.library) { library in
            let records = library.records.shuffled()
            let written = try FormatHarness.write(format, records)
            #expect(written.losses.isEmpty)
            #expect(try FormatHarness.read(format, written.text) == records)
        }
    }

    @Test func writesOneRecordPerLineWithItsKind() throws {
        let text = try FormatHarness.write(format, [
            .task(TaskItem(id: "t1", description: "Read \"Walden\"\nslowly", progress: try TaskProgress(percent: 45))),
            .tag(Tag(name: "nature", colour: .rgb(0x22, 0x8B, 0x22))),
        ]).text
        #expect(text == """
            {"kind":"task","id":"t1","description":"Read \\"Walden\\"\\nslowly","progress":45}
            {"kind":"tag","name":"nature","colour":"#228B22"}

            """)
    }

    @Test func guessesTheKindWhenLinesHaveNone() throws {
        let text = """
            {"text":"a quote","author":"Someone"}
            {"name":"Docs","url":"https://example.org","text":"ignored? no: url wins"}
            {"description":"Do it","progress":10}
            {"title":"Topic","status":"on_hold"}
            {"name":"red tag","colour":"red"}

            """
        let kinds = try FormatHarness.read(format, text).map(\.kind)
        #expect(kinds == [.citation, .bookmark, .task, .topic, .tag])
    }

    @Test func aBookmarksQuoteMemberIsKeptAsAnExtra() throws {
        let records = try FormatHarness.read(format, "{\"kind\":\"bookmark\",\"text\":\"https://a.b\",\"quote\":\"seen there\"}\n")
        guard case .bookmark(let bookmark) = records.first else { Issue.record("no bookmark"); return }
        #expect(bookmark.text == "https://a.b")
        #expect(bookmark.extras == ["quote": "seen there"])
    }

    @Test func kindHintReadsAmbiguousLines() throws {
        let records = try FormatHarness.read(format, "{\"name\":\"x\",\"text\":\"https://a.b\"}\n",
                                             options: ReadOptions(kind: .bookmark))
        #expect(records.first?.kind == .bookmark)
        #expect(FormatHarness.error(reading: "{\"x\":1}\n", as: format)?.hint
                == "add a \"kind\" member (citation, bookmark, task, topic, tag, settings) or pass --kind")
    }

    @Test func acceptsCRLFBlankLinesAndNoFinalNewline() throws {
        let records = try FormatHarness.read(format, "\r\n{\"text\":\"a\"}\r\n\r\n   \n{\"text\":\"b\"}")
        #expect(records == [.citation(Citation(text: "a")), .citation(Citation(text: "b"))])
    }

    @Test func badLinesAreRecoverable() throws {
        let input = try ByteInput(string: "{\"text\":\"a\"}\n{\"text\":\"b\",}\n{\"text\":\"c\",\"favourite\":\"maybe\"}\n[1]\n{\"text\":\"d\"}\n", name: "q.jsonl")
        let reader = try format.makeReader(input, options: ReadOptions())
        var texts: [String] = []
        var errors: [CardportError] = []
        while true {
            do {
                guard let record = try reader.next() else { break }
                if case .citation(let c) = record { texts.append(c.text) }
            } catch {
                #expect(error.isRecoverable)
                errors.append(error)
            }
        }
        #expect(texts == ["a", "d"])
        #expect(errors.map { "\($0.location!): \($0.message)" } == [
            "q.jsonl:2:13: a trailing ',' before '}' is not allowed in JSON",
            "q.jsonl:3:25: \"favourite\" must be true or false, not \"maybe\"",
            "q.jsonl:4:1: each line must be a JSON object, not an array",
        ])
    }

    @Test func textAfterARecordIsAnError() {
        #expect(FormatHarness.error(reading: "{\"text\":\"a\"} {\"text\":\"b\"}\n", as: format)?.message
                == "unexpected '{' after the record")
    }

    @Test func sniffsLineDelimitedObjects() {
        #expect(format.sniff(Array("{\"a\":1}\n{\"a\":2}\n".utf8)) == .certain)
        #expect(format.sniff(Array("{\"a\":1}\n".utf8)) == .possible)
        #expect(format.sniff(Array("{\n\"a\":1}\n".utf8)) == .no)
    }
}
