import CardportMachinery
import Testing

@Suite struct UTF8ValidationTests {
    @Test func findsANonASCIIByteAtEveryPlaceAcrossWordBoundaries() {
        for length in 0...40 {
            let plain = (0..<length).map { UInt8(0x20 + $0 % 0x5F) }
            plain.withUnsafeBytes { #expect(UTF8Validation.isASCII($0), "length \(length)") }
            for place in 0..<length {
                for high: UInt8 in [0x80, 0xC3, 0xFF] {
                    var bytes = plain
                    bytes[place] = high
                    bytes.withUnsafeBytes { #expect(!UTF8Validation.isASCII($0), "length \(length), place \(place)") }
                }
            }
        }
    }

    @Test func looksOnlyAtTheBytesItIsGiven() {
        // A non-ASCII byte just past the end must not count.
        let bytes: [UInt8] = Array(repeating: 0x41, count: 23) + [0xE9]
        bytes.withUnsafeBytes { raw in
            for length in 0..<raw.count {
                #expect(UTF8Validation.isASCII(UnsafeRawBufferPointer(rebasing: raw[..<length])), "length \(length)")
            }
        }
    }
}
