import CardportMachinery
import Testing

@Suite struct ByteKeysTests {
    /// Adds `key` where it is missing and gives its number, or gives the number it has.
    private func number(_ keys: inout ByteKeys, _ key: String) -> Int {
        Array(key.utf8).withUnsafeBytes { bytes in
            switch keys.find(bytes) {
            case .found(let index): return index
            case .missing(let place): return keys.add(bytes, at: place)
            }
        }
    }

    @Test func numbersKeysInTheOrderTheyWereAdded() {
        var keys = ByteKeys()
        #expect(number(&keys, "Meditations (Marcus Aurelius)") == 0)
        #expect(number(&keys, "Dune (Frank Herbert)") == 1)
        #expect(number(&keys, "") == 2)
        #expect(number(&keys, "Meditations (Marcus Aurelius)") == 0)
        #expect(keys.count == 3)
        #expect(keys.withKey(at: 1) { Array($0) } == Array("Dune (Frank Herbert)".utf8))
    }

    @Test func keepsEveryNumberWhileItGrows() {
        var keys = ByteKeys()
        for i in 0..<5_000 { #expect(number(&keys, "Book \(i)") == i) }
        for i in stride(from: 0, to: 5_000, by: 13) { #expect(number(&keys, "Book \(i)") == i) }
        #expect(keys.count == 5_000)
    }
}
