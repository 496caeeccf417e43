@testable import CardportJSON
import Testing

@Suite struct JSONWriterTests {
    @Test(arguments: [0, 7, -7, 10, 4537, -120, Int.max, Int.min])
    func writesWholeNumbersAsSwiftPrintsThem(_ value: Int) {
        var writer = JSONWriter()
        writer.int(value)
        #expect(String(decoding: writer.bytes, as: UTF8.self) == String(value))
    }
}
