import CardportCore

/// Writes one Markdown document with a section per kind: citations grouped by book, then
/// bookmarks, tasks and topics.
///
/// The whole document is held until ``finish()``, because citations are grouped by book and the
/// sections come in a fixed order whatever the order of the records.
final class MarkdownWriter: RecordWriter {
    private let output: ByteOutput
    private var content = MarkdownContent()

    var losses: LossReport { content.renderer.losses }

    init(output: ByteOutput) {
        self.output = output
    }

    func write(_ record: Record) throws(CardportError) {
        content.add(record)
    }

    func finish() throws(CardportError) {
        try content.render(to: output)
        try output.flush()
    }
}

/// The cards of one document, collected by kind and rendered section by section.
struct MarkdownContent {
    /// Each book's citations, already rendered.
    var citations = CitationGroups<[UInt8]>()
    var bookmarks: [Bookmark] = []
    var tasks: [TaskItem] = []
    var topics: [Topic] = []
    var renderer: MarkdownRenderer = {
        var renderer = MarkdownRenderer()
        renderer.writesChapters = true
        return renderer
    }()
    /// The chapter of the last citation of each book, by the book's position: a citation in
    /// another chapter than the one before it starts a chapter heading.
    private var chapters: [Int: String] = [:]

    /// Whether nothing was added.
    var isEmpty: Bool { citations.isEmpty && bookmarks.isEmpty && tasks.isEmpty && topics.isEmpty }

    /// Files a record under its kind; kinds Markdown does not hold are counted as lost.
    mutating func add(_ record: Record) {
        switch record {
        case .citation(let citation):
            let position = citations.add(citation, empty: [])
            let chapter = renderer.writtenChapter(of: citation)
            if let chapter, chapters[position] != chapter {
                renderer.chapterHeading(chapter, level: 3, to: &citations.groups[position].body)
                chapters[position] = chapter
            } else if chapter == nil, chapters[position] != nil {
                // A quote in no chapter after one in a chapter: the book's heading again ends the chapter.
                renderer.chapterHeading(citations.groups[position].title, level: 2, to: &citations.groups[position].body)
                chapters[position] = nil
            }
            citations.groups[position].body += "\n"
            renderer.citation(citation, to: &citations.groups[position].body)
        case .bookmark(let bookmark): bookmarks.append(bookmark)
        case .task(let task): tasks.append(task)
        case .topic(let topic): topics.append(topic)
        case .tag, .settings: renderer.losses.dropRecord(of: record.kind)
        }
    }

    /// Writes the sections that have cards, flushing to `output` every megabyte or so.
    mutating func render(to output: ByteOutput) throws(CardportError) {
        var out: [UInt8] = []
        out.reserveCapacity(1 << 21)
        func flushIfLarge() throws(CardportError) {
            if out.count >= 1 << 20 {
                try output.write(out)
                out.removeAll(keepingCapacity: true)
            }
        }
        func section(_ title: String) {
            if !out.isEmpty || output.count > 0 { out += "\n" }
            out += "# \(title)\n"
        }
        if !citations.isEmpty {
            section("Citations")
            for group in citations.groups {
                renderer.groupHeading(group, level: 2, to: &out)
                out += group.body
                try flushIfLarge()
            }
        }
        func listSection<Card>(_ title: String, _ cards: [Card],
                               _ render: (inout MarkdownRenderer, Card, inout [UInt8]) -> Void) throws(CardportError) {
            guard !cards.isEmpty else { return }
            section(title)
            out += "\n"
            for card in cards {
                render(&renderer, card, &out)
                try flushIfLarge()
            }
        }
        try listSection("Bookmarks", bookmarks) { $0.bookmark($1, to: &$2) }
        try listSection("Tasks", tasks) { $0.task($1, to: &$2) }
        if !topics.isEmpty {
            section("Topics")
            for topic in topics {
                out += "\n"
                renderer.topic(topic, to: &out)
                try flushIfLarge()
            }
        }
        try output.write(out)
    }
}
