import CardportCore
import CardportTestSupport
import Foundation
import PropertyBased
import Testing

@Suite struct CompactJSONTests {
    @Test func escapesWhatJSONMustAndNothingElse() {
        #expect(CompactJSON.string("say \"hi\"\\ \n\r\t\u{1}é🙂/") == #""say \"hi\"\\ \n\r\t\u0001é🙂/""#)
        #expect(CompactJSON.array([]) == "[]")
        #expect(CompactJSON.array(["a", "b c"]) == #"["a","b c"]"#)
    }

    @Test func foundationReadsBackWhatItWrites() throws {
        let values = ["", "plain", "quote \" and \\ backslash", "\u{0}\u{1F}\u{7F}", "line\nbreak", "ünïcödé 日本語"]
        let data = Data(CompactJSON.array(values).utf8)
        #expect(try JSONSerialization.jsonObject(with: data) as? [String] == values)
    }

    /// Texts of pieces JSON escapes and pieces it keeps: control characters, quotes, backslashes,
    /// line breaks, accents, combining marks, emoji, CJK. (Not U+FEFF: Foundation's reader drops
    /// it from a string, so reading back could not tell.)
    static let texts = Generator<[String], Shrinking<[String]>>(run: { rng in
        let pieces = ["a", "Z", "0", " ", "\"", "\\", "/", "\n", "\r\n", "\t", "\u{0}", "\u{1}", "\u{1F}", "\u{7F}",
                      "é", "e\u{301}", "🙂", "👩‍👩‍👧", "日本", "\u{2028}"]
        return (0..<Int.random(in: 0...30, using: &rng)).map { _ in pieces.randomElement(using: &rng)! }
    }, shrink: { Shrinking.removing(from: $0) })

    /// The text escaped a scalar at a time, as the JSON grammar spells it.
    static func reference(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case "\u{0}"..."\u{1F}":
                let hex = String(scalar.value, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }

    @Test func everyTextIsEscapedAsTheGrammarSpellsItAndReadsBack() async {
        await propertyCheck(count: 500, input: Self.texts) { pieces in
            let text = pieces.joined()
            let written = CompactJSON.string(text)
            #expect(written == Self.reference(text))
            let read = try? JSONSerialization.jsonObject(with: Data(("[" + written + "]").utf8)) as? [String]
            #expect(read?.first.map { Array($0.unicodeScalars) } == Array(text.unicodeScalars))
        }
    }
}
