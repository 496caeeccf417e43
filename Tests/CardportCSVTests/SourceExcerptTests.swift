import CardportCore
@testable import CardportCSV
import CardportTestSupport
import PropertyBased
import Testing

@Suite struct SourceExcerptTests {
    @Test func locatesEveryOffsetAsTheInputDoes() async throws {
        await propertyCheck(count: 100, input: LineTextSamples.text) { text in
            let bytes = Array(text.utf8)
            let input = try ByteInput(bytes: bytes, name: "notes.csv")
            _ = try input.fill()
            // An excerpt from the start of every line (where a row of records starts) to the end.
            let starts = [0] + bytes.indices.filter { $0 > 0 && bytes[$0 - 1] == 0x0A }
            for start in starts {
                let excerpt = SourceExcerpt(name: "notes.csv", start: input.location(at: start).location, capacity: 4)
                excerpt.append(UnsafeRawBufferPointer(rebasing: input.available[start...]))
                for offset in start...bytes.count {
                    let (location, line) = excerpt.location(at: offset)
                    let expected = input.location(at: offset)
                    #expect(location == expected.location)
                    #expect(line == expected.line)
                }
            }
        }
    }

    @Test func anErrorCarriesItsLocationAndLine() throws {
        let input = try ByteInput(string: "one\ntwo, three\nfour\n", name: "notes.csv")
        _ = try input.fill()
        let excerpt = SourceExcerpt(name: "notes.csv", start: input.location(at: 4).location)
        excerpt.append(UnsafeRawBufferPointer(rebasing: input.available[4...]))
        let error = excerpt.error(.invalidValue, "not a number", at: 9, hint: "write digits", isRecoverable: true)
        #expect(error.location == SourceLocation(file: "notes.csv", line: 2, column: 6, offset: 9))
        #expect(error.sourceLine == "two, three")
        #expect(error.hint == "write digits")
        #expect(error.isRecoverable)
        #expect(error == input.error(.invalidValue, "not a number", at: 9, hint: "write digits", isRecoverable: true))
    }

    @Test func aLineThatBeganBeforeTheExcerptIsNotEchoed() throws {
        let input = try ByteInput(string: "one\rtwo\rthree", name: "notes.csv")
        _ = try input.fill()
        let excerpt = SourceExcerpt(name: "notes.csv", start: input.location(at: 4).location)
        excerpt.append(UnsafeRawBufferPointer(rebasing: input.available[4...]))
        let (location, line) = excerpt.location(at: 9)
        #expect(location == input.location(at: 9).location)
        #expect(location.column == 10)
        #expect(line == nil)
    }

    @Test func restartingKeepsTheStorageAndMovesTheStart() throws {
        let input = try ByteInput(string: "ab\ncd\nef\n", name: "x")
        _ = try input.fill()
        let excerpt = SourceExcerpt(name: "x", start: input.location(at: 0).location, capacity: 2)
        excerpt.append(input.available)
        #expect(excerpt.count == 9)
        #expect(excerpt.endOffset == 9)
        excerpt.restart(at: input.location(at: 6).location)
        #expect(excerpt.count == 0)
        excerpt.append(UnsafeRawBufferPointer(rebasing: input.available[6...]))
        #expect(Array(excerpt.bytes) == Array("ef\n".utf8))
        #expect(excerpt.location(at: 7).location == SourceLocation(file: "x", line: 3, column: 2, offset: 7))
    }
}
