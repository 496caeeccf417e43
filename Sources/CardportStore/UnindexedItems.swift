/// The origins of each item a transaction adds while the origin table's item index is set aside
/// (a first import), by the item's hash.
///
/// Nearly every item has one origin, kept inline; the few with more (an item given twice) keep the
/// others in a second table. A list per item cost an allocation per origin and a fifth of a first
/// import's memory.
struct UnindexedItems {
    private var first: [ItemKey: Int64] = [:]
    private var more: [ItemKey: [Int64]] = [:]

    /// The origins of `item`, in the order they were added.
    func origins(of item: ItemKey) -> [Int64] {
        guard let origin = first[item] else { return [] }
        guard let others = more[item] else { return [origin] }
        return [origin] + others
    }

    mutating func add(_ origin: Int64, for item: ItemKey) {
        if first[item] == nil {
            first[item] = origin
        } else {
            more[item, default: []].append(origin)
        }
    }

    mutating func remove(_ origin: Int64, for item: ItemKey) {
        guard first[item] == origin else {
            more[item]?.removeAll { $0 == origin }
            if more[item]?.isEmpty == true { more[item] = nil }
            return
        }
        if var others = more[item], !others.isEmpty {
            first[item] = others.removeFirst()
            more[item] = others.isEmpty ? nil : others
        } else {
            first[item] = nil
        }
    }
}
