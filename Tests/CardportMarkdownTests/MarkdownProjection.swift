import CardportCore

/// What a library becomes after a round trip through each Markdown layout: the fields Markdown
/// holds, as Formats.md lists them.
///
/// A reference model written from the documented rules (tags as Obsidian reads them, citations
/// grouped by book, a bare URL as a bookmark's name), never by calling the format's own helpers, so
/// a bug in them cannot hide in the expected value.
enum MarkdownProjection {
    /// The single document: citations regrouped by book, without ids, update dates, archive flags
    /// or extras; tags as Obsidian tags give them back.
    static func document(_ library: Library) -> Library {
        var result = others(library)
        result.citations = grouped(library.citations).map { citation in
            let (tags, colour) = tagsAndColour(citation)
            return Citation(text: citation.text, author: citation.author, source: citation.source,
                            tags: tags, isFavourite: citation.isFavourite,
                            createdAt: citation.createdAt, note: citation.note, location: citation.location,
                            chapter: citation.source == nil ? nil : citation.chapter.flatMap(chapterHeading), colour: colour)
        }
        return result
    }

    /// The tags and colour a details line gives back: the colour is the tag `#colour/NAME` (for a
    /// name of letters, digits and `-`), written after the tags; a tag of that form reads as the colour.
    static func tagsAndColour(_ citation: Citation) -> (tags: [String], colour: String?) {
        var tags: [String] = []
        var colour: String?
        var written = citation.tags.compactMap(Self.tag)
        if let name = citation.colour, name.unicodeScalars.allSatisfy({ ($0.properties.isAlphabetic && !$0.properties.isWhitespace)
            || ("0"..."9").contains($0) || $0 == "-" }), let tag = Self.tag("colour/" + name), tag == "colour/" + name {
            written.append(tag)
        }
        for tag in written {
            if tag.hasPrefix("colour/"), tag.count > 7 { colour = String(tag.dropFirst(7)) } else { tags.append(tag) }
        }
        return (tags, colour)
    }

    /// A chapter as a heading gives it back (Formats.md, "Markdown"): letters, digits, spaces and
    /// the punctuation of titles, with no space at either end.
    static func chapterHeading(_ chapter: String) -> String? {
        let punctuation = Set(".,:;'\u{2019}-\u{2013}\u{2014}()!?/\"".unicodeScalars)
        guard chapter.unicodeScalars.first != " ", chapter.unicodeScalars.last != " ",
              chapter.unicodeScalars.allSatisfy({ $0 == " " || $0.properties.isAlphabetic
                  || $0.properties.numericType != nil || punctuation.contains($0) }) else { return nil }
        return chapter
    }

    /// One note per book: as the document, plus the update date when every citation of the book has
    /// it; each citation's id is its block id.
    static func books(_ library: Library) -> Library {
        var result = others(library)
        for group in books(of: library.citations) {
            let updated = group.allSatisfy { $0.updatedAt == group[0].updatedAt }
            // A book's highlights come in book order: by location (or numeric page) when all have one.
            let order = group.map { $0.location?.start ?? $0.location?.page.flatMap { Int($0) } }
            var inOrder = Array(group.enumerated())
            if order.allSatisfy({ $0 != nil }) { inOrder.sort { (order[$0.offset]!, $0.offset) < (order[$1.offset]!, $1.offset) } }
            for citation in inOrder.map(\.element) {
                let (tags, colour) = tagsAndColour(citation)
                result.citations.append(Citation(
                    id: blockID(citation.id), text: citation.text, author: citation.author, source: citation.source,
                    tags: tags, isFavourite: citation.isFavourite,
                    createdAt: citation.createdAt, updatedAt: updated ? citation.updatedAt : nil,
                    note: citation.note, location: citation.location, colour: colour))
            }
        }
        return result
    }

    /// One note per citation: front matter holds tags and dates exactly.
    static func citations(_ library: Library) -> Library {
        var result = others(library)
        result.citations = grouped(library.citations).map { citation in
            Citation(id: blockID(citation.id), text: citation.text, author: citation.author, source: citation.source,
                     tags: citation.tags, isFavourite: citation.isFavourite,
                     createdAt: citation.createdAt, updatedAt: citation.updatedAt,
                     note: citation.note, location: citation.location)
        }
        return result
    }

    /// The id a citation reads back with from a note: its block id, the first eight ASCII letters
    /// and digits of its id, lower-cased (random ids of one book never share eight).
    static func blockID(_ id: String) -> String {
        String(id.lowercased().filter { $0.isASCII && ($0.isLetter || $0.isNumber) }.prefix(8))
    }

    private static func grouped(_ citations: [Citation]) -> [Citation] {
        books(of: citations).flatMap { $0 }
    }

    /// Citations by book, books in the order they first appear: a citation's book is its source, or
    /// without one its author, or without either the group of unattributed citations.
    private static func books(of citations: [Citation]) -> [[Citation]] {
        var keys: [String] = []
        var groups: [String: [Citation]] = [:]
        for citation in citations {
            let key = citation.source.map { "source:" + $0 } ?? citation.author.map { "author:" + $0 } ?? "none"
            if groups[key] == nil { keys.append(key) }
            groups[key, default: []].append(citation)
        }
        return keys.map { groups[$0]! }
    }

    /// A tag after a round trip through an Obsidian `#tag`, by Formats.md's rule: spaces at either end
    /// dropped; a space between two letters or digits kept (written `_`), any other space and any
    /// character but letters, digits, marks, non-ASCII symbols, `-` and `/` turned into `-`.
    static func tag(_ name: String) -> String? {
        let scalars = Array(name.unicodeScalars.drop { $0 == " " }.reversed().drop { $0 == " " }.reversed())
        guard !scalars.isEmpty else { return nil }
        var out = String.UnicodeScalarView()
        for (index, scalar) in scalars.enumerated() {
            if scalar == " " {
                let before = scalars[..<index].last { $0 != " " }
                let after = scalars[(index + 1)...].first { $0 != " " }
                out.append(before.map(isLetterOrDigit) == true && after.map(isLetterOrDigit) == true ? " " : "-")
            } else if scalar == "-" || scalar == "/" || isLetterOrDigit(scalar)
                        || (!scalar.isASCII && scalar.properties.generalCategory == .otherSymbol) {
                out.append(scalar)
            } else {
                out.append("-")
            }
        }
        return String(out)
    }

    /// Letters, digits and marks: the Unicode general categories L*, N* and M*.
    private static func isLetterOrDigit(_ scalar: Unicode.Scalar) -> Bool {
        let letters: Set<Unicode.GeneralCategory> = [.uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter,
                                                     .otherLetter, .decimalNumber, .letterNumber, .otherNumber,
                                                     .nonspacingMark, .spacingMark, .enclosingMark]
        return letters.contains(scalar.properties.generalCategory)
    }

    /// Whether a text starts with a URL scheme (RFC 3986: a letter, then letters, digits, `+`, `.`, `-`).
    private static func hasScheme(_ text: String) -> Bool {
        text.wholeMatch(of: /[A-Za-z][A-Za-z0-9+.\-]{0,31}:.*/.dotMatchesNewlines()) != nil
    }

    /// Bookmarks, tasks and topics, the same in every layout.
    private static func others(_ library: Library) -> Library {
        var result = Library()
        result.bookmarks = library.bookmarks.map { bookmark in
            let name = Self.hasScheme(bookmark.text) && bookmark.name == bookmark.text ? nil : bookmark.name
            return Bookmark(name: name, text: bookmark.text, tags: bookmark.tags.compactMap(Self.tag))
        }
        result.tasks = library.tasks.map { TaskItem(description: $0.description, progress: $0.progress) }
        result.topics = library.topics.map { topic in
            Topic(title: topic.title, dueDate: topic.dueDate, status: topic.status, notes: topic.notes,
                  links: topic.links, questions: topic.questions)
        }
        return result
    }
}
