/// Where a store's cards came from, item by item, as a backup carries it: the sources imported and,
/// for each card, the item of each source it came from with the version that source last gave.
///
/// A re-import finds a card by these origins and merges three ways against the version kept
/// (Merging.md, "Importing again"), so a store restored from a backup must have them back.
/// A card is named by its kind and its place among the document's cards of that kind (a backup
/// writes cards in the store's order); a source's last import by its place in the provenance list.
///
/// ```swift
/// var ledger = OriginLedger()
/// ledger.sources.append(.init(key: "kindle:/media/Kindle/documents/My Clippings.txt", format: "kindle", lastImport: 0))
/// ledger.entries.append(.init(source: 0, itemHigh: 1, itemLow: 2, kind: .citation, card: 0, digest: 42))
/// ```
public struct OriginLedger: Sendable, Hashable {
    /// A source a store has imported: a file by its format and canonical path.
    public struct Source: Sendable, Hashable {
        /// The source's name in the store (`FORMAT:PATH`).
        public var key: String
        /// The format it was read as.
        public var format: String
        /// The place of its latest import in the document's provenance list, when known.
        public var lastImport: Int?

        /// A source.
        public init(key: String, format: String, lastImport: Int? = nil) {
            self.key = key
            self.format = format
            self.lastImport = lastImport
        }
    }

    /// One card's origin in one source.
    public struct Entry: Sendable, Hashable {
        /// The place of the source in ``OriginLedger/sources``.
        public var source: Int
        /// The 128-bit hash of the item's identity in its source.
        public var itemHigh: UInt64
        public var itemLow: UInt64
        /// The card's kind.
        public var kind: RecordKind
        /// The card's place among the document's cards of its kind.
        public var card: Int
        /// The digest of the version the source last gave.
        public var digest: Int64
        /// That version, as the store keeps it; `nil` when it is the card as it is.
        public var base: String?
        /// A Kindle highlight's book hash and location, by which a later version of it is found.
        public var book: Int64?
        public var locationStart: Int?
        public var locationEnd: Int?

        /// An origin.
        public init(source: Int, itemHigh: UInt64, itemLow: UInt64, kind: RecordKind, card: Int, digest: Int64,
                    base: String? = nil, book: Int64? = nil, locationStart: Int? = nil, locationEnd: Int? = nil) {
            self.source = source
            self.itemHigh = itemHigh
            self.itemLow = itemLow
            self.kind = kind
            self.card = card
            self.digest = digest
            self.base = base
            self.book = book
            self.locationStart = locationStart
            self.locationEnd = locationEnd
        }
    }

    /// The sources, in the order the store registered them.
    public var sources: [Source]
    /// The origins: kind by kind, each kind's in the order the store recorded them.
    public var entries: [Entry]
    /// For each kind, the import that added each of the document's cards of that kind, by its
    /// place in the provenance list (`nil` for a card no import added: one restored or edited in).
    public var addedBy: [RecordKind: [Int?]]

    /// A ledger of these sources and origins.
    public init(sources: [Source] = [], entries: [Entry] = [], addedBy: [RecordKind: [Int?]] = [:]) {
        self.sources = sources
        self.entries = entries
        self.addedBy = addedBy
    }

    /// Whether the ledger holds no source, no origin and no card traced to an import.
    public var isEmpty: Bool { sources.isEmpty && entries.isEmpty && addedBy.values.allSatisfy { $0.allSatisfy { $0 == nil } } }
}
