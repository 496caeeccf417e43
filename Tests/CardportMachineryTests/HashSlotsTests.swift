import CardportMachinery
import Testing

@Suite struct HashSlotsTests {
    /// A table of words on slots, with digests chosen by the test.
    private struct Words {
        var slots = HashSlots(capacity: 4)
        var words: [String] = []
        var digests: [UInt64] = []

        /// The entry of `word`, added when it is missing; whether it was added.
        mutating func entry(_ word: String, digest: UInt64) -> (entry: Int, added: Bool) {
            switch slots.find(digest, where: { words[$0] == word }) {
            case .found(let entry):
                return (entry, false)
            case .missing(let place):
                words.append(word)
                digests.append(digest)
                let digests = self.digests
                return (slots.add(at: place) { digests[$0] }, true)
            }
        }

        func find(_ word: String, digest: UInt64) -> Int? {
            if case .found(let entry) = slots.find(digest, where: { words[$0] == word }) { return entry }
            return nil
        }
    }

    @Test func numbersEntriesInTheOrderTheyCame() {
        var table = Words()
        #expect(table.entry("tag", digest: 11).entry == 0)
        #expect(table.entry("note", digest: 22).entry == 1)
        #expect(table.entry("tag", digest: 11) == (0, false))
        #expect(table.slots.count == 2)
    }

    @Test func keysThatShareADigestAreToldApartByTheCaller() {
        var table = Words()
        // The same digest, so the same slot and the same bits: only the comparison separates them.
        #expect(table.entry("Dune", digest: 0xABCD_0000_0000_0007).added)
        #expect(table.entry("Emma", digest: 0xABCD_0000_0000_0007).added)
        #expect(table.find("Dune", digest: 0xABCD_0000_0000_0007) == 0)
        #expect(table.find("Emma", digest: 0xABCD_0000_0000_0007) == 1)
        #expect(table.find("Ulysses", digest: 0xABCD_0000_0000_0007) == nil)
    }

    @Test func aSlotWhoseDigestBitsDifferIsNotAskedAbout() {
        var table = Words()
        _ = table.entry("Dune", digest: 0x1111_0000_0000_0005)
        var asked = 0
        // Same slot (low bits), other high bits: the caller's comparison is never called.
        let found = table.slots.find(0x2222_0000_0000_0005) { _ in asked += 1; return true }
        if case .found = found { Issue.record("found an entry whose digest bits differ") }
        #expect(asked == 0)
    }

    @Test func keepsEveryEntryWhileItGrowsAndAfterReserving() {
        var table = Words()
        for i in 0..<10_000 { _ = table.entry("word \(i)", digest: UInt64(i &* 0x9E37_79B9) << 13 ^ UInt64(i)) }
        table.slots.reserveCapacity(50_000) { [digests = table.digests] in digests[$0] }
        for i in stride(from: 0, to: 10_000, by: 3) {
            #expect(table.find("word \(i)", digest: UInt64(i &* 0x9E37_79B9) << 13 ^ UInt64(i)) == i)
        }
        #expect(table.find("word 10000", digest: 10_000) == nil)
        #expect(table.slots.count == 10_000)
    }
}
