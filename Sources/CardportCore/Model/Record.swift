/// One card of any kind: the unit that readers produce and writers consume.
public enum Record: Sendable, Hashable, Codable {
    case settings(Settings)
    case tag(Tag)
    case citation(Citation)
    case bookmark(Bookmark)
    case task(TaskItem)
    case topic(Topic)

    /// The record's kind.
    public var kind: RecordKind {
        switch self {
        case .settings: return .settings
        case .tag: return .tag
        case .citation: return .citation
        case .bookmark: return .bookmark
        case .task: return .task
        case .topic: return .topic
        }
    }

    /// The record's id; tags are identified by name and the settings by the fixed id `settings`.
    public var id: String {
        switch self {
        case .settings: return "settings"
        case .tag(let tag): return tag.name
        case .citation(let citation): return citation.id
        case .bookmark(let bookmark): return bookmark.id
        case .task(let task): return task.id
        case .topic(let topic): return topic.id
        }
    }
}
