import CardportCore
import CardportTestSupport
import Foundation
import Testing

@Suite struct ByteInputTests {
    @Test func skipsAUTF8ByteOrderMark() throws {
        let input = try ByteInput(bytes: [0xEF, 0xBB, 0xBF] + Array("ab".utf8))
        #expect(Array(input.available) == Array("ab".utf8))
        #expect(input.offset == 3)
        #expect(input.location(at: 4).location.column == 2)
    }

    @Test func refusesUTF16WithAHint() {
        #expect {
            try ByteInput(bytes: [0xFF, 0xFE, 0x41, 0x00], name: "quotes.txt")
        } throws: { error in
            let error = error as! CardportError
            return error.message == "'quotes.txt' is encoded as UTF-16; Cardport reads UTF-8"
                && error.hint?.contains("iconv -f UTF-16") == true
        }
    }

    @Test func locatesOffsetsByLineAndScalarColumn() throws {
        let input = try ByteInput(string: "first\nsécond é line\nthird", name: "f.txt")
        let offset = Array("first\nsécond ".utf8).count   // the second "é": 8th scalar, 9th byte of its line
        let (location, line) = input.location(at: offset)
        #expect(location == SourceLocation(file: "f.txt", line: 2, column: 8, offset: offset))
        #expect(line == "sécond é line")
    }

    @Test func readsFilesInChunksAndKeepsCountingLines() throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("big.txt")
        let line = String(repeating: "x", count: 99) + "\n"
        try String(repeating: line, count: 30_000).write(toFile: path, atomically: true, encoding: .utf8)
        let input = try ByteInput(path: path)
        #expect(input.size == 3_000_000)
        var consumed = 0
        while consumed < 2_500_050 {
            let take = min(input.available.count, 2_500_050 - consumed)
            input.consume(take)
            consumed += take
            if take == 0 { try input.fill() }
        }
        let (location, text) = input.location(at: 2_500_050)
        #expect(location.line == 25_001)
        #expect(location.column == 51)
        #expect(text == String(repeating: "x", count: 99))
    }

    @Test func missingFilesAndDirectoriesAreClearErrors() {
        #expect {
            try ByteInput(path: "/nonexistent/quotes.json")
        } throws: { error in
            let error = error as! CardportError
            return error.code == .fileNotFound && error.exitCode == 66
                && error.message == "cannot read '/nonexistent/quotes.json': no such file or directory"
        }
        #expect {
            try ByteInput(path: "/tmp")
        } throws: { error in
            (error as! CardportError).message == "cannot read '/tmp': it is a directory"
        }
    }
}
