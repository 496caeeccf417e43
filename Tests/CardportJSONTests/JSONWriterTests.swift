@testable import CardportJSON
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
}
