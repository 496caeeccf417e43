import CardportCore

/// Writes records as JSON objects: the field mapping shared by the native document and JSON Lines.
///
/// Members come in a fixed order, absent optional fields are left out, and `extras` is written
/// with its keys sorted, so the same records always give the same bytes.
enum RecordJSONEncoder {
    static func encode(_ record: Record, kind includeKind: Bool, into writer: JSONWriter) {
        writer.byte(0x7B)
        if includeKind { writer.raw(kindMember(record.kind)) }
        switch record {
        case .citation(let citation): encode(citation, into: writer)
        case .bookmark(let bookmark): encode(bookmark, into: writer)
        case .task(let task): encode(task, into: writer)
        case .topic(let topic): encode(topic, into: writer)
        case .tag(let tag): encode(tag, into: writer)
        case .settings(let settings): encode(settings, into: writer)
        }
        writer.byte(0x7D)
    }

    /// The `kind` member and the comma after it, as one literal.
    private static func kindMember(_ kind: RecordKind) -> StaticString {
        switch kind {
        case .citation: return "\"kind\":\"citation\","
        case .bookmark: return "\"kind\":\"bookmark\","
        case .task: return "\"kind\":\"task\","
        case .topic: return "\"kind\":\"topic\","
        case .tag: return "\"kind\":\"tag\","
        case .settings: return "\"kind\":\"settings\","
        }
    }

    static func encode(_ c: Citation, into w: JSONWriter) {
        w.raw("\"id\":"); w.string(c.id)
        w.raw(",\"text\":"); w.string(c.text)
        if let author = c.author { w.raw(",\"author\":"); w.string(author) }
        if let source = c.source { w.raw(",\"source\":"); w.string(source) }
        w.raw(",\"tags\":"); w.stringArray(c.tags)
        w.raw(",\"favourite\":"); w.bool(c.isFavourite)
        w.raw(",\"archived\":"); w.bool(c.isArchived)
        dates(c.createdAt, c.updatedAt, into: w)
        if let note = c.note { w.raw(",\"note\":"); w.string(note) }
        if let location = c.location {
            w.raw(",\"location\":{")
            var first = true
            if let page = location.page { w.raw("\"page\":"); w.string(page); first = false }
            if let start = location.start {
                if !first { w.byte(0x2C) }
                w.raw("\"start\":"); w.int(start)
                w.raw(",\"end\":"); w.int(location.end ?? start)
            }
            w.byte(0x7D)
        }
        if let chapter = c.chapter { w.raw(",\"chapter\":"); w.string(chapter) }
        if let colour = c.colour { w.raw(",\"colour\":"); w.string(colour) }
        if let position = c.position { w.raw(",\"position\":"); w.string(position) }
        if let sourceID = c.sourceID { w.raw(",\"source_id\":"); w.string(sourceID) }
        extras(c.extras, into: w)
    }

    static func encode(_ b: Bookmark, into w: JSONWriter) {
        w.raw("\"id\":"); w.string(b.id)
        if let name = b.name { w.raw(",\"name\":"); w.string(name) }
        w.raw(",\"text\":"); w.string(b.text)
        w.raw(",\"tags\":"); w.stringArray(b.tags)
        dates(b.createdAt, b.updatedAt, into: w)
        extras(b.extras, into: w)
    }

    static func encode(_ t: TaskItem, into w: JSONWriter) {
        w.raw("\"id\":"); w.string(t.id)
        w.raw(",\"description\":"); w.string(t.description)
        w.raw(",\"progress\":"); w.int(t.progress.percent)
        dates(t.createdAt, t.updatedAt, into: w)
        extras(t.extras, into: w)
    }

    static func encode(_ t: Topic, into w: JSONWriter) {
        w.raw("\"id\":"); w.string(t.id)
        w.raw(",\"title\":"); w.string(t.title)
        if let due = t.dueDate { w.raw(",\"due\":"); w.timestamp(due) }
        w.raw(",\"status\":"); w.string(t.status.rawValue)
        if let notes = t.notes { w.raw(",\"notes\":"); w.string(notes) }
        w.raw(",\"links\":"); w.stringArray(t.links)
        w.raw(",\"questions\":[")
        for (i, question) in t.questions.enumerated() {
            if i > 0 { w.byte(0x2C) }
            w.raw("{\"text\":"); w.string(question.text)
            if let answer = question.answer { w.raw(",\"answer\":"); w.string(answer) }
            w.raw(",\"done\":"); w.bool(question.isDone)
            w.byte(0x7D)
        }
        w.byte(0x5D)
        dates(t.createdAt, t.updatedAt, into: w)
        extras(t.extras, into: w)
    }

    static func encode(_ t: Tag, into w: JSONWriter) {
        w.raw("\"name\":"); w.string(t.name)
        if let colour = t.colour { w.raw(",\"colour\":"); w.string(colour.description) }
    }

    static func encode(_ s: Settings, into w: JSONWriter) {
        w.raw("\"show_favourite_on_top\":"); w.bool(s.showFavouriteOnTop)
        w.raw(",\"widget_tags\":"); w.stringArray(s.widgetTags)
        w.raw(",\"appearance\":"); w.string(s.appearance.rawValue)
        if let language = s.language { w.raw(",\"language\":"); w.string(language) }
    }

    private static func dates(_ created: Timestamp?, _ updated: Timestamp?, into w: JSONWriter) {
        if let created { w.raw(",\"created_at\":"); w.timestamp(created) }
        if let updated { w.raw(",\"updated_at\":"); w.timestamp(updated) }
    }

    private static func extras(_ extras: [String: String], into w: JSONWriter) {
        guard !extras.isEmpty else { return }
        w.raw(",\"extras\":{")
        for (i, key) in extras.keys.sorted().enumerated() {
            if i > 0 { w.byte(0x2C) }
            w.string(key)
            w.byte(0x3A)
            w.string(extras[key]!)
        }
        w.byte(0x7D)
    }
}
