public import CardportCore
public import CardportStore

/// Deletes archived citations for good, named by id prefix or selected by filters.
///
/// Only archived citations are ever deleted. A dry run counts what would go and changes nothing.
///
/// ```swift
/// let count = try Purging(opening: StoreFile(path: "cards.sqlite")).run(filter: CardFilter(archived: .only), dryRun: true)
/// ```
public struct Purging: Sendable {
    /// The store to change.
    public let store: Store

    /// Creates a purge of `store`.
    public init(store: Store) {
        self.store = store
    }

    /// Opens the store in `file` to change many cards (``StoreFile/Access/writing``).
    public init(opening file: StoreFile) throws(CardportError) {
        self.init(store: try file.open(.writing))
    }

    /// Deletes the archived citations `filter` selects (or, with `dryRun`, only counts them); returns how many.
    public func run(filter: CardFilter, dryRun: Bool) throws(CardportError) -> Int {
        let resolved = try Archiving.resolvingIDs(filter, in: store)
        if !dryRun { try store.checkPages() }
        return try store.write(commit: !dryRun) { (transaction) in try transaction.purgeArchived(resolved) }
    }
}
