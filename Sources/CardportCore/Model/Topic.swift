/// A study topic: what to learn by when, with notes, links and questions to answer.
public struct Topic: Sendable, Hashable, Codable {
    /// Where the topic stands.
    public enum Status: String, Sendable, Hashable, CaseIterable, Codable {
        case unstarted, onHold, inProgress, done
    }

    /// The topic's id: kept from the source, else derived from the title (``RecordID/topic(title:)``).
    public var id: String
    /// What the topic is about.
    public var title: String
    /// When the topic is due; `nil` when the source gave no date (the planner always sets one).
    public var dueDate: Timestamp?
    /// Where the topic stands.
    public var status: Status
    /// Free-form notes, line breaks kept.
    public var notes: String?
    /// URLs (or any link text) that belong to the topic, in order.
    public var links: [String]
    /// Questions to answer while studying, in order.
    public var questions: [Question]
    /// When the topic was made, if known.
    public var createdAt: Timestamp?
    /// When it last changed, if known.
    public var updatedAt: Timestamp?
    /// Fields a format carries that the model has no place for.
    public var extras: [String: String]

    /// Creates a topic; without an `id`, one is derived from `title`.
    public init(id: String? = nil, title: String, dueDate: Timestamp? = nil, status: Status = .unstarted,
                notes: String? = nil, links: [String] = [], questions: [Question] = [],
                createdAt: Timestamp? = nil, updatedAt: Timestamp? = nil, extras: [String: String] = [:]) {
        self.id = id.nonEmpty ?? RecordID.topic(title: title)
        self.title = title
        self.dueDate = dueDate
        self.status = status
        self.notes = notes.nonEmpty
        self.links = links
        self.questions = questions
        self.createdAt = createdAt
        self.updatedAt = updatedAt
        self.extras = extras
    }
}

/// A question to answer while studying a ``Topic``.
public struct Question: Sendable, Hashable, Codable {
    /// The question.
    public var text: String
    /// The answer found, if any.
    public var answer: String?
    /// Whether the question is dealt with.
    public var isDone: Bool

    /// Creates a question; an empty answer is no answer.
    public init(text: String, answer: String? = nil, isDone: Bool = false) {
        self.text = text
        self.answer = answer.nonEmpty
        self.isDone = isDone
    }
}
