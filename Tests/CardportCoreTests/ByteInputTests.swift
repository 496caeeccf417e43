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

    @Test func fillsToTheEndInOneWindow() throws {
        let scratch = try TemporaryDirectory()
        let path = scratch.path + "/big.txt"
        let bytes = [0xEF, 0xBB, 0xBF] + (0..<3_000_000).map { UInt8(0x61 + $0 % 26) }
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        let input = try ByteInput(path: path)
        input.consume(10)
        try input.fillToEnd()
        #expect(input.isAtEnd)
        #expect(Array(input.available) == Array(bytes[13...]))
        #expect(input.offset == 13)

        let small = try ByteInput(path: path, maximumWindow: 1 << 20)
        #expect(throws: CardportError.self) { try small.fillToEnd() }
    }

    @Test func readsUTF16AsUTF8AndRefusesUTF32WithAHint() throws {
        let input = try ByteInput(bytes: [0xFF, 0xFE, 0x41, 0x00, 0xE9, 0x00], name: "quotes.txt")
        #expect(Array(input.available) == Array("Aé".utf8))
        #expect {
            try ByteInput(bytes: [0xFF, 0xFE, 0x00, 0x00, 0x41, 0x00, 0x00, 0x00], name: "quotes.txt")
        } throws: { error in
            let error = error as! CardportError
            return error.message == "'quotes.txt' is encoded as UTF-32; Cardport reads UTF-8 and UTF-16"
                && error.hint?.contains("iconv -f UTF-32") == true
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

@Suite struct WindowBoundaryTests {
    /// Reads every line of a JSON Lines-like file through the window, returning the location of the
    /// first byte `x` on the line numbered `targetLine`.
    private func locate(_ text: [UInt8], targetLine: Int, marker: UInt8 = UInt8(ascii: "x")) throws -> (CardportCore.SourceLocation, String?) {
        let directory = try TemporaryDirectory()
        let path = directory.file("window.txt")
        try Data(text).write(to: URL(fileURLWithPath: path))
        let input = try ByteInput(path: path)
        var line = 1
        while true {
            if input.available.isEmpty, !(try input.fill()) { break }
            let window = input.available
            guard let newline = window.firstIndex(of: 0x0A) else {
                if try input.fill() { continue }
                break
            }
            if line == targetLine, let hit = window[..<newline].firstIndex(of: marker) {
                return input.location(at: input.offset + hit)
            }
            input.consume(newline + 1)
            line += 1
        }
        throw CardportError(.invalidValue, "marker not found")
    }

    @Test func aLineStartingExactlyAtTheWindowBoundary() throws {
        let first = [UInt8](repeating: UInt8(ascii: "a"), count: (1 << 20) - 1) + [0x0A]
        let second = Array("é bad x here\n".utf8)
        let (location, text) = try locate(first + second, targetLine: 2)
        #expect(location.line == 2)
        #expect(location.column == 7)
        #expect(text == "é bad x here")
    }

    @Test func aByteOrderMarkAndAFirstLineLongerThanTheWindow() throws {
        let bom: [UInt8] = [0xEF, 0xBB, 0xBF]
        let long = Array(String(repeating: "é", count: 700_000).utf8)   // 1.4 MB, one line
        let text = bom + long + Array("x\n".utf8)
        let directory = try TemporaryDirectory()
        let path = directory.file("bom.txt")
        try Data(text).write(to: URL(fileURLWithPath: path))
        let reader = try ByteInput(path: path)
        // Consume the first megabyte of the line, then look for the marker past the window start.
        try reader.fill()
        reader.consume(reader.available.count - 10)
        while reader.available.firstIndex(of: UInt8(ascii: "x")) == nil { try reader.fill() }
        let hit = reader.available.firstIndex(of: UInt8(ascii: "x"))!
        let (location, echoed) = reader.location(at: reader.offset + hit)
        #expect(location.line == 1)
        #expect(location.column == 700_001)
        #expect(echoed == nil)
    }
}
