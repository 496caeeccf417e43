public import CardportCore
public import CardportStore
import Foundation

/// Finds the cards a filter selects, sorted, each with its short id: what `cardport list` shows.
///
/// ```swift
/// let entries = try Listing(opening: StoreFile(path: "cards.sqlite")).run(filter: CardFilter(tags: ["stoicism"]), sort: .updated)
/// entries.first?.shortID   // "39955c"
/// ```
public struct Listing: Sendable {
    /// The orders a listing can be in.
    public enum Sort: String, Sendable, Hashable, CaseIterable {
        /// The order the cards were added in (the default).
        case added
        /// Most recently updated first; cards never updated last.
        case updated
        /// Most recently created first; cards without a date last.
        case created
        /// By author (citations), A to Z without regard to case or accents; cards without one last.
        case author
        /// Soonest due first (topics); cards without a due date last.
        case due
    }

    /// One card found, with the short id that names it in this store.
    public struct Entry: Sendable, Hashable {
        /// The card.
        public var record: CardportCore.Record
        /// The shortest unique prefix of its id, at least six characters.
        public var shortID: String
    }

    /// The store cards come from.
    public let store: Store

    /// Creates a listing of `store`.
    public init(store: Store) {
        self.store = store
    }

    /// Opens the store in `file` to read it (``StoreFile/Access/reading``).
    public init(opening file: StoreFile) throws(CardportError) {
        self.init(store: try file.open(.reading))
    }

    /// The cards (never tags or settings) `filter` selects, in `sort` order; without `shortIDs`
    /// (for output that shows whole ids) each entry's ``Entry/shortID`` is its whole id.
    public func run(filter: CardFilter, sort: Sort = .added, shortIDs: Bool = true) throws(CardportError) -> [Entry] {
        var cards = filter
        cards.kinds = (filter.kinds ?? Set(RecordKind.allCases)).subtracting([.tag, .settings])
        var records: [CardportCore.Record] = []
        let short = try store.read { (reader) in
            try reader.forEach(cards) { (record) in records.append(record) }
            return shortIDs ? try reader.shortIDs(records.map(\.id)) : [:]
        }
        let sorted = Listing.sorted(records, by: sort)
        return sorted.map { Entry(record: $0, shortID: short[$0.id] ?? $0.id) }
    }

    /// Calls `body` with each card (never tags or settings) `filter` selects, in the order the cards
    /// were added, as the store reads them: for output that needs neither another order nor short
    /// ids, so that no list of the cards is held in memory before the first is printed.
    public func forEach(filter: CardFilter, _ body: (CardportCore.Record) throws(CardportError) -> Void) throws(CardportError) {
        var cards = filter
        cards.kinds = (filter.kinds ?? Set(RecordKind.allCases)).subtracting([.tag, .settings])
        try store.read { (reader) in try reader.forEach(cards, body) }
    }

    /// `records` in `sort` order; ties keep the order the cards were added in.
    static func sorted(_ records: [CardportCore.Record], by sort: Sort) -> [CardportCore.Record] {
        switch sort {
        case .added:
            return records
        case .updated:
            return stable(records) { key in key.updatedAt.map { -$0.date.timeIntervalSince1970 } }
        case .created:
            return stable(records) { key in key.createdAt.map { -$0.date.timeIntervalSince1970 } }
        case .due:
            return stable(records) { key in key.dueDate.map { $0.date.timeIntervalSince1970 } }
        case .author:
            let keyed = records.enumerated().map { (offset, record) -> (String?, Int, CardportCore.Record) in
                (CardFields(record).author.map { WordQuery.words($0).joined(separator: " ") }, offset, record)
            }
            return keyed.sorted { a, b in
                switch (a.0, b.0) {
                case let (x?, y?): return x == y ? a.1 < b.1 : x < y
                case (nil, nil): return a.1 < b.1
                case (_?, nil): return true
                case (nil, _?): return false
                }
            }.map(\.2)
        }
    }

    /// `records` ordered by a number ascending, cards without one last, ties in their order.
    private static func stable(_ records: [CardportCore.Record],
                               _ number: (CardFields) -> Double?) -> [CardportCore.Record] {
        let keyed = records.enumerated().map { ($0.offset, number(CardFields($0.element)), $0.element) }
        return keyed.sorted { a, b in
            switch (a.1, b.1) {
            case let (x?, y?): return x == y ? a.0 < b.0 : x < y
            case (nil, nil): return a.0 < b.0
            case (_?, nil): return true
            case (nil, _?): return false
            }
        }.map(\.2)
    }
}
