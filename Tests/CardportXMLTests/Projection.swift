import CardportCore

/// What each XML format can hold of a record, for round-trip properties: the same rules the
/// writers document, restated from the outside.
enum Projection {
    /// Characters XML 1.0 cannot hold become U+FFFD.
    static func clean(_ text: String) -> String {
        var scalars = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            let v = scalar.value
            let allowed = v == 0x09 || v == 0x0A || v == 0x0D || (v >= 0x20 && v != 0xFFFE && v != 0xFFFF)
            scalars.append(allowed ? scalar : "\u{FFFD}")
        }
        return String(scalars)
    }

    /// Leading and trailing ASCII white space removed, as loose HTML text is read.
    static func trimmed(_ text: String) -> String {
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" || $0 == "\r\n" }
        guard let first = text.firstIndex(where: { !isSpace($0) }), let last = text.lastIndex(where: { !isSpace($0) }) else { return "" }
        return String(text[first...last])
    }

    /// The tags a comma-separated list keeps.
    static func listTags(_ tags: [String], stripSlash: Bool) -> [String] {
        tags.filter { !$0.contains(",") && trimmed($0) == $0 && !$0.isEmpty && !(stripSlash && $0.hasPrefix("/")) }.map(clean)
    }

    static func cleanExtras(_ extras: [String: String]) -> [String: String] {
        extras.mapValues(clean)
    }

    static func opml(_ library: Library) -> Library {
        var out = library
        out.bookmarks = library.bookmarks.map { b in
            let text = clean(b.text)
            var name = b.name.map(clean)
            if name == text { name = nil }
            return Bookmark(id: b.id == RecordID.bookmark(text: b.text) ? nil : b.id, name: name, text: text,
                            tags: listTags(b.tags, stripSlash: true), createdAt: b.createdAt, updatedAt: b.updatedAt,
                            extras: cleanExtras(b.extras))
        }
        out.citations = library.citations.map { c in
            let derived = c.id == RecordID.citation(text: c.text, author: c.author, source: c.source)
            return Citation(id: derived ? nil : c.id, text: clean(c.text), author: c.author.map(clean),
                            source: c.source.map(clean), tags: listTags(c.tags, stripSlash: true),
                            isFavourite: c.isFavourite, isArchived: c.isArchived, createdAt: c.createdAt,
                            updatedAt: c.updatedAt, note: c.note.map(clean), location: c.location,
                            chapter: c.chapter.map(clean), colour: c.colour.map(clean), position: c.position.map(clean),
                            sourceID: c.sourceID.map(clean), extras: cleanExtras(c.extras))
        }
        out.topics = library.topics.map { t in
            Topic(id: t.id == RecordID.topic(title: t.title) ? nil : t.id, title: clean(t.title), dueDate: t.dueDate,
                  status: t.status, notes: t.notes.map(clean), links: t.links.map(clean),
                  questions: t.questions.map { Question(text: clean($0.text), answer: $0.answer.map(clean), isDone: $0.isDone) },
                  createdAt: t.createdAt, updatedAt: t.updatedAt, extras: cleanExtras(t.extras))
        }
        return out
    }

    static func xbel(_ library: Library) -> Library {
        var out = library
        out.bookmarks = library.bookmarks.map { b in
            Bookmark(id: b.id == RecordID.bookmark(text: b.text) ? nil : b.id, name: b.name.map(clean), text: clean(b.text),
                     tags: b.tags.map(clean).filter { !$0.isEmpty }, createdAt: b.createdAt, updatedAt: b.updatedAt,
                     extras: cleanExtras(b.extras))
        }
        return out
    }

    static func netscape(_ library: Library) -> Library {
        var out = library
        out.bookmarks = library.bookmarks.map { b in
            let text = clean(b.text)
            var name = b.name.map { trimmed(clean($0)) }
            if name == text || name == "" { name = nil }
            if name == nil, b.name == nil, trimmed(text) != text, !trimmed(text).isEmpty { name = trimmed(text) }
            var extras = cleanExtras(b.extras)
            if let description = extras["description"] { extras["description"] = trimmed(description).isEmpty ? nil : trimmed(description) }
            func seconds(_ t: Timestamp?) -> Timestamp? {
                guard let t, t.secondsSince1970 > 0 else { return nil }
                return Timestamp(secondsSince1970: t.secondsSince1970)
            }
            return Bookmark(name: name, text: text, tags: listTags(b.tags, stripSlash: false),
                            createdAt: seconds(b.createdAt), updatedAt: seconds(b.updatedAt), extras: extras)
        }
        return out
    }
}
