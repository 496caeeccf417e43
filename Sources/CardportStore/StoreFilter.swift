public import CardportCore

/// Which cards an export, archive or purge applies to.
///
/// Kinds other than citations have no favourite, archived flag or author, so a filter on those
/// selects citations only. Archived citations are left out unless asked for, as the app hides them.
///
/// ```swift
/// var filter = StoreFilter()
/// filter.favouritesOnly = true
/// filter.tag = "stoic"     // favourite citations tagged "stoic"
/// ```
public struct StoreFilter: Sendable, Hashable {
    /// Which archived citations a selection includes.
    public enum Archived: Sendable, Hashable {
        /// Only citations that are not archived (the default, as the app shows them).
        case exclude
        /// Only archived citations (`--archived`).
        case only
        /// Both (`--include-archived`; backups).
        case include
    }

    /// The kinds to select; `nil` selects every kind.
    public var kinds: Set<RecordKind>?
    /// Only cards with this tag (compared folded, as tags are merged).
    public var tag: String?
    /// Only favourite citations.
    public var favouritesOnly: Bool
    /// Which archived citations to include.
    public var archived: Archived
    /// Only citations by this author (compared folded).
    public var author: String?
    /// Only the cards with these ids; empty selects by the other fields alone.
    public var ids: [String]

    /// A filter that selects every card that is not archived.
    public init(kinds: Set<RecordKind>? = nil, tag: String? = nil, favouritesOnly: Bool = false,
                archived: Archived = .exclude, author: String? = nil, ids: [String] = []) {
        self.kinds = kinds
        self.tag = tag
        self.favouritesOnly = favouritesOnly
        self.archived = archived
        self.author = author
        self.ids = ids
    }

    /// A filter that selects everything, archived citations included (what a backup holds).
    public static let everything = StoreFilter(archived: .include)

    /// Whether only citations can match (a favourite, archive or author condition is set).
    var citationsOnly: Bool { favouritesOnly || archived == .only || author != nil }

    /// Whether the filter lets cards of `kind` through at all.
    func selects(_ kind: RecordKind) -> Bool {
        if let kinds, !kinds.contains(kind) { return false }
        if citationsOnly && kind != .citation { return false }
        if tag != nil && kind != .citation && kind != .bookmark { return false }
        return true
    }
}
