import CardportCore
@testable import CardportJSON
import Foundation
import Testing

@Suite struct JSONWriterTests {
    @Test(arguments: [0, 7, -7, 10, 4537, -120, Int.max, Int.min])
    func writesWholeNumbersAsSwiftPrintsThem(_ value: Int) {
        let writer = JSONWriter()
        writer.int(value)
        #expect(String(decoding: writer.bytes, as: UTF8.self) == String(value))
    }

    @Test func escapesWhatJSONRequiresWhileTheBufferGrows() {
        // Control characters take six bytes each: far more than the room made for the string itself.
        let text = String(repeating: "\u{01}\"\\\n\té", count: 200) + "end"
        let writer = JSONWriter(capacity: 1)
        writer.raw("[")
        writer.string(text)
        writer.byte(0x5D)
        let expected = "[\"" + String(repeating: "\\u0001\\\"\\\\\\n\\té", count: 200) + "end\"]"
        #expect(String(decoding: writer.bytes, as: UTF8.self) == expected)
    }

    /// The string a JSON parser reads back from the writer's bytes (Foundation's, which refuses raw
    /// control characters and unescaped quotes), or `nil` when it reads none.
    func readBack(_ writer: JSONWriter) -> String? {
        try? JSONSerialization.jsonObject(with: Data(writer.bytes), options: .fragmentsAllowed) as? String
    }

    @Test func findsWhatToEscapeAtEveryPlaceAcrossWordBoundaries() {
        // Plain runs of every length, with a byte to escape (or a non-ASCII character, which is not
        // escaped) at every place: the scan goes sixteen, eight, then one byte at a time.
        for length in 0...40 {
            let plain = String((0..<length).map { Character(Unicode.Scalar(UInt8(0x61 + $0 % 26))) })
            let writer = JSONWriter(capacity: 1)
            writer.string(plain)
            #expect(readBack(writer) == plain, "length \(length)")
            for place in 0..<length {
                for special in ["\"", "\\", "\n", "\u{01}", "\u{1F}", "é", "\u{7F}", " "] {
                    var characters = Array(plain)
                    characters[place] = Character(special)
                    let text = String(characters)
                    let writer = JSONWriter(capacity: 1)
                    writer.string(text)
                    #expect(readBack(writer) == text, "length \(length), place \(place), \(special.unicodeScalars.first!.value)")
                }
            }
        }
    }

    @Test func copiesShortAndLongRunsWhole() {
        let source = Array((0..<64).map { UInt8($0) })
        for length in 0...40 {
            var target = [UInt8](repeating: 0xEE, count: 48)
            source.withUnsafeBytes { raw in
                target.withUnsafeMutableBufferPointer { JSONWriter.copy(raw.baseAddress! + 3, to: $0.baseAddress!, length) }
            }
            #expect(Array(target[..<length]) == Array(source[3..<(3 + length)]), "length \(length)")
            #expect(target[length...].allSatisfy { $0 == 0xEE }, "length \(length)")
        }
    }

    @Test func writesARepeatedTimestampAsTheFirst() throws {
        let stamps = ["2024-05-01T10:15:00Z", "2024-05-01T10:15:00Z", "2024-05-01T10:15:00.50Z", "2024-05-01",
                      "2024-05-01T12:15:00+02:00", "2024-05-01T12:15:00+02:00", "2024-05-01T10:15:00Z"]
        let writer = JSONWriter()
        for text in stamps {
            writer.timestamp(try #require(Timestamp(parsing: text)))
            writer.byte(0x2C)
        }
        #expect(String(decoding: writer.bytes, as: UTF8.self) == stamps.map { "\"\($0)\"," }.joined())
    }
}
