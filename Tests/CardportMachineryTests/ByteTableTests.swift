import CardportMachinery
import Testing

@Suite struct ByteTableTests {
    private func find(_ table: ByteTable<Int>, _ key: String) -> Int? {
        Array(key.utf8).withUnsafeBytes { bytes in
            if case .found(let index) = table.find(bytes) { return table[index] }
            return nil
        }
    }

    private func add(_ table: inout ByteTable<Int>, _ key: String, _ value: Int) {
        Array(key.utf8).withUnsafeBytes { bytes in
            guard case .missing(let place) = table.find(bytes) else {
                Issue.record("'\(key)' was already in the table")
                return
            }
            table.add(bytes, value, at: place)
        }
    }

    @Test func findsWhatWasAddedAndNothingElse() {
        var table = ByteTable<Int>()
        add(&table, "Dune (Frank Herbert)", 1)
        add(&table, "Dune (Frank Herbert) ", 2)
        add(&table, "", 3)
        #expect(find(table, "Dune (Frank Herbert)") == 1)
        #expect(find(table, "Dune (Frank Herbert) ") == 2)
        #expect(find(table, "") == 3)
        #expect(find(table, "Dune (Frank Herbert") == nil)
        #expect(find(table, "dune (Frank Herbert)") == nil)
        #expect(table.count == 3)
    }

    @Test func keepsEveryKeyWhileItGrows() {
        var table = ByteTable<Int>()
        for i in 0..<5_000 { add(&table, "Book \(i) (Author \(i % 7))", i) }
        #expect(table.count == 5_000)
        for i in stride(from: 0, to: 5_000, by: 7) { #expect(find(table, "Book \(i) (Author \(i % 7))") == i) }
        #expect(find(table, "Book 5000 (Author 2)") == nil)
    }

    @Test func keysAreTheirBytesNotTheirCanonicalForm() {
        var table = ByteTable<Int>()
        add(&table, "caf\u{E9}", 1)
        // The same text decomposed: equal as Swift strings, other bytes, so another key.
        #expect("cafe\u{301}" == "caf\u{E9}")
        #expect(find(table, "cafe\u{301}") == nil)
        add(&table, "cafe\u{301}", 1)
        #expect(find(table, "cafe\u{301}") == 1)
        #expect(table.count == 2)
    }
}
