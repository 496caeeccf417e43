import CardportCore
@testable import CardportJSON
import CardportTestSupport
import Foundation
import PropertyBased
import Testing

/// The fast path must never change what a line reads as: for every line, reading with it and
/// reading through the tree alone give the same records and the same errors.
@Suite struct CitationLineDecoderTests {
    /// What reading a text gave, call by call: a record, or an error rendered with its location.
    enum Outcome: Equatable, CustomStringConvertible {
        case record(Record)
        case error(String, recoverable: Bool, code: CardportError.Code)

        var description: String {
            switch self {
            case .record(let record): return "\(record)"
            case .error(let text, let recoverable, let code): return "\(code) \(recoverable): \(text)"
            }
        }
    }

    static func outcomes(_ bytes: [UInt8], fast: Bool, kind: RecordKind? = nil,
                         limits: ReadLimits = ReadLimits()) throws -> [Outcome] {
        try outcomes(of: ByteInput(bytes: bytes, name: "cards.jsonl"), fast: fast, kind: kind, limits: limits)
    }

    static func outcomes(of input: ByteInput, fast: Bool, kind: RecordKind? = nil,
                         limits: ReadLimits = ReadLimits()) -> [Outcome] {
        let reader = JSONLinesReader(input: input, kind: kind, limits: limits, usesFastPath: fast)
        var outcomes: [Outcome] = []
        while true {
            do {
                guard let record = try reader.next() else { break }
                outcomes.append(.record(record))
            } catch {
                outcomes.append(.error(error.description, recoverable: error.isRecoverable, code: error.code))
                if !error.isRecoverable { break }
            }
        }
        return outcomes
    }

    /// Reads `bytes` both ways and expects the same outcomes; returns them.
    @discardableResult
    static func expectBothPathsAgree(_ bytes: [UInt8], kind: RecordKind? = nil, limits: ReadLimits = ReadLimits(),
                                     sourceLocation: Testing.SourceLocation = #_sourceLocation) throws -> [Outcome] {
        let fast = try outcomes(bytes, fast: true, kind: kind, limits: limits)
        let tree = try outcomes(bytes, fast: false, kind: kind, limits: limits)
        #expect(fast == tree, "\(String(decoding: bytes, as: UTF8.self))", sourceLocation: sourceLocation)
        return fast
    }

    // MARK: Generated lines

    /// Member texts, good and bad: the fast path takes some, leaves the others to the tree.
    static let members: [String] = [
        #""text":"Well begun is half done.""#, #""text":"He said \"go\"\n— then left\u00e9""#,
        #""text":"ünïcödé “quotes” 日本語 👩‍👩‍👧""#, #""text":"""#, #""text":null"#, #""text":12"#,
        #""quote":"a quote""#, #""text":"tab\#tinside""#, #""text":"\ud83d\ude00 and \ud800""#,
        #""author":"Aristotle""#, #""author":null"#, #""author":"""#, #""author":["x"]"#,
        #""source":"Ethics""#, #""source":"caf\u00e9""#, #""note":"a note""#, #""note":null"#,
        #""tags":["a","b c","ünï"]"#, #""tags":[]"#, #""tags":[ ]"#, #""tags":null"#, #""tags":"a;b""#,
        #""tags":["a",1]"#, #""tags":["a",]"#, #""tags":[["a"]]"#,
        #""favourite":true"#, #""favourite":false"#, #""favourite":null"#, #""favourite":"yes""#,
        #""favorite":true"#, #""favourite":1"#, #""archived":true"#, #""archived":truex"#,
        #""created_at":"2023-03-05T22:15:42Z""#, #""created_at":"2023-03-05""#, #""created_at":"""#,
        #""created_at":"yesterday""#, #""created_at":1678054542"#, #""createdAt":"2023-03-05T22:15:42.123+02:00""#,
        #""updated_at":"2024-01-01T00:00:00Z""#, #""updated_at":null"#, #""updated_at":"2024-13-01""#,
        #""id":"c-1""#, #""id":7"#, #""id":null"#, #""kind":"citation""#, #""kind":"Citation""#,
        #""kind":"bookmark""#, #""kind":null"#, #""location":"page 12""#, #""extras":{"a":"b"}"#,
        #""unknown":"kept""#, #""url":"https://example.org""#, #""description":"a task""#,
        #""te\u0078t":"escaped name""#, #""text" : "spaced""#,
    ]

    /// One to three lines, each of members joined with random spacing and sometimes damaged. A
    /// failing input shrinks by whole lines, then by scalars (damage stays as it was made).
    static let lines = Generator<[UInt8], Shrinking<[UInt8]>>(run: { rng in
        var bytes: [UInt8] = []
        for _ in 0..<Int.random(in: 1...3, using: &rng) {
            bytes += line(using: &rng) + (Bool.random(using: &rng) ? [0x0A] : [0x0D, 0x0A])
        }
        return bytes
    }, shrink: { bytes in
        (Shrinking.removingLines(of: bytes) + Shrinking.removingScalars(of: bytes)).filter { !$0.isEmpty }
    })

    static func line(using rng: inout some RandomNumberGenerator) -> [UInt8] {
        var parts: [String] = []
        if Int.random(in: 0..<4, using: &rng) > 0 { parts.append(#""text":"some text""#) }
        for _ in 0..<Int.random(in: 0...6, using: &rng) { parts.append(members.randomElement(using: &rng)!) }
        parts.shuffle(using: &rng)
        let spaces = ["", "", "", " ", "\t", "  "]
        func space() -> String { spaces.randomElement(using: &rng)! }
        var text = space() + "{" + space() + parts.map { $0 + space() }.joined(separator: "," + space()) + "}" + space()
        var bytes = Array(text.utf8)
        switch Int.random(in: 0..<12, using: &rng) {
        case 0 where !bytes.isEmpty:
            bytes.removeSubrange(Int.random(in: 0..<bytes.count, using: &rng)...)
        case 1 where !bytes.isEmpty:
            bytes.insert([0xFF, 0xC3, 0x80, 0xED, 0xA0, 0x80, 0x00].randomElement(using: &rng)!,
                         at: Int.random(in: 0..<bytes.count, using: &rng))
        case 2 where !bytes.isEmpty:
            bytes.remove(at: Int.random(in: 0..<bytes.count, using: &rng))
        case 3:
            text = ["[1]", "", "   ", "{}", "{\"text\":\"a\"} x", "{\"text\":\"a\",}", "null"].randomElement(using: &rng)!
            bytes = Array(text.utf8)
        default: break
        }
        return bytes
    }

    @Test func generatedLinesReadTheSameBothWays() async {
        await propertyCheck(count: 2000, input: CitationLineDecoderTests.lines) { bytes in
            try Self.expectBothPathsAgree(bytes)
            try Self.expectBothPathsAgree(bytes, kind: .citation)
            try Self.expectBothPathsAgree(bytes, kind: .bookmark)
        }
    }

    @Test func generatedCitationsReadTheSameBothWays() async {
        await propertyCheck(count: 300, input: RandomCards.library(of: [.citation, .bookmark])) { library in
            let text = try FormatHarness.write(JSONLinesFormat(), library.records).text
            let outcomes = try Self.expectBothPathsAgree(Array(text.utf8))
            #expect(outcomes == library.records.map { Outcome.record($0) })
            // Lines without a kind, as other tools write them.
            let bare = text.replacingOccurrences(of: #"{"kind":"citation","#, with: "{")
            try Self.expectBothPathsAgree(Array(bare.utf8))
        }
    }

    /// Lines that the end of the reading window cuts (a file read a chunk at a time) are found
    /// whole and read as the tree reads them, with their line numbers in errors.
    @Test func linesAcrossTheEndOfTheWindowReadTheSame() throws {
        var text = ""
        var number = 0
        // Past three chunks of the input (a mebibyte each).
        while text.utf8.count < 3 << 20 {
            number += 1
            if number % 997 == 0 {
                text += #"{"text":"broken \#(number)","tags":[1]}"# + "\n"
            } else {
                text += #"{"text":"Line \#(number) with some words to fill it","author":"Someone","tags":["a","b"],"created_at":"2023-03-05T22:15:42Z"}"#
                text += number % 5 == 0 ? "\r\n" : "\n"
            }
        }
        let directory = try TemporaryDirectory()
        let path = try directory.write("cards.jsonl", text)
        func read(fast: Bool) throws -> [Outcome] {
            Self.outcomes(of: try ByteInput(path: path), fast: fast)
        }
        let fast = try read(fast: true)
        #expect(fast.count == number)
        #expect(fast == (try read(fast: false)))
        guard case .error(let message, true, _) = fast[996] else { Issue.record("expected an error: \(fast[996])"); return }
        #expect(message.contains("997:"))
    }

    // MARK: The fast path itself

    @Test func takesTheCommonLineAndLeavesTheRest() throws {
        let decoder = CitationLineDecoder(limits: ReadLimits())
        func decode(_ line: String, kind: RecordKind? = nil) -> Citation? {
            var line = line
            return line.withUTF8 { decoder.citation(UnsafeRawBufferPointer($0), kind: kind) }
        }
        let citation = decode(#"{"text":"Carpe diem.","author":"Horace","tags":["latin"],"favourite":true,"created_at":"2023-03-05T22:15:42Z"}"#)
        #expect(citation == Citation(text: "Carpe diem.", author: "Horace", tags: ["latin"], isFavourite: true,
                                     createdAt: Timestamp(parsing: "2023-03-05T22:15:42Z")))
        #expect(decode(#"{"text":"a \"b\""}"#)?.text == "a \"b\"")
        #expect(decode(#"{"text":"a","extras":{"x":"y"}}"#) == nil)
        #expect(decode(#"{"text":"a","text":"b"}"#) == nil)
        #expect(decode(#"{"text":"a"}"#, kind: .bookmark) == nil)
        #expect(decode(#"{"kind":"citation","text":"a"}"#, kind: .bookmark)?.text == "a")
        #expect(decode(#"{"text":"a","id":3}"#) == nil)
    }

    @Test func limitsStillApply() throws {
        let line = Array(#"{"text":"a long enough text","tags":["x"]}"#.utf8) + [0x0A]
        let short = try Self.expectBothPathsAgree(line, limits: ReadLimits(maximumFieldSize: 5))
        guard case .error(let message, _, _) = short.first else { Issue.record("no error: \(short)"); return }
        #expect(message.contains("1:10"))
        // A member name longer than the limit, with short values.
        let names = try Self.expectBothPathsAgree(Array(#"{"text":"ab","favourite":true}"#.utf8) + [0x0A],
                                                  limits: ReadLimits(maximumFieldSize: 5))
        guard case .error = names.first else { Issue.record("no error: \(names)"); return }
        let shallow = try Self.expectBothPathsAgree(line, limits: ReadLimits(maximumDepth: 1))
        guard case .error = shallow.first else { Issue.record("no error: \(shallow)"); return }
    }

    @Test func invalidUTF8IsRefusedWithItsLocation() throws {
        let outcomes = try Self.expectBothPathsAgree(Array(#"{"text":"ok"}"#.utf8) + [0x0A]
                                                     + Array(#"{"text":"b"#.utf8) + [0xC3, 0x28] + Array(#""}"#.utf8) + [0x0A])
        guard outcomes.count == 2, case .error(let message, true, _) = outcomes[1] else {
            Issue.record("expected a record and an error: \(outcomes)"); return
        }
        #expect(message.contains("2:11"))
        #expect(message.contains("invalid UTF-8"))
    }
}
