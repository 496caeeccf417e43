public import CardportCore

/// Where a record's fields go when a document writer encodes it: a JSON object, a YAML mapping.
///
/// The field mapping itself (the extension below: which fields a kind has, their names, their
/// order, that absent optional fields are left out and `extras` comes last with its keys sorted) is
/// one, for JSON and YAML alike; an encoder only says how each kind of value is spelled. Public and
/// `@inlinable` for the reason ``RecordFieldDecoding`` gives.
public protocol RecordFieldEncoding {
    /// A text field.
    mutating func string(_ key: StaticString, _ value: String)
    /// A true-or-false field.
    mutating func bool(_ key: StaticString, _ value: Bool)
    /// A whole-number field.
    mutating func int(_ key: StaticString, _ value: Int)
    /// A point in time.
    mutating func timestamp(_ key: StaticString, _ value: Timestamp)
    /// A short list of words (tags): a JSON array, a YAML flow list.
    mutating func words(_ key: StaticString, _ values: [String])
    /// A list of longer texts (links): a JSON array, a YAML block list.
    mutating func texts(_ key: StaticString, _ values: [String])
    /// Opens a nested mapping under `key`; its fields follow, then ``endMapping()``.
    mutating func beginMapping(_ key: StaticString)
    /// Closes the mapping ``beginMapping(_:)`` opened.
    mutating func endMapping()
    /// Opens a list of mappings under `key` (`isEmpty` when no item follows); each item is
    /// ``beginItem()``, its fields and ``endItem()``, and the list ends with ``endList()``.
    mutating func beginList(_ key: StaticString, isEmpty: Bool)
    /// Opens an item of the list.
    mutating func beginItem()
    /// Closes the item.
    mutating func endItem()
    /// Closes the list.
    mutating func endList()
    /// The fields a card kept from its source that no property holds, keys sorted.
    mutating func extras(_ extras: [String: String])
}

extension RecordFieldEncoding {
    /// Encodes the fields of `record`, in the native document's order.
    @inlinable
    public mutating func fields(of record: Record) {
        switch record {
        case .citation(let citation): fields(of: citation)
        case .bookmark(let bookmark): fields(of: bookmark)
        case .task(let task): fields(of: task)
        case .topic(let topic): fields(of: topic)
        case .tag(let tag): fields(of: tag)
        case .settings(let settings): fields(of: settings)
        }
    }

    @inlinable
    public mutating func fields(of c: Citation) {
        string("id", c.id)
        string("text", c.text)
        if let author = c.author { string("author", author) }
        if let source = c.source { string("source", source) }
        words("tags", c.tags)
        bool("favourite", c.isFavourite)
        bool("archived", c.isArchived)
        dates(c.createdAt, c.updatedAt)
        if let note = c.note { string("note", note) }
        if let location = c.location {
            beginMapping("location")
            if let page = location.page { string("page", page) }
            if let start = location.start {
                int("start", start)
                int("end", location.end ?? start)
            }
            endMapping()
        }
        if let chapter = c.chapter { string("chapter", chapter) }
        if let colour = c.colour { string("colour", colour) }
        if let position = c.position { string("position", position) }
        if let sourceID = c.sourceID { string("source_id", sourceID) }
        extras(c.extras)
    }

    @inlinable
    public mutating func fields(of b: Bookmark) {
        string("id", b.id)
        if let name = b.name { string("name", name) }
        string("text", b.text)
        words("tags", b.tags)
        dates(b.createdAt, b.updatedAt)
        extras(b.extras)
    }

    @inlinable
    public mutating func fields(of t: TaskItem) {
        string("id", t.id)
        string("description", t.description)
        int("progress", t.progress.percent)
        dates(t.createdAt, t.updatedAt)
        extras(t.extras)
    }

    @inlinable
    public mutating func fields(of t: Topic) {
        string("id", t.id)
        string("title", t.title)
        if let due = t.dueDate { timestamp("due", due) }
        string("status", t.status.rawValue)
        if let notes = t.notes { string("notes", notes) }
        texts("links", t.links)
        beginList("questions", isEmpty: t.questions.isEmpty)
        for question in t.questions {
            beginItem()
            string("text", question.text)
            if let answer = question.answer { string("answer", answer) }
            bool("done", question.isDone)
            endItem()
        }
        endList()
        dates(t.createdAt, t.updatedAt)
        extras(t.extras)
    }

    @inlinable
    public mutating func fields(of t: Tag) {
        string("name", t.name)
        if let colour = t.colour { string("colour", colour.description) }
    }

    @inlinable
    public mutating func fields(of s: Settings) {
        bool("show_favourite_on_top", s.showFavouriteOnTop)
        words("widget_tags", s.widgetTags)
        string("appearance", s.appearance.rawValue)
        if let language = s.language { string("language", language) }
    }

    @inlinable
    public mutating func dates(_ created: Timestamp?, _ updated: Timestamp?) {
        if let created { timestamp("created_at", created) }
        if let updated { timestamp("updated_at", updated) }
    }
}
