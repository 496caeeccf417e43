public import CardportCore
public import CardportStore

/// Says what a store holds and where its cards came from: what `cardport stats` prints.
///
/// ```swift
/// let report = try Statistics(opening: StoreFile(path: "cards.sqlite")).run()
/// print(report.summary)   // "store: cards.sqlite\ncitations: 8 (2 favourite, 1 archived)\n…"
/// ```
public struct Statistics: Sendable {
    /// The store's counts, with the store they were read from.
    public struct Report: Sendable, Hashable, Encodable, OperationReport {
        /// The store's path, as it was named.
        public var store: String
        /// What the store holds: counts by kind, every import, the sources imports keep in step.
        public var statistics: StoreStatistics

        /// The report of `statistics`, read from the store at `store`.
        public init(store: String, statistics: StoreStatistics) {
            self.store = store
            self.statistics = statistics
        }

        /// The report for a person: counts by kind, one line per import, then one per synced source.
        public var summary: String { statistics.summary(store: store) }

        /// Encodes the statistics alone, as `--report json` prints them.
        public func encode(to encoder: any Encoder) throws {
            try statistics.encode(to: encoder)
        }
    }

    /// The store to read.
    public let store: Store

    /// Creates a reading of `store`'s statistics.
    public init(store: Store) {
        self.store = store
    }

    /// Opens the store in `file` to read it (``StoreFile/Access/reading``).
    public init(opening file: StoreFile) throws(CardportError) {
        self.init(store: try file.open(.reading))
    }

    /// The store's statistics, read in one transaction.
    public func run() throws(CardportError) -> Report {
        Report(store: store.path, statistics: try store.read { (reader) in try reader.statistics() })
    }
}
