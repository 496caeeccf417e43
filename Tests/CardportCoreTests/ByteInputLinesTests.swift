import CardportCore
import Testing

@Suite struct ByteInputLinesTests {
    private func lines(_ text: String) throws(CardportError) -> [String] {
        let input = try ByteInput(string: text)
        var lines: [String] = []
        while let line = try input.nextLine() {
            lines.append(String(decoding: input.available.prefix(line.length), as: UTF8.self))
            input.consume(line.span)
        }
        return lines
    }

    @Test func splitsAtLineBreaksOfEitherKind() throws {
        #expect(try lines("a\nb\r\n\nlast") == ["a", "b", "", "last"])
        #expect(try lines("a\n") == ["a"])
        #expect(try lines("ends in CR\r") == ["ends in CR"])
        #expect(try lines("") == [])
    }

    @Test func leavesTheLineInTheWindowUntilItIsConsumed() throws {
        let input = try ByteInput(string: "one\ntwo\n")
        let first = try #require(try input.nextLine())
        #expect(input.offset == 0)
        #expect(try input.nextLine()?.length == first.length)
        input.consume(first.span)
        #expect(input.offset == 4)
    }
}
