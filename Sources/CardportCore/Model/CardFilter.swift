/// Which cards an operation on the store applies to: the filters `list`, `search`, `export`,
/// `archive`, `unarchive` and `purge` share.
///
/// A condition on a field only one kind has selects that kind only: favourites, the archive, the
/// author and the source are citations' fields, a status and a due date are topics', done or open
/// are tasks'. Tags belong to citations and bookmarks. Archived citations are left out unless asked
/// for, as the app hides them.
///
/// ```swift
/// var filter = CardFilter()
/// filter.favouritesOnly = true
/// filter.tags = ["stoic", "ethics"]   // favourite citations tagged both "stoic" and "ethics"
/// ```
public struct CardFilter: Sendable, Hashable {
    /// Which archived citations a selection includes.
    public enum Archived: Sendable, Hashable {
        /// Only citations that are not archived (the default, as the app shows them).
        case exclude
        /// Only archived citations (`--archived`).
        case only
        /// Both (`--include-archived`; backups).
        case include
    }

    /// Which tasks a selection includes, by their progress.
    public enum TaskState: Sendable, Hashable {
        /// Tasks at 100 % (`--done`).
        case done
        /// Tasks below 100 % (`--open`).
        case open
    }

    /// The kinds to select; `nil` selects every kind.
    public var kinds: Set<RecordKind>?
    /// Only cards with these tags (compared normalised, as tags are merged): all of them, or any with ``anyTag``.
    public var tags: [String]
    /// Whether a card needs only one of ``tags`` rather than all.
    public var anyTag: Bool
    /// Only favourite citations.
    public var favouritesOnly: Bool
    /// Which archived citations to include.
    public var archived: Archived
    /// Only citations one of whose authors has all these words (case, accents and order do not matter).
    public var author: String?
    /// Only citations whose source (the book) has all these words.
    public var source: String?
    /// Only topics with this status.
    public var status: Topic.Status?
    /// Only topics due before this moment.
    public var dueBefore: Timestamp?
    /// Only topics not done (with ``dueBefore``, the overdue ones).
    public var unfinishedTopicsOnly: Bool
    /// Only tasks done, or only tasks open.
    public var taskState: TaskState?
    /// Only the cards with these ids, or unique prefixes of them; empty selects by the other fields alone.
    public var ids: [String]

    /// A filter that selects every card that is not archived, narrowed by what is given.
    public init(kinds: Set<RecordKind>? = nil, tags: [String] = [], anyTag: Bool = false, favouritesOnly: Bool = false,
                archived: Archived = .exclude, author: String? = nil, source: String? = nil, status: Topic.Status? = nil,
                dueBefore: Timestamp? = nil, unfinishedTopicsOnly: Bool = false, taskState: TaskState? = nil,
                ids: [String] = []) {
        self.kinds = kinds
        self.tags = tags
        self.anyTag = anyTag
        self.favouritesOnly = favouritesOnly
        self.archived = archived
        self.author = author
        self.source = source
        self.status = status
        self.dueBefore = dueBefore
        self.unfinishedTopicsOnly = unfinishedTopicsOnly
        self.taskState = taskState
        self.ids = ids
    }

    /// A filter that selects everything, archived citations included (what a backup holds).
    public static let everything = CardFilter(archived: .include)

    /// Whether only citations can match (a favourite, archive, author or source condition is set).
    public var citationsOnly: Bool { favouritesOnly || archived == .only || author != nil || source != nil }

    /// Whether only topics can match (a status or due date condition is set).
    public var topicsOnly: Bool { status != nil || dueBefore != nil || unfinishedTopicsOnly }

    /// Whether the filter lets cards of `kind` through at all.
    public func selects(_ kind: RecordKind) -> Bool {
        if let kinds, !kinds.contains(kind) { return false }
        if citationsOnly && kind != .citation { return false }
        if topicsOnly && kind != .topic { return false }
        if taskState != nil && kind != .task { return false }
        if !tags.isEmpty && kind != .citation && kind != .bookmark { return false }
        return true
    }

    /// Whether a filter on anything but the kind is set (which leaves tags and settings out of a selection).
    public var narrowsCards: Bool {
        !tags.isEmpty || !ids.isEmpty || citationsOnly || topicsOnly || taskState != nil
    }
}
