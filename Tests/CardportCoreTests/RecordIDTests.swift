import CardportCore
import CardportMachinery
import Testing

@Suite struct RecordIDTests {
    @Test func isStableAndShapedLikeAVersion8UUID() {
        let id = RecordID.citation(text: "Carpe diem.", author: "Horace", source: nil)
        #expect(id == RecordID.citation(text: "Carpe diem.", author: "Horace", source: nil))
        let bytes = Array(id.utf8)
        #expect(bytes.count == 36)
        #expect([8, 13, 18, 23].allSatisfy { bytes[$0] == UInt8(ascii: "-") })
        #expect(bytes[14] == UInt8(ascii: "8"))
        #expect("89ab".utf8.contains(bytes[19]))
        // Pinned so that ids never change between releases: changing them would duplicate cards.
        #expect(id == "09eb10b4-9ae2-8d7d-b526-55c9146d8db7")
    }

    @Test func spellsTheHashAsAUUIDWithEveryHexDigit() {
        func hex(_ value: UInt64) -> [Character] {
            let digits = String(value, radix: 16)
            return Array(String(repeating: "0", count: 16 - digits.count) + digits)
        }
        for n in 0..<300 {
            let text = "text \(n)"
            var hasher = StableHash()
            hasher.combine("citation")
            hasher.combine(text)
            hasher.combine(nil as String?)
            hasher.combine(nil as String?)
            let (high, low) = hasher.finalize()
            let digits = hex((high & 0xFFFF_FFFF_FFFF_0FFF) | 0x8000) + hex((low & 0x3FFF_FFFF_FFFF_FFFF) | 0x8000_0000_0000_0000)
            let expected = String(digits[0..<8]) + "-" + String(digits[8..<12]) + "-" + String(digits[12..<16]) + "-"
                + String(digits[16..<20]) + "-" + String(digits[20..<32])
            #expect(RecordID.citation(text: text, author: nil, source: nil) == expected)
        }
    }

    @Test func isTheSameFromBytesAsFromStrings() {
        let cases: [(String, String?, String?)] = [
            ("Carpe diem.", "Horace", nil), ("x", nil, nil), ("", nil, ""), ("Zoë — “quoted”", "Wisława", "Книга"),
            (String(repeating: "long text ", count: 30), "a", "b"), ("exactly8", "7 bytes", "sixteen bytes!!!"),
        ]
        for (text, author, source) in cases {
            func bytes(_ s: String?, _ body: (UnsafeRawBufferPointer?) -> String) -> String {
                guard let s else { return body(nil) }
                return Array(s.utf8).withUnsafeBytes { body($0) }
            }
            let fromBytes = bytes(text) { t in bytes(author) { a in bytes(source) { s in
                RecordID.citation(text: t!, author: a, source: s)
            } } }
            #expect(fromBytes == RecordID.citation(text: text, author: author, source: source), "\(text)")
        }
    }

    @Test func separatesFieldsAndAbsence() {
        #expect(RecordID.citation(text: "ab", author: "c", source: nil) != RecordID.citation(text: "a", author: "bc", source: nil))
        #expect(RecordID.citation(text: "a", author: nil, source: nil) != RecordID.citation(text: "a", author: "", source: nil))
        #expect(RecordID.bookmark(text: "x") != RecordID.task(description: "x"))
        #expect(RecordID.foreign(namespace: "dummyjson", id: "1") != RecordID.foreign(namespace: "dummyjson", id: "2"))
    }

    @Test func modelUsesDerivedIDsOnlyWhenNoneIsGiven() {
        #expect(Citation(text: "x").id == RecordID.citation(text: "x", author: nil, source: nil))
        #expect(Citation(id: "mine", text: "x").id == "mine")
        #expect(Citation(id: "", text: "x").id == RecordID.citation(text: "x", author: nil, source: nil))
    }

    @Test(arguments: [("Carpe diem.", "Horace", nil), ("", nil, nil), ("Ein Text, länger als acht Bytes", nil, "Buch"),
                      ("1234567", "a", "b"), ("12345678", "", "")] as [(String, String?, String?)])
    func idFromAKeptTextHashIsTheSameID(text: String, author: String?, source: String?) {
        let hash = RecordID.citationHash(text: text)
        #expect(RecordID.citation(textHash: hash, author: author, source: source)
                == RecordID.citation(text: text, author: author, source: source))
        #expect(RecordID.citationHash(text: text) == hash)
    }
}
