import CardportCore

/// A 64-bit digest of a record's whole content, kept in each row.
///
/// An import compares the incoming copy's digest with the row's: when they are equal the copies
/// are the same and nothing is read back or merged, which keeps re-importing a file cheap. Any
/// difference (a tag, a flag, a date's written form) gives another digest.
enum RecordDigest {
    static func digest(_ record: Record) -> Int64 {
        var h = StableHash()
        h.combine(record.kind.rawValue)
        switch record {
        case .citation(let c):
            h.combine(c.id); h.combine(c.text); h.combine(c.author); h.combine(c.source)
            list(c.tags, into: &h)
            h.combine(c.isFavourite ? "1" : "0"); h.combine(c.isArchived ? "1" : "0")
            dates(c.createdAt, c.updatedAt, into: &h)
            h.combine(c.note)
            h.combine(c.location?.page)
            h.combine(c.location?.start.map(String.init)); h.combine(c.location?.end.map(String.init))
            extras(c.extras, into: &h)
        case .bookmark(let b):
            h.combine(b.id); h.combine(b.name); h.combine(b.text)
            list(b.tags, into: &h)
            dates(b.createdAt, b.updatedAt, into: &h)
            extras(b.extras, into: &h)
        case .task(let t):
            h.combine(t.id); h.combine(t.description); h.combine(String(t.progress.percent))
            dates(t.createdAt, t.updatedAt, into: &h)
            extras(t.extras, into: &h)
        case .topic(let t):
            h.combine(t.id); h.combine(t.title); h.combine(t.dueDate?.iso8601); h.combine(t.status.rawValue)
            h.combine(t.notes)
            list(t.links, into: &h)
            h.combine(String(t.questions.count))
            for q in t.questions {
                h.combine(q.text); h.combine(q.answer); h.combine(q.isDone ? "1" : "0")
            }
            dates(t.createdAt, t.updatedAt, into: &h)
            extras(t.extras, into: &h)
        case .tag(let t):
            h.combine(t.name); h.combine(t.colour?.description)
        case .settings(let s):
            h.combine(s.showFavouriteOnTop ? "1" : "0"); list(s.widgetTags, into: &h)
            h.combine(s.appearance.rawValue); h.combine(s.language)
        }
        return Int64(bitPattern: h.finalize().0)
    }

    private static func list(_ items: [String], into h: inout StableHash) {
        h.combine(String(items.count))
        for item in items { h.combine(item) }
    }

    private static func dates(_ created: Timestamp?, _ updated: Timestamp?, into h: inout StableHash) {
        h.combine(created?.iso8601)
        h.combine(updated?.iso8601)
    }

    private static func extras(_ extras: [String: String], into h: inout StableHash) {
        h.combine(String(extras.count))
        guard !extras.isEmpty else { return }
        for key in extras.keys.sorted() {
            h.combine(key)
            h.combine(extras[key]!)
        }
    }
}
