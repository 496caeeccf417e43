public import CardportCore
public import CardportStore

/// Archives or unarchives citations, named by id prefix or selected by filters, in one transaction.
///
/// Every id is resolved first (an unknown or ambiguous prefix is an error listing the candidates),
/// and the store's pages are checked before anything is written.
///
/// ```swift
/// let count = try Archiving(opening: StoreFile(path: "cards.sqlite")).run(archive: true, filter: CardFilter(ids: ["1174c3"]))
/// ```
public struct Archiving: Sendable {
    /// The store to change.
    public let store: Store

    /// Creates an archiving of cards in `store`.
    public init(store: Store) {
        self.store = store
    }

    /// Opens the store in `file` to change many cards (``StoreFile/Access/writing``).
    public init(opening file: StoreFile) throws(CardportError) {
        self.init(store: try file.open(.writing))
    }

    /// Archives (or, with `archive` false, unarchives) what `filter` selects; returns how many changed.
    public func run(archive: Bool, filter: CardFilter) throws(CardportError) -> Int {
        let resolved = try Archiving.resolvingIDs(filter, in: store)
        try store.checkPages()
        return try store.write { (transaction) in try transaction.setArchived(archive, resolved) }
    }

    /// `filter` with its id prefixes replaced by the whole ids of the cards they name.
    static func resolvingIDs(_ filter: CardFilter, in store: Store) throws(CardportError) -> CardFilter {
        guard !filter.ids.isEmpty else { return filter }
        var resolved = filter
        resolved.ids = try store.read { (reader) in try reader.resolve(filter.ids) }.map(\.id)
        return resolved
    }
}
