public import CardportCore

/// The changes `cardport edit` makes to one card, field by field; a field left `nil` is kept.
///
/// A change to a field the card's kind does not have is an error that names the kind, never
/// dropped: a task has no author, a citation no due date.
///
/// ```swift
/// var edit = CardEdit()
/// edit.addTags = ["stoicism"]
/// edit.favourite = true
/// let changed = try edit.applied(to: record)
/// ```
public struct CardEdit: Sendable, Hashable {
    /// A citation's or bookmark's text, a task's description, a topic's title.
    public var text: String?
    /// A citation's note, a topic's notes (empty clears).
    public var note: String?
    /// A citation's author (empty clears).
    public var author: String?
    /// A citation's source (empty clears).
    public var source: String?
    /// Tags to add (citations and bookmarks).
    public var addTags: [String] = []
    /// Tags to remove (compared normalised).
    public var removeTags: [String] = []
    /// Mark or clear a citation's favourite.
    public var favourite: Bool?
    /// A topic's status.
    public var status: Topic.Status?
    /// A topic's due date; `.some(nil)` clears it.
    public var due: Timestamp??
    /// A task's progress.
    public var progress: TaskProgress?
    /// The topic question (1-based) that ``questionDone`` and ``answer`` change.
    public var question: Int?
    /// Tick or untick the question.
    public var questionDone: Bool?
    /// The question's answer (empty clears).
    public var answer: String?

    /// No change.
    public init() {}

    /// Whether the edit changes nothing.
    public var isEmpty: Bool { self == CardEdit() }

    /// `record` with the changes made; throws for a field its kind does not have.
    public func applied(to record: CardportCore.Record) throws(CardportError) -> CardportCore.Record {
        let kind = record.kind
        func refuse(_ field: String) -> CardportError {
            CardportError(.usage, "a \(kind.rawValue) has no \(field)", hint: "'cardport show ID' shows the card's fields")
        }
        func cleared(_ text: String) -> String? { text.isEmpty ? nil : text }
        switch record {
        case .citation(var c):
            if status != nil { throw refuse("status") }
            if due != nil { throw refuse("due date") }
            if progress != nil { throw refuse("progress") }
            if question != nil { throw refuse("questions") }
            if let text { c.text = text }
            if let note { c.note = cleared(note) }
            if let author { c.author = cleared(author) }
            if let source { c.source = cleared(source) }
            c.tags = retagged(c.tags)
            if let favourite { c.isFavourite = favourite }
            return .citation(c)
        case .bookmark(var b):
            if note != nil { throw refuse("note") }
            if author != nil { throw refuse("author") }
            if source != nil { throw refuse("source") }
            if favourite != nil { throw refuse("favourite") }
            if status != nil { throw refuse("status") }
            if due != nil { throw refuse("due date") }
            if progress != nil { throw refuse("progress") }
            if question != nil { throw refuse("questions") }
            if let text { b.text = text }
            b.tags = retagged(b.tags)
            return .bookmark(b)
        case .task(var t):
            if note != nil { throw refuse("note") }
            if author != nil { throw refuse("author") }
            if source != nil { throw refuse("source") }
            if !addTags.isEmpty || !removeTags.isEmpty { throw refuse("tags") }
            if favourite != nil { throw refuse("favourite") }
            if status != nil { throw refuse("status") }
            if due != nil { throw refuse("due date") }
            if question != nil { throw refuse("questions") }
            if let text { t.description = text }
            if let progress { t.progress = progress }
            return .task(t)
        case .topic(var t):
            if author != nil { throw refuse("author") }
            if source != nil { throw refuse("source") }
            if !addTags.isEmpty || !removeTags.isEmpty { throw refuse("tags") }
            if favourite != nil { throw refuse("favourite") }
            if progress != nil { throw refuse("progress") }
            if let text { t.title = text }
            if let note { t.notes = cleared(note) }
            if let status { t.status = status }
            if let due { t.dueDate = due }
            if let question {
                guard t.questions.indices.contains(question - 1) else {
                    throw CardportError(.usage, "the topic has \(t.questions.count) question\(t.questions.count == 1 ? "" : "s"), so there is no question \(question)",
                                        hint: "questions are numbered from 1, as 'cardport show' lists them")
                }
                if let questionDone { t.questions[question - 1].isDone = questionDone }
                if let answer { t.questions[question - 1].answer = cleared(answer) }
            } else if questionDone != nil || answer != nil {
                throw CardportError(.usage, "--done and --answer change a question: say which with --question N")
            }
            return .topic(t)
        case .tag, .settings:
            throw CardportError(.usage, "tags are changed with 'cardport tag', settings by importing them")
        }
    }

    /// `tags` without ``removeTags`` and with ``addTags`` it lacks, compared normalised as tags are merged.
    private func retagged(_ tags: [String]) -> [String] {
        let removed = Set(removeTags.map { Tag(name: $0).identityKey })
        var result = tags.filter { !removed.contains(Tag(name: $0).identityKey) }
        for tag in addTags where !result.contains(where: { Tag(name: $0).identityKey == Tag(name: tag).identityKey }) {
            result.append(tag)
        }
        return result
    }
}
