import CardportCore
import CardportMachinery

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

    init(directory: OutputDirectory, layout: SplitLayout, force: Bool = false) throws(CardportError) {
        self.directory = directory
        self.layout = layout
        self.force = force
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

    func finish() throws(CardportError) {
        for group in citations.groups {
            switch layout {
            case .book: try writeBook(group)
            case .citation:
                for citation in group.citations { try writeCitation(citation) }
            }
        }
        if !others.isEmpty {
            try directory.addFile(named: names.next("Cards")) { output throws(CardportError) in
                try others.render(to: output)
            }
        }
    }

    /// One note per book: the book's properties in front matter, then a block per highlight.
    private func writeBook(_ group: CitationGroups<[Citation]>.Group) throws(CardportError) {
        let blocks = MarkdownSplitWriter.inBookOrder(group.citations).map(block)
        let source = MarkdownSplitWriter.bookID(group)
        if try update(source, to: blocks) { return }
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
                                      count: group.citations.filter { $0.updatedAt != nil }.count)
        }
        var out = Array(MarkdownSplitWriter.frontMatter(properties, source: source).utf8)
        renderer.groupHeading(group, level: 1, to: &out)
        for block in blocks {
            out += "\n"
            out += block.rendered
        }
        try create(named: names.next(group.title), out)
    }

    /// One note per citation: all of its properties in front matter, the quote and note below.
    private func writeCitation(_ citation: Citation) throws(CardportError) {
        let made = block(citation)
        if try update(citation.id, to: [made]) { return }
        var properties = NoteProperties()
        properties.author = citation.author
        properties.source = citation.source
        properties.tags = citation.tags
        properties.isFavourite = citation.isFavourite
        properties.createdAt = citation.createdAt
        properties.updatedAt = citation.updatedAt
        var out = Array(MarkdownSplitWriter.frontMatter(properties, source: citation.id).utf8)
        out += "\n"
        out += made.rendered
        try create(named: names.next(MarkdownSplitWriter.firstWords(of: citation.text)), out)
    }

    /// A citation's generated block: its quote, details and note, then its Obsidian block id.
    private func block(_ citation: Citation) -> NoteBlock {
        let id = NoteBlock.id(of: citation)
        var out: [UInt8] = []
        renderer.citation(citation, to: &out)
        out += "\n^\(id)\n"
        return NoteBlock(id: id, body: String(decoding: out, as: UTF8.self))
    }

    /// Updates the note that holds `source` if the folder has one; `false` when it has none.
    private func update(_ source: String, to blocks: [NoteBlock]) throws(CardportError) -> Bool {
        guard let found = existing.notes[source] else { return false }
        var note = VaultNote(parsing: found.text)
        let update = note.update(to: blocks, force: force)
        for id in update.conflicts { noteSummary.conflicts.append(.init(note: found.path, block: id)) }
        let text = note.text
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
        let orders = citations.map { HighlightFields(citation: $0).bookOrder }
        guard orders.allSatisfy({ $0 != nil }) else { return citations }
        return zip(citations.indices, citations).sorted { lhs, rhs in
            (orders[lhs.0]!, lhs.0) < (orders[rhs.0]!, rhs.0)
        }.map(\.1)
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
