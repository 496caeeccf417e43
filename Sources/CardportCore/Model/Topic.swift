/// A study topic: what to learn by when, with notes, links and questions to answer.
public struct Topic: Sendable, Hashable, Codable {
    /// Where the topic stands.
    public enum Status: String, Sendable, Hashable, CaseIterable, Codable {
        case unstarted, onHold, inProgress, done
    }

    /// The topic's id: kept from the source, else derived from the title (``RecordID/topic(title:)``).
    public var id: String
    public var title: String
    /// When the topic is due; `nil` when the source gave no date (the planner always sets one).
    public var dueDate: Timestamp?
    public var status: Status
    /// Free-form notes, line breaks kept.
    public var notes: String?
    /// URLs (or any link text) that belong to the topic, in order.
    public var links: [String]
    public var questions: [Question]
    public var createdAt: Timestamp?
    public var updatedAt: Timestamp?
    /// Fields a format carries that the model has no place for.
    public var extras: [String: String]

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
    public var text: String
    public var answer: String?
    public var isDone: Bool

    public init(text: String, answer: String? = nil, isDone: Bool = false) {
        self.text = text
        self.answer = answer.nonEmpty
        self.isDone = isDone
    }
}
