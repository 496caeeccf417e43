public import CardportCore

/// What a store holds and where it came from, as `cardport stats` prints it.
public struct StoreStatistics: Sendable, Hashable, Encodable {
    /// One import and how many of the cards it added the store still holds.
    public struct Source: Sendable, Hashable, Encodable {
        /// The import.
        public var provenance: Provenance
        /// Cards that import added and the store still holds; `nil` when the store's cards are not
        /// traced to their imports (cards restored from a backup, which lists imports but not which
        /// card came from which).
        public var cardsHeld: Int?
    }

    /// An input that imports keep the store in step with (Merging.md, "Origins"), as `import` named it.
    public struct SyncedSource: Sendable, Hashable, Encodable {
        /// The source's key: its format and path (`kindle:/home/me/My Clippings.txt`).
        public var key: String
        /// The format it was read as.
        public var format: String
        /// How many of its items (highlights, records) the store knows the card of.
        public var items: Int
        /// When it was last imported, if the import is still listed.
        public var lastImported: Timestamp?
    }

    /// Citations, archived ones included.
    public var citations = 0
    /// Favourite citations.
    public var favourites = 0
    /// Archived citations.
    public var archived = 0
    /// Bookmarks.
    public var bookmarks = 0
    /// Tasks.
    public var tasks = 0
    /// Topics.
    public var topics = 0
    /// Tags.
    public var tags = 0
    /// Whether the store holds settings.
    public var hasSettings = false
    /// Every import, oldest first.
    public var sources: [Source] = []
    /// Every input a later import of which is a sync, in the order each was first imported.
    public var syncedSources: [SyncedSource] = []

    /// No cards.
    public init() {}
}
