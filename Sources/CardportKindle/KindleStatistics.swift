/// What an import of a clippings file did, entry by entry, for the report and `cardport inspect`.
public struct KindleStatistics: Sendable, Hashable {
    /// Entries read, by kind.
    public var entries: [KindleClipping.Kind: Int] = [:]
    /// Distinct books (title and author).
    public var books = 0
    /// Earlier versions of highlights that a later edit (the highlight extended, shrunk or
    /// otherwise changed) replaced.
    public var replacedVersions = 0
    /// Highlights replaced by an exact repeat of their text.
    public var replacedRepeats = 0
    /// Notes attached to their highlight.
    public var notesAttached = 0
    /// Notes with no highlight to attach to, kept as citations of their own.
    public var notesAlone = 0
    /// Bookmarks, which hold no text.
    public var skippedBookmarks = 0
    /// Highlights and notes with no text.
    public var skippedEmpty = 0
    /// Entries whose metadata line the reader could not fully understand, kept as citations of their own.
    public var unreadKept = 0
    /// Highlights the publisher's clipping limit cut short.
    public var truncated = 0

    public init() {}
}
