import CardportCore
import Testing

@Suite struct CardportErrorTests {
    @Test func rendersLikeACompiler() {
        let error = CardportError(
            .malformedInput, "expected ',' or '}' after a member, found a string",
            location: CardportCore.SourceLocation(file: "quotes.jsonl", line: 3, column: 15, offset: 80),
            sourceLine: "{\"text\": \"a\"  \"author\": \"b\"}", hint: "a comma is probably missing")
        #expect(error.rendered(colour: false) == """
            quotes.jsonl:3:15: error: expected ',' or '}' after a member, found a string
                3 | {"text": "a"  "author": "b"}
                  |               ^
              hint: a comma is probably missing

            """)
    }

    @Test func cutsLongLinesAroundTheColumn() {
        let line = String(repeating: "a", count: 300) + "X" + String(repeating: "b", count: 300)
        let error = CardportError(.invalidValue, "bad", location: CardportCore.SourceLocation(file: "f", line: 1, column: 301, offset: 300),
                                  sourceLine: line)
        let lines = error.rendered(colour: false).split(separator: "\n")
        let echoed = String(lines[1].dropFirst("    1 | ".count))
        let caret = String(lines[2].dropFirst("      | ".count))
        #expect(echoed.count <= 102)
        let column = caret.count - 1
        #expect(Array(echoed)[column] == "X")
    }

    @Test func withoutALocationItIsOneLine() {
        #expect(CardportError(.usage, "no input files given").rendered(colour: false) == "error: no input files given\n")
    }

    @Test func mapsCodesToSysexits() {
        #expect(CardportError(.usage, "").exitCode == 64)
        #expect(CardportError(.malformedInput, "").exitCode == 65)
        #expect(CardportError(.fileNotFound, "").exitCode == 66)
        #expect(CardportError(.io, "").exitCode == 74)
    }
}
