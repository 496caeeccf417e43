@testable import CardportStore
import Testing

@Suite struct TagNameIndexTests {
    @Test func findsEveryNameItWasGivenAcrossGrowthAndNoOther() {
        var index = TagNameIndex()
        let names = (0..<300).map { "tag \($0)" } + ["", "a", "quote of the day", "Ünïcödé"]
        for (pk, name) in names.enumerated() {
            #expect(index.pk(name) == nil)
            index.add(name, pk: Int64(pk))
        }
        for (pk, name) in names.enumerated() { #expect(index.pk(name) == Int64(pk)) }
        #expect(index.pk("tag 300") == nil)
        #expect(index.pk("Tag 1") == nil)
    }

    @Test func namesAreTheirBytesNotTheirCanonicalForm() {
        var index = TagNameIndex()
        index.add("caf\u{E9}", pk: 1)
        // The same text decomposed: equal as Swift strings, other bytes, so another entry.
        #expect("cafe\u{301}" == "caf\u{E9}")
        #expect(index.pk("cafe\u{301}") == nil)
        index.add("cafe\u{301}", pk: 1)
        #expect(index.pk("cafe\u{301}") == 1)
    }
}
