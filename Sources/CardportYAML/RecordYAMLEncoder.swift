import CardportCore

/// Writes records as YAML mappings with the native JSON document's field names and order.
///
/// Absent optional fields are left out, tags are a flow list (`[a, b]`), and `extras` is written
/// with its keys sorted, so the same records always give the same bytes.
enum RecordYAMLEncoder {
    static func encode(_ record: Record, into e: YAMLEmitter) {
        e.mappingStart()
        switch record {
        case .citation(let citation): encode(citation, into: e)
        case .bookmark(let bookmark): encode(bookmark, into: e)
        case .task(let task): encode(task, into: e)
        case .topic(let topic): encode(topic, into: e)
        case .tag(let tag): encode(tag, into: e)
        case .settings(let settings): encode(settings, into: e)
        }
        e.mappingEnd()
    }

    static func encode(_ c: Citation, into e: YAMLEmitter) {
        e.pair("id", c.id)
        e.pair("text", c.text)
        if let author = c.author { e.pair("author", author) }
        if let source = c.source { e.pair("source", source) }
        e.plain("tags"); e.strings(c.tags, flow: true)
        flag("favourite", c.isFavourite, into: e)
        flag("archived", c.isArchived, into: e)
        dates(c.createdAt, c.updatedAt, into: e)
        if let note = c.note { e.pair("note", note) }
        if let location = c.location {
            e.plain("location")
            e.mappingStart()
            if let page = location.page { e.pair("page", page) }
            if let start = location.start {
                e.plain("start"); e.plain(String(start))
                e.plain("end"); e.plain(String(location.end ?? start))
            }
            e.mappingEnd()
        }
        extras(c.extras, into: e)
    }

    static func encode(_ b: Bookmark, into e: YAMLEmitter) {
        e.pair("id", b.id)
        if let name = b.name { e.pair("name", name) }
        e.pair("text", b.text)
        e.plain("tags"); e.strings(b.tags, flow: true)
        dates(b.createdAt, b.updatedAt, into: e)
        extras(b.extras, into: e)
    }

    static func encode(_ t: TaskItem, into e: YAMLEmitter) {
        e.pair("id", t.id)
        e.pair("description", t.description)
        e.plain("progress"); e.plain(String(t.progress.percent))
        dates(t.createdAt, t.updatedAt, into: e)
        extras(t.extras, into: e)
    }

    static func encode(_ t: Topic, into e: YAMLEmitter) {
        e.pair("id", t.id)
        e.pair("title", t.title)
        if let due = t.dueDate { e.pair("due", due.iso8601) }
        e.pair("status", t.status.rawValue)
        if let notes = t.notes { e.pair("notes", notes) }
        e.plain("links"); e.strings(t.links, flow: false)
        e.plain("questions")
        e.sequenceStart()
        for question in t.questions {
            e.mappingStart()
            e.pair("text", question.text)
            if let answer = question.answer { e.pair("answer", answer) }
            flag("done", question.isDone, into: e)
            e.mappingEnd()
        }
        e.sequenceEnd()
        dates(t.createdAt, t.updatedAt, into: e)
        extras(t.extras, into: e)
    }

    static func encode(_ t: Tag, into e: YAMLEmitter) {
        e.pair("name", t.name)
        if let colour = t.colour { e.pair("colour", colour.description) }
    }

    static func encode(_ s: Settings, into e: YAMLEmitter) {
        flag("show_favourite_on_top", s.showFavouriteOnTop, into: e)
        e.plain("widget_tags"); e.strings(s.widgetTags, flow: true)
        e.pair("appearance", s.appearance.rawValue)
        if let language = s.language { e.pair("language", language) }
    }

    private static func flag(_ key: String, _ value: Bool, into e: YAMLEmitter) {
        e.plain(key)
        e.plain(value ? "true" : "false")
    }

    private static func dates(_ created: Timestamp?, _ updated: Timestamp?, into e: YAMLEmitter) {
        if let created { e.pair("created_at", created.iso8601) }
        if let updated { e.pair("updated_at", updated.iso8601) }
    }

    private static func extras(_ extras: [String: String], into e: YAMLEmitter) {
        guard !extras.isEmpty else { return }
        e.plain("extras")
        e.mappingStart()
        for key in extras.keys.sorted() {
            e.string(key)
            e.string(extras[key]!)
        }
        e.mappingEnd()
    }
}
