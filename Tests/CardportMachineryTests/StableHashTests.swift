import CardportMachinery
import Testing

@Suite struct StableHashTests {
    /// The hash as it is specified: whole little-endian words, then the rest zero-padded, then the
    /// length with a marker; written out byte by byte.
    private func reference(_ fields: [[UInt8]]) -> (UInt64, UInt64) {
        var a: UInt64 = 0x243F_6A88_85A3_08D3
        var b: UInt64 = 0x1319_8A2E_0370_7344
        func add(_ word: UInt64) {
            a = (a ^ word) &* 0x9E37_79B9_7F4A_7C15
            a ^= a >> 32
            b = (b ^ (word << 29 | word >> 35)) &* 0xC2B2_AE3D_27D4_EB4F
            b ^= b >> 29
        }
        for field in fields {
            var word: UInt64 = 0
            for (i, byte) in field.enumerated() {
                word |= UInt64(byte) << UInt64(8 * (i % 8))
                if i % 8 == 7 { add(word); word = 0 }
            }
            add(word)
            add(UInt64(field.count) | 0xFF00_0000_0000_0000)
        }
        func mix(_ value: UInt64) -> UInt64 {
            var z = value
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
        let high = mix(a ^ mix(b))
        return (high, mix(b ^ high))
    }

    @Test func hashesRawBytesAsItHashesTheirString() {
        let text = "Whereof one cannot speak — thereof one must be silent."
        for length in [0, 1, 7, 8, 9, 16, 23, text.utf8.count] {
            let field = String(decoding: Array(text.utf8)[..<length], as: UTF8.self)
            var fromString = StableHash()
            fromString.combine(field)
            fromString.combine(nil as String?)
            var fromBytes = StableHash()
            Array(field.utf8).withUnsafeBytes { fromBytes.combine(bytes: $0) }
            fromBytes.combine(bytes: nil as UnsafeRawBufferPointer?)
            #expect(fromBytes.finalize() == fromString.finalize(), "length \(length)")
        }
    }

    @Test func matchesTheSpecificationForEveryLengthOfTail() {
        let bytes = Array("Whereof one cannot speak, thereof one must be silent. — Ludwig W.".utf8)
        for length in 0...bytes.count {
            let field = Array(bytes[..<length])
            var hash = StableHash()
            field.withUnsafeBufferPointer { hash.combine(bytes: $0) }
            // A suffix cut inside a multi-byte character is repaired by `String(decoding:)`: the
            // reference is given the string's own bytes.
            let suffix = String(decoding: bytes[(bytes.count - length)...], as: UTF8.self)
            hash.combine(suffix)
            let expected = reference([field, Array(suffix.utf8)])
            #expect(hash.finalize() == expected, "length \(length)")
        }
    }
}
