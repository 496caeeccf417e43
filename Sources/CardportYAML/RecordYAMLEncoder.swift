import CardportCore

/// Writes records as YAML mappings with the native JSON document's field names and order.
///
/// Absent optional fields are left out, tags are a flow list (`[a, b]`), and `extras` is written
/// with its keys sorted, so the same records always give the same bytes.
enum RecordYAMLEncoder {
    /// Writes `record` as a list item whose `- ` sits at `indent`.
    static func item(_ record: Record, indent: Int, into w: inout YAMLBlockWriter) {
        w.item(indent: indent)
        mapping(record, indent: indent + 2, into: &w)
    }

    /// Writes the fields of `record` as keys at `indent`.
    static func mapping(_ record: Record, indent i: Int, into w: inout YAMLBlockWriter) {
        switch record {
        case .citation(let c):
            w.key("id", indent: i); w.string(c.id, indent: i + 2)
            w.key("text", indent: i); w.string(c.text, indent: i + 2)
            if let author = c.author { w.key("author", indent: i); w.string(author, indent: i + 2) }
            if let source = c.source { w.key("source", indent: i); w.string(source, indent: i + 2) }
            w.key("tags", indent: i); w.flowList(c.tags)
            w.key("favourite", indent: i); w.plain(c.isFavourite ? "true" : "false")
            w.key("archived", indent: i); w.plain(c.isArchived ? "true" : "false")
            dates(c.createdAt, c.updatedAt, indent: i, into: &w)
            if let note = c.note { w.key("note", indent: i); w.string(note, indent: i + 2) }
            if let location = c.location {
                w.key("location", indent: i); w.nested()
                if let page = location.page { w.key("page", indent: i + 2); w.string(page, indent: i + 4) }
                if let start = location.start {
                    w.key("start", indent: i + 2); w.plain(String(start))
                    w.key("end", indent: i + 2); w.plain(String(location.end ?? start))
                }
            }
            if let chapter = c.chapter { w.key("chapter", indent: i); w.string(chapter, indent: i + 2) }
            if let colour = c.colour { w.key("colour", indent: i); w.string(colour, indent: i + 2) }
            if let position = c.position { w.key("position", indent: i); w.string(position, indent: i + 2) }
            if let sourceID = c.sourceID { w.key("source_id", indent: i); w.string(sourceID, indent: i + 2) }
            extras(c.extras, indent: i, into: &w)
        case .bookmark(let b):
            w.key("id", indent: i); w.string(b.id, indent: i + 2)
            if let name = b.name { w.key("name", indent: i); w.string(name, indent: i + 2) }
            w.key("text", indent: i); w.string(b.text, indent: i + 2)
            w.key("tags", indent: i); w.flowList(b.tags)
            dates(b.createdAt, b.updatedAt, indent: i, into: &w)
            extras(b.extras, indent: i, into: &w)
        case .task(let t):
            w.key("id", indent: i); w.string(t.id, indent: i + 2)
            w.key("description", indent: i); w.string(t.description, indent: i + 2)
            w.key("progress", indent: i); w.plain(String(t.progress.percent))
            dates(t.createdAt, t.updatedAt, indent: i, into: &w)
            extras(t.extras, indent: i, into: &w)
        case .topic(let t):
            w.key("id", indent: i); w.string(t.id, indent: i + 2)
            w.key("title", indent: i); w.string(t.title, indent: i + 2)
            if let due = t.dueDate { w.key("due", indent: i); w.string(due.iso8601, indent: i + 2) }
            w.key("status", indent: i); w.string(t.status.rawValue, indent: i + 2)
            if let notes = t.notes { w.key("notes", indent: i); w.string(notes, indent: i + 2) }
            w.key("links", indent: i); w.blockList(t.links, indent: i)
            w.key("questions", indent: i)
            if t.questions.isEmpty {
                w.plain("[]")
            } else {
                w.nested()
                for question in t.questions {
                    w.item(indent: i)
                    w.key("text", indent: i + 2); w.string(question.text, indent: i + 4)
                    if let answer = question.answer { w.key("answer", indent: i + 2); w.string(answer, indent: i + 4) }
                    w.key("done", indent: i + 2); w.plain(question.isDone ? "true" : "false")
                }
            }
            dates(t.createdAt, t.updatedAt, indent: i, into: &w)
            extras(t.extras, indent: i, into: &w)
        case .tag(let t):
            w.key("name", indent: i); w.string(t.name, indent: i + 2)
            if let colour = t.colour { w.key("colour", indent: i); w.string(colour.description, indent: i + 2) }
        case .settings(let s):
            w.key("show_favourite_on_top", indent: i); w.plain(s.showFavouriteOnTop ? "true" : "false")
            w.key("widget_tags", indent: i); w.flowList(s.widgetTags)
            w.key("appearance", indent: i); w.string(s.appearance.rawValue, indent: i + 2)
            if let language = s.language { w.key("language", indent: i); w.string(language, indent: i + 2) }
        }
    }

    private static func dates(_ created: Timestamp?, _ updated: Timestamp?, indent i: Int, into w: inout YAMLBlockWriter) {
        if let created { w.key("created_at", indent: i); w.string(created.iso8601, indent: i + 2) }
        if let updated { w.key("updated_at", indent: i); w.string(updated.iso8601, indent: i + 2) }
    }

    private static func extras(_ extras: [String: String], indent i: Int, into w: inout YAMLBlockWriter) {
        guard !extras.isEmpty else { return }
        w.key("extras", indent: i); w.nested()
        for key in extras.keys.sorted() {
            w.key(text: key, indent: i + 2)
            w.string(extras[key]!, indent: i + 4)
        }
    }
}
