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

    /// A citation's text; `nil` for the other kinds. Reading it copies only the text, where
    /// binding the whole citation copies every field: a retain of each string, whose memory the
    /// thread reading it may not have touched yet (records are made on the reading thread).
    package var citationText: String? {
        if case .citation(let citation) = self { return citation.text }
        return nil
    }

    /// A citation's text, author and source, what its identity and near-duplicate group come
    /// from; `nil` for the other kinds. Copies only those three (see ``citationText``).
    package var citationIdentityFields: (text: String, author: String?, source: String?)? {
        if case .citation(let citation) = self { return (citation.text, citation.author, citation.source) }
        return nil
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
