public import CardportCore
public import CardportStore

/// Which cards an operation on the store applies to: the filters `list`, `search`, `export`,
/// `archive`, `unarchive` and `purge` share.
///
/// A condition on a field only one kind has selects that kind only: favourites, the archive, the
/// author and the source are citations' fields, a status and a due date are topics', done or open
/// are tasks'. Tags belong to citations and bookmarks. Archived citations are left out unless asked
/// for, as the app hides them. The operations hand it to the store as its
/// ``CardportStore/StoreFilter`` (``storeFilter``), once per command.
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
        /// Both (`--include-archived`).
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
    /// Only cards with these tags (compared folded, as tags are merged): all of them, or any with ``anyTag``.
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

    /// The store's filter that selects the same cards.
    public var storeFilter: StoreFilter {
        var filter = StoreFilter(kinds: kinds, tags: tags, anyTag: anyTag, favouritesOnly: favouritesOnly,
                                 archived: archived.store, author: author, source: source, status: status,
                                 dueBefore: dueBefore, taskState: taskState?.store, ids: ids)
        filter.unfinishedTopicsOnly = unfinishedTopicsOnly
        return filter
    }
}

extension CardFilter.Archived {
    /// The store's spelling of the same choice.
    var store: StoreFilter.Archived {
        switch self {
        case .exclude: return .exclude
        case .only: return .only
        case .include: return .include
        }
    }
}

extension CardFilter.TaskState {
    /// The store's spelling of the same choice.
    var store: StoreFilter.TaskState {
        switch self {
        case .done: return .done
        case .open: return .open
        }
    }
}
