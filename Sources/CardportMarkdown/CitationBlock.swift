import CardportCore

/// A citation being read: a blockquote, then the paragraphs after it that belong to it (an
/// attribution line outside the quote, a details line, a note).
struct CitationBlock {
    /// The block id of the vault block the quote is in (``NoteBlock``), kept as the citation's id.
    var id: String?
    var text: String
    var author: String?
    var source: String?
    var tags: [String] = []
    var isFavourite = false
    var location: CitationLocation?
    /// The highlight's colour, from a `#colour/NAME` tag of the details line.
    var colour: String?
    /// The chapter heading the quote is under (see ``MarkdownReader``), kept for a quote from a book.
    var chapter: String?
    var note: String?
    var createdAt: Timestamp?
    var hasAttribution = false
    var hasDetails = false

    /// Reads a blockquote: a plain one, or an Obsidian `[!quote]`/`[!cite]` callout. Returns `nil`
    /// for an empty quote or another kind of callout (`[!note]`, `[!todo]`, …).
    init?(quote: MarkdownNode) {
        var paragraphs = quote.children.filter { $0.kind == .paragraph }.map { MarkdownInlines($0).lines }
        guard !paragraphs.isEmpty else { return nil }
        var calloutTitle: String?
        var calloutNodes: [MarkdownNode] = []
        // A callout opens with `[!type]`, the type a word; a quote that merely starts with `[!`
        // (`> [!` or `> [!?] what?`) is a quote.
        if paragraphs[0][0].startsWithBracket, case let opening = paragraphs[0][0].text, opening.hasPrefix("[!"),
           let close = opening.firstIndex(of: "]"),
           case let type = opening[opening.index(opening.startIndex, offsetBy: 2)..<close].lowercased(),
           !type.isEmpty, type.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" }) {
            guard type == "quote" || type == "cite" else { return nil }
            var title = opening[opening.index(after: close)...]
            if title.first == "-" || title.first == "+" { title = title.dropFirst() }
            calloutTitle = title.trimmingCharacters(in: " ")
            calloutNodes = paragraphs[0][0].nodes
            paragraphs[0].removeFirst()
            if paragraphs[0].isEmpty {
                paragraphs.removeFirst()
            } else {
                paragraphs[0][0].afterHardBreak = false
            }
        }
        var attribution: [MarkdownNode]?
        if paragraphs.count >= 2, paragraphs[paragraphs.count - 1][0].startsWithDash {
            attribution = paragraphs.removeLast().flatMap(\.nodes)
        } else if var last = paragraphs.last, last.count >= 2, last[last.count - 1].startsWithDash {
            attribution = last.removeLast().nodes
            paragraphs[paragraphs.count - 1] = last
        }
        let text = paragraphs.map { MarkdownInlines.text(of: $0[...]) }.joined(separator: "\n\n")
        guard !text.isEmpty else { return nil }
        self.text = text
        if let attribution {
            applyAttribution(attribution, dashed: true)
        } else if let calloutTitle, !calloutTitle.isEmpty {
            if calloutNodes.contains(where: { $0.kind == .emphasis }) {
                applyAttribution(calloutNodes, dashed: false)
            } else {
                applyAttribution([], dashed: false, plain: calloutTitle)
            }
        }
    }

    /// Whether text starts like an attribution: one of ``MarkdownRenderer/attributionMarks``.
    static func startsWithDash(_ text: String) -> Bool {
        MarkdownRenderer.attributionMark(of: text) != nil
    }

    /// Takes a paragraph that follows the quote, when it belongs to it; returns whether it did.
    mutating func attach(_ paragraph: MarkdownNode) -> Bool {
        let inlines = MarkdownInlines(paragraph)
        let text = inlines.text
        if !hasAttribution, !hasDetails, note == nil, CitationBlock.startsWithDash(text) {
            applyAttribution(inlines.nodes, dashed: true)
            return true
        }
        if !hasDetails, note == nil, applyDetails(text) {
            return true
        }
        if note == nil, let first = inlines.nodes.first {
            if first.kind == .strong, MarkdownInlines.text(of: [first]) == "Note:" {
                var rest = MarkdownInlines.text(of: inlines.nodes.dropFirst())
                if rest.first == " " { rest.removeFirst() }
                note = rest.isEmpty ? nil : rest
                return true
            }
            if text.hasPrefix("Note:") {
                note = text.dropFirst(5).trimmingCharacters(in: " ")
                return true
            }
        }
        return false
    }

    /// Reads `— Author, *Source*`: the source is the last emphasis, the author the text before it.
    private mutating func applyAttribution(_ nodes: [MarkdownNode], dashed: Bool, plain: String? = nil) {
        hasAttribution = true
        var authorText: String
        if let plain {
            authorText = plain
        } else if let emphasis = nodes.lastIndex(where: { $0.kind == .emphasis }), !dashed {
            // A callout's title line: `[!quote] Author, *Source*`.
            source = MarkdownInlines.text(of: [nodes[emphasis]]).nonEmptyText
            authorText = MarkdownInlines.text(of: nodes[..<emphasis])
            if let close = authorText.firstIndex(of: "]") { authorText = String(authorText[authorText.index(after: close)...]) }
            if authorText.first == "-" || authorText.first == "+" { authorText.removeFirst() }
            authorText = authorText.trimmingCharacters(in: " ")
            if authorText.last == "," { authorText.removeLast() }
        } else if let emphasis = nodes.lastIndex(where: { $0.kind == .emphasis }) {
            source = MarkdownInlines.text(of: [nodes[emphasis]]).nonEmptyText
            authorText = MarkdownInlines.text(of: nodes[..<emphasis])
            if authorText.last == " " { authorText.removeLast() }
            if authorText.last == "," { authorText.removeLast() }
        } else {
            authorText = MarkdownInlines.text(of: nodes)
        }
        if dashed {
            if let mark = MarkdownRenderer.attributionMark(of: authorText) {
                authorText.removeFirst(mark.count)
            }
            if authorText.first == " " { authorText.removeFirst() }
        }
        author = authorText.nonEmptyText
    }

    /// Reads a details line (`Page 12 · Location 120-125 · Added 2024-02-03 21:12:05 · ⭐ · #tag #tag`); returns false, changing
    /// nothing, unless every part is one of those.
    private mutating func applyDetails(_ text: String) -> Bool {
        var page: String?
        var start: Int?
        var end: Int?
        var favourite = false
        var added: Timestamp?
        var tags: [String] = []
        var colour: String?
        // Parts are separated by " · " (no part the writer writes holds a middle dot), tokens by
        // spaces; both are found on the bytes, which is much faster than splitting characters.
        let bytes = Array(text.utf8)
        for part in CitationBlock.split(bytes[...], at: [0xC2, 0xB7]) {
            let trimmed = CitationBlock.trimmed(part)
            guard let first = trimmed.first else { return false }
            if first == 0x50 || first == 0x70 || first == 0x4C || first == 0x6C,
               let location = CitationLocation(parsing: String(decoding: trimmed, as: UTF8.self)) {
                if let found = location.page { page = found }
                if let found = location.start {
                    start = found
                    end = location.end
                }
                continue
            }
            if trimmed.starts(with: CitationBlock.added),
               let date = Timestamp(parsing: String(decoding: trimmed.dropFirst(CitationBlock.added.count), as: UTF8.self)) {
                added = date
                continue
            }
            // Otherwise a run of tags and stars, as people also write them by hand.
            for token in trimmed.split(separator: 0x20) {
                if token.elementsEqual(CitationBlock.star) || token.elementsEqual(CitationBlock.blackStar) {
                    favourite = true
                } else if let tag = MarkdownTag.read(Substring(String(decoding: token, as: UTF8.self))) {
                    if tag.hasPrefix(MarkdownRenderer.colourTagPrefix), tag.count > MarkdownRenderer.colourTagPrefix.count {
                        colour = String(tag.dropFirst(MarkdownRenderer.colourTagPrefix.count))
                    } else {
                        tags.append(tag)
                    }
                } else {
                    return false
                }
            }
        }
        hasDetails = true
        isFavourite = isFavourite || favourite
        createdAt = added
        self.tags += tags
        if let colour { self.colour = colour }
        if page != nil || start != nil { location = CitationLocation(page: page, start: start, end: end) }
        return true
    }

    private static let added = Array("Added ".utf8)
    private static let star = Array(MarkdownRenderer.star.utf8)
    private static let blackStar = Array("★".utf8)

    /// `bytes` cut at every occurrence of `separator`.
    private static func split(_ bytes: ArraySlice<UInt8>, at separator: [UInt8]) -> [ArraySlice<UInt8>] {
        var parts: [ArraySlice<UInt8>] = []
        var start = bytes.startIndex
        var index = bytes.startIndex
        while index + separator.count <= bytes.endIndex {
            if bytes[index] == separator[0], bytes[index..<(index + separator.count)].elementsEqual(separator) {
                parts.append(bytes[start..<index])
                index += separator.count
                start = index
            } else {
                index += 1
            }
        }
        parts.append(bytes[start...])
        return parts
    }

    /// `bytes` without spaces at either end.
    private static func trimmed(_ bytes: ArraySlice<UInt8>) -> ArraySlice<UInt8> {
        var slice = bytes
        while slice.first == 0x20 { slice = slice.dropFirst() }
        while slice.last == 0x20 { slice = slice.dropLast() }
        return slice
    }

    /// The citation, with what the note's front matter adds.
    func citation(with properties: NoteProperties) -> Citation {
        var allTags = tags
        for tag in properties.tags where !tags.contains(tag) { allTags.append(tag) }
        return Citation(id: id, text: text, author: author ?? properties.author, source: source ?? properties.source,
                        tags: allTags, isFavourite: isFavourite || properties.isFavourite,
                        createdAt: createdAt ?? properties.createdAt, updatedAt: properties.updatedAt,
                        note: note, location: location,
                        chapter: (source ?? properties.source) == nil ? nil : chapter, colour: colour)
    }
}

extension String {
    /// The string, or `nil` when it is empty.
    var nonEmptyText: String? { isEmpty ? nil : self }

    /// The string without `character` at either end.
    func trimmingCharacters(in character: Character) -> String {
        var slice = Substring(self)
        while slice.first == character { slice.removeFirst() }
        while slice.last == character { slice.removeLast() }
        return String(slice)
    }
}

extension Substring {
    /// The text without `character` at either end.
    func trimmingCharacters(in character: Character) -> String {
        String(self).trimmingCharacters(in: character)
    }
}
