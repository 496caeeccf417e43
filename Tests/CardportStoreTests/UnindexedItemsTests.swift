@testable import CardportStore
import Testing

@Suite struct UnindexedItemsTests {
    private let a = ItemKey(high: 1, low: 2)
    private let b = ItemKey(high: 3, low: 4)

    @Test func anItemKeepsItsOriginsInTheOrderTheyCame() {
        var items = UnindexedItems()
        #expect(items.origins(of: a).isEmpty)
        items.add(7, for: a)
        items.add(3, for: a)
        items.add(9, for: a)
        items.add(5, for: b)
        #expect(items.origins(of: a) == [7, 3, 9])
        #expect(items.origins(of: b) == [5])
    }

    @Test func removingAnyOriginKeepsTheOthersInOrder() {
        for removed: Int64 in [7, 3, 9] {
            var items = UnindexedItems()
            for origin: Int64 in [7, 3, 9] { items.add(origin, for: a) }
            items.remove(removed, for: a)
            #expect(items.origins(of: a) == [7, 3, 9].filter { $0 != removed })
        }
        var items = UnindexedItems()
        items.add(7, for: a)
        items.remove(7, for: a)
        items.remove(8, for: b)
        #expect(items.origins(of: a).isEmpty && items.origins(of: b).isEmpty)
        items.add(4, for: a)
        #expect(items.origins(of: a) == [4])
    }
}
