public import CardportCore

/// The fields every card kind shows in a listing, under one name whatever the kind calls them.
///
/// A citation's text, a bookmark's name (or its URL), a task's description and a topic's title are
/// all its ``title``; ``detail`` is who or what it is about (a citation's author, a bookmark's
/// URL, a task's progress,, a topic's status and due date).
public struct CardFields: Sendable, Hashable {
    /// The card's kind.
    public var kind: RecordKind
    /// The card's id.
    public var id: String
    /// Its text, name, description or title.
    public var title: String
    /// A citation's author.
    public var author: String?
    /// The second column of a listing (see the type's discussion).
    public var detail: String
    /// Its tags (citations and bookmarks).
    public var tags: [String]
    /// Whether it is a favourite citation.
    public var isFavourite: Bool
    /// Whether it is an archived citation.
    public var isArchived: Bool
    /// When it was created.
    public var createdAt: Timestamp?
    /// When it was last changed.
    public var updatedAt: Timestamp?
    /// When a topic is due.
    public var dueDate: Timestamp?

    /// The listing fields of `record` (a card; tags and settings give empty fields).
    public init(_ record: CardportCore.Record) {
        kind = record.kind
        id = record.id
        title = ""
        detail = ""
        tags = []
        isFavourite = false
        isArchived = false
        switch record {
        case .citation(let c):
            title = c.text
            author = c.author
            detail = c.author ?? ""
            tags = c.tags
            isFavourite = c.isFavourite
            isArchived = c.isArchived
            createdAt = c.createdAt
            updatedAt = c.updatedAt
        case .bookmark(let b):
            title = b.name ?? b.text
            detail = b.name == nil ? "" : b.text
            tags = b.tags
            createdAt = b.createdAt
            updatedAt = b.updatedAt
        case .task(let t):
            title = t.description
            detail = t.progress.description
            createdAt = t.createdAt
            updatedAt = t.updatedAt
        case .topic(let t):
            title = t.title
            detail = t.status.rawValue + (t.dueDate.map { ", due \($0.iso8601)" } ?? "")
            createdAt = t.createdAt
            updatedAt = t.updatedAt
            dueDate = t.dueDate
        case .tag(let tag):
            title = tag.name
        case .settings:
            break
        }
    }
}
