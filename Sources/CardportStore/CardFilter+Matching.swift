public import CardportCore

extension CardFilter {
    /// Whether `record` is one this filter selects: what ``StoreReader`` asks SQLite, asked of a card
    /// already read (a search hit).
    public func matches(_ record: CardportCore.Record) -> Bool {
        guard selects(record.kind) else { return false }
        if !ids.isEmpty && !ids.contains(record.id) { return false }
        if !tags.isEmpty {
            let held = Set(CardRows.tags(of: record).map { Tag(name: $0).identityKey })
            let wanted = tags.map { Tag(name: $0).identityKey }
            if anyTag ? !wanted.contains(where: held.contains) : !wanted.allSatisfy(held.contains) { return false }
        }
        switch record {
        case .citation(let c):
            if favouritesOnly && !c.isFavourite { return false }
            switch archived {
            case .exclude where c.isArchived, .only where !c.isArchived: return false
            default: break
            }
            if let author, !WordQuery(author).matchesAnyPerson(c.author) { return false }
            if let source, !WordQuery(source).matches(c.source) { return false }
        case .task(let t):
            if let taskState, (taskState == .done) != t.isDone { return false }
        case .topic(let t):
            if let status, t.status != status { return false }
            if unfinishedTopicsOnly && t.status == .done { return false }
            if let dueBefore {
                guard let due = t.dueDate, due.date < dueBefore.date else { return false }
            }
        default:
            break
        }
        return true
    }
}
