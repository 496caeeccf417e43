import CardportCore
import CardportMachinery
@testable import CardportStore
import CardportTestSupport
import PropertyBased
import Testing

/// A record's digest sees its tags as the store keeps them, normalised; a tag of lower-case ASCII
/// letters and digits is digested as it is written, without normalising it.
@Suite struct RecordDigestTests {
    /// Tags of lower-case ASCII letters and digits.
    static let plainTags = Generator<[UInt8], Shrinking<[UInt8]>>(run: { rng in
        let alphabet = Array("abcdefghijklmnopqrstuvwxyz0123456789".utf8)
        return (0..<Int.random(in: 1...24, using: &rng)).map { _ in alphabet.randomElement(using: &rng)! }
    }, shrink: { bytes in Shrinking.removing(from: bytes).filter { !$0.isEmpty } })

    @Test func aPlainTagNormalisesToItself() async {
        await propertyCheck(count: 500, input: Self.plainTags) { bytes in
            let tag = String(decoding: bytes, as: UTF8.self)
            #expect(TextNormalisation.normalise(tag) == tag)
        }
    }

    @Test func tagsThatNormaliseAlikeDigestAlike() {
        func digest(_ tags: [String]) -> Int64 { RecordDigest.digest(.citation(Citation(text: "Carpe diem.", tags: tags))) }
        #expect(digest(["books", "stoicism2"]) == digest(["Books", " STOICISM2 "]))
        #expect(digest(["books"]) != digest(["book"]))
        #expect(digest(["to read"]) == digest(["To  Read"]))
    }
}
