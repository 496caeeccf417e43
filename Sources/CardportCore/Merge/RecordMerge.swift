import CardportMachinery

/// The field rules for folding two copies of one card into one.
///
/// The existing copy is the one already in the collection (a store row, or a record from an earlier
/// input or earlier in the same input); the incoming copy is the one being merged in. The merged
/// record keeps the existing copy's id, so a store row keeps its identity. Then:
///
/// | field | rule |
/// |---|---|
/// | text, author, source, location, chapter, colour, position, source id, archived; bookmark name and text; task description and progress; topic title, due date, status; tag colour; settings | the winning copy's (``MergePolicy``); an empty field is filled from the other copy |
/// | tags, topic links, topic questions | united, existing order first; matched by normalised name, normalised URL, normalised question text |
/// | favourite | true if either copy is |
/// | `createdAt` | the earliest |
/// | `updatedAt` | the winning copy's, else the other's |
/// | notes, extras | joined: a value already contained in the other is not repeated; otherwise both are kept, existing first |
///
/// Every rule is idempotent (merging a record with itself gives it back) and keeps every piece of
/// content of both copies somewhere in the result.
public enum RecordMerge {
    /// Folds `incoming` into `existing`; both must be of the same kind (else `existing` is returned).
    public static func merge(_ existing: Record, _ incoming: Record, policy: MergePolicy) -> Record {
        switch (existing, incoming) {
        case (.citation(let e), .citation(let i)): return .citation(merge(e, i, policy: policy))
        case (.bookmark(let e), .bookmark(let i)): return .bookmark(merge(e, i, policy: policy))
        case (.task(let e), .task(let i)): return .task(merge(e, i, policy: policy))
        case (.topic(let e), .topic(let i)): return .topic(merge(e, i, policy: policy))
        case (.tag(let e), .tag(let i)): return .tag(merge(e, i, policy: policy))
        case (.settings(let e), .settings(let i)): return .settings(merge(e, i, policy: policy))
        default: return existing
        }
    }

    /// Folds two copies of a citation.
    public static func merge(_ existing: Citation, _ incoming: Citation, policy: MergePolicy) -> Citation {
        if existing == incoming { return existing }
        let incomingWins = policy.incomingWins(existing: existing.updatedAt, incoming: incoming.updatedAt)
        let (winner, loser) = incomingWins ? (incoming, existing) : (existing, incoming)
        var merged = existing
        merged.text = winner.text
        merged.author = winner.author ?? loser.author
        merged.source = winner.source ?? loser.source
        merged.tags = unitedTags(existing.tags, incoming.tags)
        merged.isFavourite = existing.isFavourite || incoming.isFavourite
        merged.isArchived = winner.isArchived
        merged.createdAt = earliest(existing.createdAt, incoming.createdAt)
        merged.updatedAt = winner.updatedAt ?? loser.updatedAt
        merged.note = joined(existing.note, incoming.note)
        merged.location = winner.location ?? loser.location
        merged.chapter = winner.chapter ?? loser.chapter
        merged.colour = winner.colour ?? loser.colour
        merged.position = winner.position ?? loser.position
        merged.sourceID = winner.sourceID ?? loser.sourceID
        merged.extras = joinedExtras(existing.extras, incoming.extras)
        return merged
    }

    /// Folds two copies of a bookmark.
    public static func merge(_ existing: Bookmark, _ incoming: Bookmark, policy: MergePolicy) -> Bookmark {
        if existing == incoming { return existing }
        let incomingWins = policy.incomingWins(existing: existing.updatedAt, incoming: incoming.updatedAt)
        let (winner, loser) = incomingWins ? (incoming, existing) : (existing, incoming)
        var merged = existing
        merged.name = winner.name ?? loser.name
        merged.text = winner.text
        merged.tags = unitedTags(existing.tags, incoming.tags)
        merged.createdAt = earliest(existing.createdAt, incoming.createdAt)
        merged.updatedAt = winner.updatedAt ?? loser.updatedAt
        merged.extras = joinedExtras(existing.extras, incoming.extras)
        return merged
    }

    /// Folds two copies of a task.
    public static func merge(_ existing: TaskItem, _ incoming: TaskItem, policy: MergePolicy) -> TaskItem {
        if existing == incoming { return existing }
        let incomingWins = policy.incomingWins(existing: existing.updatedAt, incoming: incoming.updatedAt)
        let (winner, loser) = incomingWins ? (incoming, existing) : (existing, incoming)
        var merged = existing
        merged.description = winner.description
        merged.progress = winner.progress
        merged.createdAt = earliest(existing.createdAt, incoming.createdAt)
        merged.updatedAt = winner.updatedAt ?? loser.updatedAt
        merged.extras = joinedExtras(existing.extras, incoming.extras)
        return merged
    }

    /// Folds two copies of a topic; their questions are matched by normalised text and merged too.
    public static func merge(_ existing: Topic, _ incoming: Topic, policy: MergePolicy) -> Topic {
        if existing == incoming { return existing }
        let incomingWins = policy.incomingWins(existing: existing.updatedAt, incoming: incoming.updatedAt)
        let (winner, loser) = incomingWins ? (incoming, existing) : (existing, incoming)
        var merged = existing
        merged.title = winner.title
        merged.dueDate = winner.dueDate ?? loser.dueDate
        merged.status = winner.status
        merged.notes = joined(existing.notes, incoming.notes)
        merged.links = united(existing.links, incoming.links, key: Bookmark.keyText)
        merged.questions = unitedQuestions(existing.questions, incoming.questions, incomingWins: incomingWins)
        merged.createdAt = earliest(existing.createdAt, incoming.createdAt)
        merged.updatedAt = winner.updatedAt ?? loser.updatedAt
        merged.extras = joinedExtras(existing.extras, incoming.extras)
        return merged
    }

    /// Folds two copies of a tag: the name stays the existing spelling, the colour follows the policy.
    public static func merge(_ existing: Tag, _ incoming: Tag, policy: MergePolicy) -> Tag {
        let incomingWins = policy.incomingWins(existing: nil, incoming: nil)
        let (winner, loser) = incomingWins ? (incoming, existing) : (existing, incoming)
        return Tag(name: existing.name, colour: winner.colour ?? loser.colour)
    }

    /// Folds two sets of settings: the winner's, with the widget tags of both.
    public static func merge(_ existing: Settings, _ incoming: Settings, policy: MergePolicy) -> Settings {
        let incomingWins = policy.incomingWins(existing: nil, incoming: nil)
        let (winner, loser) = incomingWins ? (incoming, existing) : (existing, incoming)
        var merged = winner
        merged.widgetTags = unitedTags(existing.widgetTags, incoming.widgetTags)
        merged.language = winner.language ?? loser.language
        return merged
    }

    // MARK: Field rules

    /// Tags of both, existing order first; a tag whose normalised name is already there is not repeated.
    static func unitedTags(_ existing: [String], _ incoming: [String]) -> [String] {
        united(existing, incoming, key: TextNormalisation.normalise)
    }

    static func united(_ existing: [String], _ incoming: [String], key: (String) -> String) -> [String] {
        if incoming.isEmpty || existing == incoming { return existing }
        if existing.isEmpty { return incoming }
        var seen = Set(existing.map(key))
        var result = existing
        for item in incoming where seen.insert(key(item)).inserted { result.append(item) }
        return result
    }

    static func unitedQuestions(_ existing: [Question], _ incoming: [Question], incomingWins: Bool) -> [Question] {
        if incoming.isEmpty || existing == incoming { return existing }
        var result = existing
        var positions: [String: Int] = [:]
        for (index, question) in existing.enumerated() where positions[question.normalisedText] == nil {
            positions[question.normalisedText] = index
        }
        for question in incoming {
            let key = question.normalisedText
            if let index = positions[key] {
                let old = result[index]
                let (winner, loser) = incomingWins ? (question, old) : (old, question)
                result[index] = Question(text: winner.text, answer: joined(winner.answer, loser.answer) ,
                                         isDone: winner.isDone)
            } else {
                positions[key] = result.count
                result.append(question)
            }
        }
        return result
    }

    static func earliest(_ a: Timestamp?, _ b: Timestamp?) -> Timestamp? {
        guard let a else { return b }
        guard let b else { return a }
        return b < a ? b : a
    }

    /// Both texts, unless one already contains the other.
    static func joined(_ existing: String?, _ incoming: String?) -> String? {
        guard let existing else { return incoming }
        guard let incoming, incoming != existing else { return existing }
        if existing.contains(incoming) { return existing }
        if incoming.contains(existing) { return incoming }
        return existing + "\n\n" + incoming
    }

    /// Every key of both; a key both have with different values keeps both values, one per line.
    static func joinedExtras(_ existing: [String: String], _ incoming: [String: String]) -> [String: String] {
        if incoming.isEmpty || existing == incoming { return existing }
        var merged = existing
        for (key, value) in incoming {
            guard let old = merged[key] else { merged[key] = value; continue }
            guard old != value else { continue }
            let lines = Set(old.split(separator: "\n", omittingEmptySubsequences: false))
            let missing = value.split(separator: "\n", omittingEmptySubsequences: false).filter { !lines.contains($0) }
            if !missing.isEmpty { merged[key] = old + "\n" + missing.joined(separator: "\n") }
        }
        return merged
    }
}
