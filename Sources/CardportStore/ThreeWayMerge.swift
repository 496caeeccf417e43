import CardportMachinery
public import CardportCore

/// Merges what a source gives now into a card, knowing what that source gave last time (the base).
///
/// Field by field: a field the source left as it was in the base keeps the store's value (a store
/// edit is kept); a field only the source changed takes the source's value, an emptied one
/// included (a favourite cleared, a note removed); a field both changed, to different values, is a
/// conflict and goes by the ``MergePolicy``. Tags, topic links and extras merge by member: a tag the
/// source removed since the base is removed, one it added is added, and the store's own additions
/// stay. `createdAt` keeps the earliest and `updatedAt` the latest when both changed; neither is a
/// conflict. Merging the base itself changes nothing, and so does merging a card with itself.
///
/// ```swift
/// let result = ThreeWayMerge.merge(base: lastImport, store: card, incoming: fromFile, policy: .newest)
/// result.record        // the card to keep
/// result.conflicts     // ["text"] when both sides rewrote the text
/// ```
public struct ThreeWayMerge: Sendable {
    /// The merged card.
    public private(set) var record: CardportCore.Record
    /// Whether some field took the source's value.
    public private(set) var fromSource = false
    /// Whether some field kept a value the store changed since the base.
    public private(set) var keptStoreEdits = false
    /// The fields both sides changed, by the names Formats.md uses.
    public private(set) var conflicts: [String] = []
    /// In a conflict, whether the policy chose the source's values.
    public private(set) var incomingWon = false

    private init(record: CardportCore.Record) {
        self.record = record
    }

    /// Merges `incoming` into `store` against `base`; all three must be of one kind (else `store` wins).
    public static func merge(base: CardportCore.Record, store: CardportCore.Record, incoming: CardportCore.Record, policy: MergePolicy) -> ThreeWayMerge {
        var merge = ThreeWayMerge(record: store)
        if incoming == base || incoming == store { return merge.noted(store: store, base: base) }
        merge.record = merge.fold(base: base, store: store, incoming: incoming, policy: policy)
        return merge
    }

    private func noted(store: Record, base: Record) -> ThreeWayMerge {
        var copy = self
        copy.keptStoreEdits = store != base
        return copy
    }

    private mutating func fold(base: Record, store: Record, incoming: Record, policy: MergePolicy) -> Record {
        switch (base, store, incoming) {
        case (.citation(let b), .citation(let s), .citation(let i)):
            incomingWon = policy.incomingWins(existing: s.updatedAt, incoming: i.updatedAt)
            var m = s
            m.id = quiet(b.id, s.id, i.id)
            m.text = field("text", b.text, s.text, i.text)
            m.author = field("author", b.author, s.author, i.author)
            m.source = field("source", b.source, s.source, i.source)
            m.tags = members(b.tags, s.tags, i.tags, key: TextNormalisation.normalise)
            m.isFavourite = field("favourite", b.isFavourite, s.isFavourite, i.isFavourite)
            m.isArchived = field("archived", b.isArchived, s.isArchived, i.isArchived)
            m.note = field("note", b.note, s.note, i.note)
            m.location = field("location", b.location, s.location, i.location)
            m.chapter = field("chapter", b.chapter, s.chapter, i.chapter)
            m.colour = field("colour", b.colour, s.colour, i.colour)
            m.position = field("position", b.position, s.position, i.position)
            m.sourceID = field("source_id", b.sourceID, s.sourceID, i.sourceID)
            m.extras = extras(b.extras, s.extras, i.extras)
            m.createdAt = dates(b.createdAt, s.createdAt, i.createdAt, latest: false)
            m.updatedAt = dates(b.updatedAt, s.updatedAt, i.updatedAt, latest: true)
            return .citation(m)
        case (.bookmark(let b), .bookmark(let s), .bookmark(let i)):
            incomingWon = policy.incomingWins(existing: s.updatedAt, incoming: i.updatedAt)
            var m = s
            m.id = quiet(b.id, s.id, i.id)
            m.name = field("name", b.name, s.name, i.name)
            m.text = field("text", b.text, s.text, i.text)
            m.tags = members(b.tags, s.tags, i.tags, key: TextNormalisation.normalise)
            m.extras = extras(b.extras, s.extras, i.extras)
            m.createdAt = dates(b.createdAt, s.createdAt, i.createdAt, latest: false)
            m.updatedAt = dates(b.updatedAt, s.updatedAt, i.updatedAt, latest: true)
            return .bookmark(m)
        case (.task(let b), .task(let s), .task(let i)):
            incomingWon = policy.incomingWins(existing: s.updatedAt, incoming: i.updatedAt)
            var m = s
            m.id = quiet(b.id, s.id, i.id)
            m.description = field("description", b.description, s.description, i.description)
            m.progress = field("progress", b.progress, s.progress, i.progress)
            m.extras = extras(b.extras, s.extras, i.extras)
            m.createdAt = dates(b.createdAt, s.createdAt, i.createdAt, latest: false)
            m.updatedAt = dates(b.updatedAt, s.updatedAt, i.updatedAt, latest: true)
            return .task(m)
        case (.topic(let b), .topic(let s), .topic(let i)):
            incomingWon = policy.incomingWins(existing: s.updatedAt, incoming: i.updatedAt)
            var m = s
            m.id = quiet(b.id, s.id, i.id)
            m.title = field("title", b.title, s.title, i.title)
            m.dueDate = field("due", b.dueDate, s.dueDate, i.dueDate)
            m.status = field("status", b.status, s.status, i.status)
            m.notes = field("notes", b.notes, s.notes, i.notes)
            m.links = members(b.links, s.links, i.links, key: { $0 })
            m.questions = field("questions", b.questions, s.questions, i.questions)
            m.extras = extras(b.extras, s.extras, i.extras)
            m.createdAt = dates(b.createdAt, s.createdAt, i.createdAt, latest: false)
            m.updatedAt = dates(b.updatedAt, s.updatedAt, i.updatedAt, latest: true)
            return .topic(m)
        default:
            return store
        }
    }

    /// One field, three ways.
    private mutating func field<T: Equatable>(_ name: String, _ base: T, _ store: T, _ incoming: T) -> T {
        if incoming == base {
            if store != base { keptStoreEdits = true }
            return store
        }
        if store == base {
            fromSource = true
            return incoming
        }
        if store == incoming { return store }
        conflicts.append(name)
        if incomingWon {
            fromSource = true
            return incoming
        }
        keptStoreEdits = true
        return store
    }

    /// A field that is never a conflict: the source's change flows in, else the store's value stays
    /// (an id, which a store keeps and a derived one follows the text).
    private mutating func quiet<T: Equatable>(_ base: T, _ store: T, _ incoming: T) -> T {
        if incoming != base && store == base {
            fromSource = true
            return incoming
        }
        return store
    }

    /// A date both sides may move: the source's change flows in; when both changed, the earliest
    /// (`createdAt`) or the latest (`updatedAt`).
    private mutating func dates(_ base: Timestamp?, _ store: Timestamp?, _ incoming: Timestamp?, latest: Bool) -> Timestamp? {
        if incoming == base { return store }
        if store == base {
            fromSource = true
            return incoming
        }
        guard let store, let incoming else { return store ?? incoming }
        return (incoming > store) == latest ? incoming : store
    }

    /// A list merged by member: what the source removed since the base goes, what it added comes,
    /// the store's own changes stay.
    private mutating func members(_ base: [String], _ store: [String], _ incoming: [String],
                                  key: (String) -> String) -> [String] {
        if incoming == base {
            if store != base { keptStoreEdits = true }
            return store
        }
        if store == base {
            fromSource = true
            return incoming
        }
        let before = Set(base.map(key))
        let now = Set(incoming.map(key))
        let removed = before.subtracting(now)
        var result = store.filter { !removed.contains(key($0)) }
        var present = Set(result.map(key))
        for item in incoming where !before.contains(key(item)) && present.insert(key(item)).inserted {
            result.append(item)
        }
        fromSource = true
        if Set(store.map(key)) != before { keptStoreEdits = true }
        return result
    }

    /// Extras merged key by key, as fields named `extras.KEY`.
    private mutating func extras(_ base: [String: String], _ store: [String: String],
                                 _ incoming: [String: String]) -> [String: String] {
        if incoming == base {
            if store != base { keptStoreEdits = true }
            return store
        }
        if store == base {
            fromSource = true
            return incoming
        }
        var result: [String: String] = [:]
        for key in Set(base.keys).union(store.keys).union(incoming.keys).sorted() {
            if let value = field("extras." + key, base[key], store[key], incoming[key]) { result[key] = value }
        }
        return result
    }
}
