@testable import CardportCore
import PropertyBased
import Testing

@Suite struct IdentityIndexTests {
    /// Whatever the order and the repeats, the index answers as a dictionary of first positions
    /// does, through every growth of the table.
    @Test func answersAsADictionaryOfFirstPositions() async {
        let picks = Generator<[Int], Shrink.None<[Int]>> { rng in
            let distinct = Int.random(in: 1...3_000, using: &rng)
            return (0..<Int.random(in: 0...6_000, using: &rng)).map { _ in Int.random(in: 0..<distinct, using: &rng) }
        }
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
