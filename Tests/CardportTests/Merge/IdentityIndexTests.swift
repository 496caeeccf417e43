@testable import Cardport
@testable import CardportCore
import CardportTestSupport
import PropertyBased
import Testing

@Suite struct IdentityIndexTests {
    /// Whatever the order and the repeats, the index answers as a dictionary of first positions
    /// does, through every growth of the table.
    @Test func answersAsADictionaryOfFirstPositions() async {
        let picks = Generator<[Int], Shrinking<[Int]>>(run: { rng in
            let distinct = Int.random(in: 1...3_000, using: &rng)
            return (0..<Int.random(in: 0...6_000, using: &rng)).map { _ in Int.random(in: 0..<distinct, using: &rng) }
        }, shrink: { Shrinking.removing(from: $0) })
        await propertyCheck(count: 20, input: picks) { picks in
            var index = IdentityIndex()
            var expected: [IdentityKey: Int32] = [:]
            var mismatches = 0
            for (position, pick) in picks.enumerated() {
                let kind: RecordKind = pick % 3 == 0 ? .bookmark : .citation
                let key = IdentityKey(kind: kind, parts: "text \(pick / 2)")
                let found = index.position(of: key, insertingIfAbsent: Int32(position))
                if found != expected[key] { mismatches += 1 }
                if expected[key] == nil { expected[key] = Int32(position) }
            }
            #expect(mismatches == 0)
            #expect(index.count == expected.count)
        }
    }

    /// Keys in one chain of slots that share the digest bits a slot keeps, or the whole digest
    /// and not the kind, are told apart by the keys themselves.
    @Test func keysThatShareTheirSlotAndItsDigestBitsAreKeptApart() {
        var index = IdentityIndex()
        let first = IdentityKey(kind: .citation, high: 0xABCD_EF01_0000_0001, low: 7)
        let sameTag = IdentityKey(kind: .citation, high: 0xABCD_EF01_0000_0002, low: 7)
        let otherKind = IdentityKey(kind: .task, high: 0xABCD_EF01_0000_0001, low: 7)
        let nextSlot = IdentityKey(kind: .citation, high: 0xABCD_EF01_0000_0001, low: 8)
        #expect(index.position(of: first, insertingIfAbsent: 10) == nil)
        #expect(index.position(of: sameTag, insertingIfAbsent: 11) == nil)
        #expect(index.position(of: otherKind, insertingIfAbsent: 12) == nil)
        #expect(index.position(of: nextSlot, insertingIfAbsent: 13) == nil)
        #expect(index.position(of: otherKind, insertingIfAbsent: 20) == 12)
        #expect(index.position(of: sameTag, insertingIfAbsent: 21) == 11)
        #expect(index.position(of: nextSlot, insertingIfAbsent: 22) == 13)
        #expect(index.position(of: first, insertingIfAbsent: 23) == 10)
        #expect(index.count == 4)
    }

    /// Room made in advance changes no answer, before or after keys were added.
    @Test func reservingRoomKeepsEveryKey() {
        var index = IdentityIndex()
        let keys = (0..<3_000).map { IdentityKey(kind: .citation, parts: "text \($0)") }
        for (position, key) in keys.prefix(1_000).enumerated() {
            #expect(index.position(of: key, insertingIfAbsent: Int32(position)) == nil)
        }
        index.reserveCapacity(100_000)
        for (position, key) in keys.enumerated() {
            let expected: Int32? = position < 1_000 ? Int32(position) : nil
            #expect(index.position(of: key, insertingIfAbsent: Int32(position)) == expected)
        }
        #expect(index.count == 3_000)
    }

    @Test func keysOfDifferentKindsForTheSameTextAreKeptApart() {
        var index = IdentityIndex()
        let citation = IdentityKey(kind: .citation, parts: "same")
        let bookmark = IdentityKey(kind: .bookmark, parts: "same")
        #expect(index.position(of: citation, insertingIfAbsent: 0) == nil)
        #expect(index.position(of: bookmark, insertingIfAbsent: 1) == nil)
        #expect(index.position(of: citation, insertingIfAbsent: 2) == 0)
        #expect(index.position(of: bookmark, insertingIfAbsent: 3) == 1)
    }
}
