public import CardportCore

/// Smaller libraries to try when a property fails, so the failure is reported with a small case.
///
/// Every candidate is strictly smaller than the library it comes from: one record fewer, or one
/// record with one field cleared, one tag left out or one text a character shorter. The property checker takes the
/// first candidate that still fails and asks again, so it ends at a library where no single step
/// keeps the failure: usually one record with the one field that matters.
///
/// ```swift
/// let libraries = Generator(run: { rng in … }, shrink: LibraryShrinker.candidates)
/// ```
public enum LibraryShrinker {
    /// The candidates for `library`, fewest records first.
    @Sendable public static func candidates(_ library: Library) -> sending [Library] {
        let records = library.records
        var out: [Library] = []
        // Halves first, then every single record left out.
        if records.count > 2 {
            out.append(Library(records.prefix(records.count / 2)))
            out.append(Library(records.suffix(records.count - records.count / 2)))
        }
        for index in records.indices {
            var fewer = records
            fewer.remove(at: index)
            out.append(Library(fewer))
        }
        for index in records.indices {
            for simpler in simpler(records[index]) where simpler != records[index] {
                var changed = records
                changed[index] = simpler
                out.append(Library(changed))
            }
        }
        return out.filter { $0 != library }
    }

    /// The candidates with records left out only, for generators whose records must keep every field
    /// they were made with (a Kindle note needs its location).
    @Sendable public static func fewerRecords(_ library: Library) -> sending [Library] {
        let records = library.records
        return records.indices.map { index in
            var fewer = records
            fewer.remove(at: index)
            return Library(fewer)
        }
    }

    /// Versions of a record with one field cleared, one tag left out or one text shortened.
    ///
    /// Public for generators of cases that hold a record beside other parts (a citation and an
    /// edit to make to it), so they shrink the record as the library generators do.
    public static func simpler(_ record: Record) -> [Record] {
        switch record {
        case .citation(let c):
            var out: [Citation] = shorter(c.text).map { text in var c = c; c.text = text; return c }
            if c.tags.count > 1 {
                out += c.tags.indices.map { index in var c = c; c.tags.remove(at: index); return c }
            }
            out += [{ var c = c; c.author = nil; return c }(), { var c = c; c.source = nil; return c }(),
                    { var c = c; c.tags = []; return c }(), { var c = c; c.note = nil; return c }(),
                    { var c = c; c.location = nil; return c }(), { var c = c; c.extras = [:]; return c }(),
                    { var c = c; c.chapter = nil; c.colour = nil; c.position = nil; c.sourceID = nil; return c }(),
                    { var c = c; c.createdAt = nil; return c }(), { var c = c; c.updatedAt = nil; return c }(),
                    { var c = c; c.isFavourite = false; return c }(), { var c = c; c.isArchived = false; return c }()]
            return out.map(Record.citation)
        case .bookmark(let b):
            var out: [Bookmark] = [{ var b = b; b.name = nil; return b }(), { var b = b; b.tags = []; return b }(),
                       { var b = b; b.extras = [:]; return b }(), { var b = b; b.createdAt = nil; return b }(),
                       { var b = b; b.updatedAt = nil; return b }()]
            out += shorter(b.text).map { text in var b = b; b.text = text; return b }
            return out.map(Record.bookmark)
        case .task(let t):
            var out: [TaskItem] = shorter(t.description).map { text in var t = t; t.description = text; return t }
            out += [{ var t = t; t.extras = [:]; return t }(), { var t = t; t.createdAt = nil; return t }(),
                    { var t = t; t.updatedAt = nil; return t }()]
            return out.map(Record.task)
        case .topic(let t):
            var out: [Topic] = shorter(t.title).map { text in var t = t; t.title = text; return t }
            out += [{ var t = t; t.notes = nil; return t }(), { var t = t; t.links = []; return t }(),
                    { var t = t; t.questions = []; return t }(), { var t = t; t.extras = [:]; return t }(),
                    { var t = t; t.dueDate = nil; return t }(), { var t = t; t.createdAt = nil; return t }(),
                    { var t = t; t.updatedAt = nil; return t }()]
            return out.map(Record.topic)
        case .tag(let tag):
            return shorter(tag.name).map { Record.tag(Tag(name: $0, colour: tag.colour)) }
        case .settings:
            return []
        }
    }

    /// A text without its first or its last character, when it has more than one.
    private static func shorter(_ text: String) -> [String] {
        guard text.count > 1 else { return [] }
        return [String(text.dropLast()), String(text.dropFirst())]
    }
}
