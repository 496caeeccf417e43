import CardportCore

/// Writes citations as a folder of notes, one per book or one per citation, each with YAML front
/// matter (author, source, tags, favourite, created, updated): the layout Obsidian vaults use.
///
/// Bookmarks, tasks and topics go into one more note, `Cards.md`, laid out like the single
/// document. Every file is staged in the ``OutputDirectory`` and appears only when the whole
/// conversion succeeds.
final class MarkdownSplitWriter: RecordWriter {
    private let directory: OutputDirectory
    private let layout: SplitLayout
    private var citations = CitationGroups<[Citation]>()
    private var others = MarkdownContent()
    private var renderer = MarkdownRenderer()
    private var names = NoteFileName.Allocator()

    var losses: LossReport {
        var total = renderer.losses
        total.merge(others.renderer.losses)
        return total
    }

    init(directory: OutputDirectory, layout: SplitLayout) {
        self.directory = directory
        self.layout = layout
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

    /// One note per book: the book's properties in front matter, then every citation.
    private func writeBook(_ group: CitationGroups<[Citation]>.Group) throws(CardportError) {
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
        var out = Array(properties.rendered().utf8)
        renderer.groupHeading(group, level: 1, to: &out)
        for citation in group.citations {
            out += "\n"
            renderer.citation(citation, to: &out)
        }
        try directory.addFile(named: names.next(group.title)) { output throws(CardportError) in try output.write(out) }
    }

    /// One note per citation: all of its properties in front matter, the quote and note below.
    private func writeCitation(_ citation: Citation) throws(CardportError) {
        var properties = NoteProperties()
        properties.author = citation.author
        properties.source = citation.source
        properties.tags = citation.tags
        properties.isFavourite = citation.isFavourite
        properties.createdAt = citation.createdAt
        properties.updatedAt = citation.updatedAt
        var out = Array(properties.rendered().utf8)
        out += "\n"
        renderer.citation(citation, to: &out)
        let title = MarkdownSplitWriter.firstWords(of: citation.text)
        try directory.addFile(named: names.next(title)) { output throws(CardportError) in try output.write(out) }
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
