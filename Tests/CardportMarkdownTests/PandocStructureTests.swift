import CardportCore
import CardportMarkdown
import CardportTestSupport
import Foundation
import PropertyBased
import Testing

/// A second CommonMark implementation, pandoc's GFM reader, parses the writer's output into the
/// structure it is meant to have: a blockquote per citation, a checkbox per task and question, a
/// link per bookmark.
@Suite struct PandocStructureTests {
    let format = MarkdownFormat()

    /// The pandoc document tree of `markdown`, as JSON values.
    private func pandoc(_ markdown: String) throws -> [String: Any] {
        let pandoc = ["/usr/bin/pandoc", "/usr/local/bin/pandoc"].first { FileManager.default.isExecutableFile(atPath: $0) }
        guard let pandoc else {
            Issue.record("pandoc is not installed; install it (apt-get install pandoc) to run this test")
            throw CancellationError()
        }
        let scratch = try TemporaryDirectory()
        let input = try scratch.write("in.md", markdown)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: pandoc)
        process.arguments = ["-f", "gfm", "-t", "json", input, "-o", scratch.file("out.json")]
        try process.run()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        let data = try Data(contentsOf: URL(fileURLWithPath: scratch.file("out.json")))
        return try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    }

    /// Every node of type `type` anywhere in the tree.
    private func nodes(_ type: String, in value: Any) -> [[String: Any]] {
        var found: [[String: Any]] = []
        if let object = value as? [String: Any] {
            if object["t"] as? String == type { found.append(object) }
            for child in object.values { found += nodes(type, in: child) }
        } else if let array = value as? [Any] {
            for child in array { found += nodes(type, in: child) }
        }
        return found
    }

    /// The list items that start with a checkbox (pandoc writes them as ☐ and ☒).
    private func checkboxes(in tree: [String: Any]) -> (open: Int, checked: Int) {
        var open = 0
        var checked = 0
        for list in nodes("BulletList", in: tree) {
            for item in list["c"] as? [[Any]] ?? [] {
                guard let first = item.first as? [String: Any], let inlines = first["c"] as? [[String: Any]],
                      let mark = inlines.first, mark["t"] as? String == "Str" else { continue }
                if mark["c"] as? String == "\u{2610}" { open += 1 }
                if mark["c"] as? String == "\u{2612}" { checked += 1 }
            }
        }
        return (open, checked)
    }

    /// The text of a pandoc node: its `Str`, `Code` and space nodes, in order.
    private func plainText(_ value: Any) -> String {
        if let object = value as? [String: Any] {
            switch object["t"] as? String {
            case "Str": return object["c"] as? String ?? ""
            case "Code": return ((object["c"] as? [Any])?.last as? String) ?? ""
            case "Space", "SoftBreak", "LineBreak": return " "
            case "Para", "Plain": return plainText(object["c"] as Any) + " "
            default: return plainText(object["c"] as Any)
            }
        }
        if let array = value as? [Any] { return array.map(plainText).joined() }
        return ""
    }

    /// The words of a text, without invisible format characters (a byte-order mark, a zero-width
    /// space, direction marks), which pandoc drops.
    private func words(_ text: String) -> [Substring] {
        let visible = String(String.UnicodeScalarView(text.unicodeScalars.filter { $0.properties.generalCategory != .format }))
        return visible.split(whereSeparator: { $0.isWhitespace })
    }

    private func topLevel(_ tree: [String: Any]) -> [String] {
        (tree["blocks"] as? [[String: Any]] ?? []).compactMap { $0["t"] as? String }
    }

    @Test func aReadingListHasTheStructureItShows() throws {
        let records: [Record] = [
            .citation(Citation(text: "It is a truth universally acknowledged…\nthat a single man must be in want of a wife.",
                               author: "Jane Austen", source: "Pride and Prejudice", tags: ["classics", "opening lines"],
                               isFavourite: true, note: "Irony from the *first* line.",
                               location: CitationLocation(page: "1", start: 5, end: 9))),
            .citation(Citation(text: "- Not a list, # not a heading, 1. not numbered", author: "Anon")),
            .bookmark(Bookmark(name: "Project [Gutenberg]", text: "https://www.gutenberg.org/ebooks/1342", tags: ["ebooks"])),
            .bookmark(Bookmark(text: "https://example.org/path with spaces")),
            .task(TaskItem(description: "Read chapter 1", progress: .done)),
            .task(TaskItem(description: "Read chapter 2", progress: try TaskProgress(percent: 40))),
            .topic(Topic(title: "Regency England", dueDate: Timestamp(parsing: "2024-09-01"), status: .inProgress,
                         notes: "Manners, money, marriage.", links: ["https://en.wikipedia.org/wiki/Regency_era"],
                         questions: [Question(text: "What was an entail?", answer: "A rule on who inherits.", isDone: true),
                                     Question(text: "How much was £10,000 a year?")])),
        ]
        let tree = try pandoc(try FormatHarness.write(format, records).text)
        #expect(topLevel(tree) == ["Header", "Header", "Para", "BlockQuote", "Para", "Para", "Header", "BlockQuote",
                                   "Header", "BulletList", "Header", "BulletList",
                                   "Header", "Header", "Para", "Para", "Header", "BulletList", "Header", "BulletList"])
        #expect(nodes("BlockQuote", in: tree).count == 2)
        let targets = nodes("Link", in: tree).compactMap { ($0["c"] as? [Any])?.last as? [Any] }.compactMap { $0.first as? String }
        // pandoc also links the bare URL inside the second link's text.
        #expect(targets == ["https://www.gutenberg.org/ebooks/1342", "https://example.org/path with spaces",
                            "https://example.org/path", "https://en.wikipedia.org/wiki/Regency_era"])
        let boxes = checkboxes(in: tree)
        #expect(boxes.open == 2 && boxes.checked == 2)
        // The source is emphasised in the attribution; nothing else is.
        let quote = try #require(nodes("BlockQuote", in: tree).first)
        #expect(nodes("Emph", in: quote).count == 1)
    }

    @Test func randomCardsKeepTheirStructure() async {
        await propertyCheck(count: 25, input: RandomCards.library(of: [.citation, .bookmark, .task, .topic])) { library in
            let text = try FormatHarness.write(format, library.records).text
            let tree = try pandoc(text)
            let quotes = (tree["blocks"] as? [[String: Any]] ?? []).filter { $0["t"] as? String == "BlockQuote" }
            #expect(quotes.count == library.citations.count, "\(text)")
            // Every citation's words are in some quotation as pandoc reads it: Markdown escaping
            // undone, white space aside.
            let quoted = quotes.map { words(plainText($0)) }
            for citation in library.citations where !words(citation.text).isEmpty {
                #expect(quoted.contains { $0.starts(with: words(citation.text)) }, "\(citation.text) in \(text)")
            }
            let boxes = checkboxes(in: tree)
            let questions = library.topics.flatMap(\.questions)
            #expect(boxes.checked == library.tasks.filter(\.isDone).count + questions.filter(\.isDone).count, "\(text)")
            #expect(boxes.open == library.tasks.filter { !$0.isDone }.count + questions.filter { !$0.isDone }.count, "\(text)")
            let links = library.bookmarks.filter { $0.text.hasPrefix("https:") }.count
                + library.topics.flatMap(\.links).count
            #expect(nodes("Link", in: tree).count >= links, "\(text)")
            let targets = Set(nodes("Link", in: tree).compactMap { ($0["c"] as? [Any])?.last as? [Any] }.compactMap { $0.first as? String })
            for url in library.bookmarks.map(\.text).filter({ $0.hasPrefix("https:") }) + library.topics.flatMap(\.links) {
                #expect(targets.contains(url), "\(url) in \(text)")
            }
        }
    }
}
