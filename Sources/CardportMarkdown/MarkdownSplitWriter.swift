import CardportCore
import CardportMachinery
import Foundation

/// Writes citations as a folder of notes, one per book or one per citation, each with YAML front
/// matter (author, source, tags, favourite, created, updated): the layout Obsidian vaults use.
///
/// The folder is a vault kept in step: each note names its book in front matter
/// (`cardport-source`) and holds one generated block per highlight (``NoteBlock``). A note already
/// in the folder (found by that key, wherever it was moved or however renamed) is updated in place
/// (``VaultNote``), atomically and only when its text changes; new notes are staged in the
/// ``OutputDirectory`` and appear when the whole conversion succeeds. Bookmarks, tasks and topics
/// go into one more note, `Cards.md`, laid out like the single document.
final class MarkdownSplitWriter: NoteFolderWriter {
    private let directory: OutputDirectory
    private let layout: SplitLayout
    private let force: Bool
    private let archivedAreRemovals: Bool
    private let template: NoteTemplate?
    private let existing: VaultIndex
    private var citations = CitationGroups<[Citation]>()
    private var others = MarkdownContent()
    private var renderer = MarkdownRenderer()
    private var names: NoteFileName.Allocator
    private(set) var noteSummary = NoteFolderSummary()

    var losses: LossReport {
        var total = renderer.losses
        total.merge(others.renderer.losses)
        return total
    }

    /// A writer into `directory`; `template` is the path of a user's template (`--template`), and
    /// `archivedAreRemovals` says that archived citations come only to have their blocks removed.
    init(directory: OutputDirectory, layout: SplitLayout, force: Bool = false, template: String? = nil,
         archivedAreRemovals: Bool = false) throws(CardportError) {
        self.directory = directory
        self.layout = layout
        self.force = force
        self.archivedAreRemovals = archivedAreRemovals
        self.template = try template.map { path throws(CardportError) in try NoteTemplate(path: path) }
        existing = try VaultIndex(folder: directory.path)
        // Cards.md holds no highlights and is written afresh each time.
        names = NoteFileName.Allocator(taken: existing.topLevelNames.subtracting(["cards.md"]))
        renderer.keepsUpdatedDates = true
        renderer.detailsHoldProperties = layout == .book
    }

    func write(_ record: Record) throws(CardportError) {
        if case .citation(let citation) = record {
            citations.add(citation)
        } else {
            others.add(record)
        }
    }

    /// A note this export writes: found by `source`, with these blocks, created from `text`.
    private struct PlannedNote {
        var source: String
        var title: String
        var blocks: [NoteBlock]
        /// The whole note, made only when it is created (or rendered by a template anyway).
        var text: () -> [UInt8]
        /// What a note with no highlights left holds when its user added nothing.
        var skeleton: () throws(CardportError) -> String
    }

    func finish() throws(CardportError) {
        // Every note is planned (and a template rendered and checked) before any is written, so a
        // template error leaves the folder as it was.
        var planned: [PlannedNote] = []
        for group in citations.groups {
            switch layout {
            case .book: planned.append(try planBook(group))
            case .citation:
                for citation in group.citations {
                    var note = try planCitation(citation)
                    if archivedAreRemovals, citation.isArchived { note.blocks = [] }
                    planned.append(note)
                }
            }
        }
        for note in planned {
            if try update(note) { continue }
            guard !note.blocks.isEmpty else { continue }
            try create(named: names.next(note.title), note.text())
        }
        if !others.isEmpty {
            try directory.addFile(named: names.next("Cards")) { output throws(CardportError) in
                try others.render(to: output)
            }
        }
    }

    /// One note per book: the book's properties in front matter, then a block per highlight.
    private func planBook(_ group: CitationGroups<[Citation]>.Group) throws(CardportError) -> PlannedNote {
        let live = archivedAreRemovals ? group.citations.filter { !$0.isArchived } : group.citations
        let ordered = MarkdownSplitWriter.inBookOrder(live)
        let ids = NoteBlock.ids(of: ordered)
        let source = MarkdownSplitWriter.bookID(group)
        var properties = NoteProperties()
        properties.source = group.source
        properties.author = group.source == nil ? group.author : group.sharedAuthor
        // Only tags the details line gives back unchanged, so front matter adds nothing on reading.
        properties.tags = group.sharedTags.filter { MarkdownTag.normalised($0) == $0 }
        let created = group.citations.first?.createdAt
        let updated = group.citations.first?.updatedAt
        // A date goes in front matter only when every citation has that date, so none is invented;
        // each citation's details line says when it was added in any case.
        if group.citations.allSatisfy({ $0.createdAt == created }) { properties.createdAt = created }
        if group.citations.allSatisfy({ $0.updatedAt == updated }) {
            properties.updatedAt = updated
        } else {
            renderer.losses.dropField("updated_at", of: .citation,
                                      count: live.filter { $0.updatedAt != nil }.count)
        }
        let frontMatter = MarkdownSplitWriter.frontMatter(properties, source: source)
        if let template {
            let book = MarkdownSplitWriter.bookVariables(group, source: source)
            var highlights: [[String: Any]] = []
            for (citation, id) in zip(ordered, ids) { highlights.append(highlightVariables(citation, id: id)) }
            let text = try render(template, ["frontmatter": frontMatter, "book": book, "highlights": highlights],
                                  source: source, ids: ids)
            let empty: [String: Any] = ["frontmatter": frontMatter, "book": book, "highlights": [[String: Any]]()]
            return PlannedNote(source: source, title: group.title, blocks: text.blocks, text: { Array(text.note.utf8) },
                               skeleton: { () throws(CardportError) in try template.render(empty) })
        }
        let blocks = zip(ordered, ids).map { block($0, id: $1) }
        var heading: [UInt8] = []
        renderer.groupHeading(group, level: 1, to: &heading)
        return PlannedNote(source: source, title: group.title, blocks: blocks, text: {
            var out = Array(frontMatter.utf8) + heading
            for block in blocks {
                out += "\n"
                out += block.rendered
            }
            return out
        }, skeleton: { String(decoding: Array(frontMatter.utf8) + heading, as: UTF8.self) })
    }

    /// One note per citation: all of its properties in front matter, the quote and note below.
    private func planCitation(_ citation: Citation) throws(CardportError) -> PlannedNote {
        let id = NoteBlock.id(of: citation)
        var properties = NoteProperties()
        properties.author = citation.author
        properties.source = citation.source
        properties.tags = citation.tags
        properties.isFavourite = citation.isFavourite
        properties.createdAt = citation.createdAt
        properties.updatedAt = citation.updatedAt
        let frontMatter = MarkdownSplitWriter.frontMatter(properties, source: citation.id)
        let title = MarkdownSplitWriter.firstWords(of: citation.text)
        if let template {
            let highlight = highlightVariables(citation, id: id)
            var book: [String: Any] = ["title": citation.source ?? citation.author ?? "Other citations", "tags": citation.tags,
                                       "id": citation.id]
            book["author"] = citation.author
            book["source"] = citation.source
            let text = try render(template, ["frontmatter": frontMatter, "book": book, "highlights": [highlight],
                                             "highlight": highlight], source: citation.id, ids: [id])
            let empty: [String: Any] = ["frontmatter": frontMatter, "book": book, "highlights": [[String: Any]]()]
            return PlannedNote(source: citation.id, title: title, blocks: text.blocks, text: { Array(text.note.utf8) },
                               skeleton: { () throws(CardportError) in try template.render(empty) })
        }
        let made = block(citation, id: id)
        return PlannedNote(source: citation.id, title: title, blocks: [made],
                           text: { Array((frontMatter + "\n" + made.rendered).utf8) }, skeleton: { frontMatter })
    }

    /// A citation's generated block: its quote, details and note, then its Obsidian block id.
    private func block(_ citation: Citation, id: String) -> NoteBlock {
        var out: [UInt8] = []
        renderer.citation(citation, to: &out)
        out += "\n^\(id)\n"
        return NoteBlock(id: id, body: String(decoding: out, as: UTF8.self))
    }

    /// A note rendered by `template`, and its blocks; refused when it lost what finds the note
    /// (`cardport-source`) or a highlight's block again.
    private func render(_ template: NoteTemplate, _ context: [String: Any], source: String,
                        ids: [String]) throws(CardportError) -> (note: String, blocks: [NoteBlock]) {
        let note = try template.render(context)
        func refuse(_ reason: String, _ hint: String) -> CardportError {
            CardportError(.invalidValue, "the template '\(template.name)' \(reason), so the next export could not update the note",
                          hint: hint)
        }
        guard VaultNote.source(in: Substring(note)) == source else {
            throw refuse("writes no '\(VaultNote.sourceKey): \(source)' in the note's front matter",
                         "start the template with {{ frontmatter }}, or write \(VaultNote.sourceKey): {{ book.id }} in its front matter")
        }
        var blocks: [NoteBlock] = []
        var seen: Set<String> = []
        for case .block(let block) in VaultNote(parsing: note).segments {
            guard ids.contains(block.id), seen.insert(block.id).inserted else {
                throw refuse("writes the block ^\(block.id) \(ids.contains(block.id) ? "twice" : "of no highlight")",
                             "write each highlight's block once, with {% highlight h %}…{% endhighlight %} in {% for h in highlights %}")
            }
            blocks.append(block)
        }
        if let missing = ids.first(where: { !seen.contains($0) }) {
            throw refuse("writes no block for the highlight ^\(missing)",
                         "write each highlight inside {% highlight h %}…{% endhighlight %}, on a line of its own (Formats.md)")
        }
        return (note, blocks)
    }

    /// Updates the note that holds `note.source` if the folder has one; `false` when it has none.
    ///
    /// A note left with no highlights is removed when nothing of its user's remains in it, else
    /// kept and reported.
    private func update(_ planned: PlannedNote) throws(CardportError) -> Bool {
        guard let found = existing.notes[planned.source] else { return false }
        var note = VaultNote(parsing: found.text)
        let update = note.update(to: planned.blocks, force: force)
        for id in update.conflicts { noteSummary.conflicts.append(.init(note: found.path, block: id)) }
        let text = note.text
        let emptied = planned.blocks.isEmpty && update.conflicts.isEmpty
            && !note.segments.contains { if case .block = $0 { true } else { false } }
        if emptied {
            if MarkdownSplitWriter.sameWords(text, try planned.skeleton()) {
                do {
                    try FileManager.default.removeItem(atPath: directory.path + "/" + found.path)
                } catch {
                    throw CardportError(.io, "cannot remove the note '\(found.path)', whose highlights are all archived: \(error.localizedDescription)",
                                        hint: "check the folder's permissions")
                }
                noteSummary.removed += 1
                return true
            }
            if text != found.text { noteSummary.kept.append(found.path) }
        }
        guard text != found.text else {
            noteSummary.unchanged += 1
            return true
        }
        let file = try OutputFile(path: directory.path + "/" + found.path)
        do throws(CardportError) {
            try file.output.write(Array(text.utf8))
            try file.commit()
        } catch {
            file.discard()
            throw error
        }
        noteSummary.updated += 1
        return true
    }

    /// Whether two notes differ in blank space only.
    static func sameWords(_ lhs: String, _ rhs: String) -> Bool {
        lhs.split(whereSeparator: \.isWhitespace) == rhs.split(whereSeparator: \.isWhitespace)
    }

    private func create(named name: String, _ bytes: [UInt8]) throws(CardportError) {
        try directory.addFile(named: name) { output throws(CardportError) in try output.write(bytes) }
        noteSummary.created += 1
    }

    /// Front matter for a new note: the properties, then the key that finds the note again.
    static func frontMatter(_ properties: NoteProperties, source: String) -> String {
        var text = properties.rendered()
        if text.isEmpty { text = "---\n---\n" }
        text.removeLast(4)
        return text + "\(VaultNote.sourceKey): \(source)\n---\n"
    }

    /// The id of a book's note: a stable hash of its title (or, without one, its author).
    static func bookID(_ group: CitationGroups<[Citation]>.Group) -> String {
        var hasher = StableHash()
        hasher.combine(group.source == nil ? "author" : "source")
        hasher.combine(group.title)
        let (high, low) = hasher.finalize()
        let hex = String(high, radix: 16) + String(low >> 32, radix: 16)
        return "book-" + String(hex.prefix(16))
    }

    /// Highlights by location (or numeric page) when every one has one, else in input order.
    static func inBookOrder(_ citations: [Citation]) -> [Citation] {
        let orders = citations.map(bookOrder)
        guard orders.allSatisfy({ $0 != nil }) else { return citations }
        return zip(citations.indices, citations).sorted { lhs, rhs in
            (orders[lhs.0]!, lhs.0) < (orders[rhs.0]!, rhs.0)
        }.map(\.1)
    }

    /// Where a highlight sits in its book, for ordering: its location, else a numeric page.
    static func bookOrder(_ citation: Citation) -> Int? {
        if let start = citation.location?.start { return start }
        if let page = citation.location?.page, let number = Int(page) { return number }
        return nil
    }

    /// The start of a quote, up to about eight words, for a file name.
    static func firstWords(of text: String) -> String {
        var words: [Substring] = []
        for word in text.split(whereSeparator: { $0.isWhitespace }) {
            words.append(word)
            if words.count == 8 { break }
        }
        return words.joined(separator: " ")
    }
}

extension MarkdownSplitWriter {
    /// The `book` variable of a template (Formats.md): the book a note holds.
    static func bookVariables(_ group: CitationGroups<[Citation]>.Group, source: String) -> [String: Any] {
        var book: [String: Any] = ["title": group.title, "tags": group.sharedTags, "id": source]
        book["author"] = group.source == nil ? group.author : group.sharedAuthor
        book["source"] = group.source
        return book
    }

    /// One of a template's `highlights` (Formats.md).
    fileprivate func highlightVariables(_ citation: Citation, id: String) -> [String: Any] {
        var markdown: [UInt8] = []
        renderer.citation(citation, to: &markdown)
        var highlight: [String: Any] = ["id": id, "text": citation.text, "tags": citation.tags,
                                        "favourite": citation.isFavourite,
                                        "markdown": String(decoding: markdown, as: UTF8.self)]
        highlight["note"] = citation.note
        highlight["author"] = citation.author
        highlight["source"] = citation.source
        highlight["chapter"] = citation.chapter
        highlight["colour"] = citation.colour
        highlight["position"] = citation.position
        highlight["page"] = citation.location?.page
        highlight["location"] = citation.location.flatMap(MarkdownSplitWriter.locationText)
        highlight["created"] = citation.createdAt?.iso8601
        highlight["updated"] = citation.updatedAt?.iso8601
        return highlight
    }

    /// `Page 12 · Location 120-125`, as the details line writes a location; `nil` when empty.
    static func locationText(_ location: CitationLocation) -> String? {
        var parts: [String] = []
        if let page = location.page { parts.append("Page \(page)") }
        if let start = location.start {
            parts.append("Location \(start)" + (location.end.map { $0 != start ? "-\($0)" : "" } ?? ""))
        }
        return parts.isEmpty ? nil : parts.joined(separator: MarkdownRenderer.separator)
    }
}
