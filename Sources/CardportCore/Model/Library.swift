/// A whole collection of cards: what a backup holds and what a store exports.
///
/// Records keep the order they were added in within each kind.
///
/// ```swift
/// var library = Library()
/// library.append(.citation(Citation(text: "Carpe diem.", author: "Horace")))
/// library.count(of: .citation)   // 1
/// ```
public struct Library: Sendable, Hashable, Codable {
    /// The app's settings, when the collection carries them.
    public var settings: Settings?
    /// Tags with their colours.
    public var tags: [Tag]
    /// Quotes and highlights.
    public var citations: [Citation]
    /// Saved links and texts.
    public var bookmarks: [Bookmark]
    /// The planner's tasks.
    public var tasks: [TaskItem]
    /// The planner's study topics.
    public var topics: [Topic]

    /// A library of these records.
    public init(settings: Settings? = nil, tags: [Tag] = [], citations: [Citation] = [],
                bookmarks: [Bookmark] = [], tasks: [TaskItem] = [], topics: [Topic] = []) {
        self.settings = settings
        self.tags = tags
        self.citations = citations
        self.bookmarks = bookmarks
        self.tasks = tasks
        self.topics = topics
    }

    /// Collects records of any kinds; a later settings record replaces an earlier one.
    public init(_ records: some Sequence<Record>) {
        self.init()
        for record in records { append(record) }
    }

    /// Adds a record to its kind's list (settings replace the settings).
    public mutating func append(_ record: Record) {
        switch record {
        case .settings(let settings): self.settings = settings
        case .tag(let tag): tags.append(tag)
        case .citation(let citation): citations.append(citation)
        case .bookmark(let bookmark): bookmarks.append(bookmark)
        case .task(let task): tasks.append(task)
        case .topic(let topic): topics.append(topic)
        }
    }

    /// Every record, kind by kind in ``RecordKind`` order.
    public var records: [Record] {
        var all: [Record] = []
        all.reserveCapacity(count)
        if let settings { all.append(.settings(settings)) }
        all += tags.map(Record.tag)
        all += citations.map(Record.citation)
        all += bookmarks.map(Record.bookmark)
        all += tasks.map(Record.task)
        all += topics.map(Record.topic)
        return all
    }

    /// The number of records of one kind.
    public func count(of kind: RecordKind) -> Int {
        switch kind {
        case .settings: return settings == nil ? 0 : 1
        case .tag: return tags.count
        case .citation: return citations.count
        case .bookmark: return bookmarks.count
        case .task: return tasks.count
        case .topic: return topics.count
        }
    }

    /// The number of records of all kinds.
    public var count: Int { RecordKind.allCases.reduce(0) { $0 + count(of: $1) } }

    /// Whether the library holds no records.
    public var isEmpty: Bool { count == 0 }
}
