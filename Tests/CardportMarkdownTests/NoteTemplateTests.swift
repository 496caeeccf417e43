import CardportCore
@testable import CardportMarkdown
import CardportTestSupport
import Foundation
import PropertyBased
import Testing

@Suite struct NoteTemplateTests {
    /// Every file `records` make in a fresh folder, split by `layout`, by name; `template` is the
    /// text of a template to write them with.
    private func notes(_ records: [Record], _ layout: SplitLayout, template: String? = nil) throws -> [String: String] {
        let folder = try TemporaryDirectory()
        var options = WriteOptions(split: layout)
        if let template { options.noteTemplate = try folder.write("note.stencil", template) }
        let out = try TemporaryDirectory()
        let directory = try OutputDirectory(path: out.path)
        let writer = try #require(try MarkdownFormat().makeDirectoryWriter(directory, options: options))
        for record in records { try writer.write(record) }
        try writer.finish()
        try directory.commit()
        var files: [String: String] = [:]
        for name in out.entries { files[name] = try out.read(name) }
        return files
    }

    @Test func theBuiltInTemplatesWriteTheBuiltInNotes() async {
        await propertyCheck(count: 40, input: RandomCards.library(of: [.citation])) { library in
            let books = try notes(library.records, .book)
            #expect(try notes(library.records, .book, template: NoteTemplate.book) == books)
            let citations = try notes(library.records, .citation)
            #expect(try notes(library.records, .citation, template: NoteTemplate.citation) == citations)
        }
    }

    @Test func aTemplateLaysOutTheNote() throws {
        let citation = Citation(id: "1a2b3c4d-0000-4000-8000-000000000000", text: "Be one.", author: "Marcus Aurelius",
                                source: "Meditations", tags: ["stoic", "ethics"], note: "Daily.",
                                location: CitationLocation(page: "12", start: 120, end: 125),
                                chapter: "Book X", colour: "yellow")
        let template = """
            {{ frontmatter }}
            # {{ book.title }} ({{ book.author }})
            {% for h in highlights %}
            {% highlight h %}
            - {{ h.text }} [{{ h.chapter }}, {{ h.colour }}, {{ h.location }}] {{ h.tags|join:", " }}{% if h.note %}: {{ h.note }}{% endif %}
            {% endhighlight %}
            {% endfor %}
            """
        let files = try notes([.citation(citation)], .book, template: template)
        let note = try #require(files["Meditations.md"])
        let body = "- Be one. [Book X, yellow, Page 12 · Location 120-125] stoic, ethics: Daily.\n\n^1a2b3c4d\n"
        #expect(note == """
            ---
            author: Marcus Aurelius
            source: Meditations
            tags: [stoic, ethics]
            cardport-source: book-\(try bookID(files))
            ---

            # Meditations (Marcus Aurelius)
            <!-- cardport:begin 1a2b3c4d fp=\(NoteBlock.fingerprint(body)) -->
            \(body)<!-- cardport:end -->

            """)
    }

    /// The `cardport-source` of the one note in `files`.
    private func bookID(_ files: [String: String]) throws -> String {
        let text = try #require(files.values.first)
        return String(try #require(VaultNote.source(in: Substring(text))).dropFirst(5))
    }

    @Test func anErrorNamesTheTemplatesLineAndColumn() throws {
        let error = try #require(throws: CardportError.self) {
            _ = try NoteTemplate(text: "{{ frontmatter }}\n  é {{ h.text|shout }}\n", name: "Book.stencil")
        }
        // Stencil points at the expression, after `{{ `; `é` is one column and two bytes.
        #expect(error.code == .invalidValue)
        #expect(error.location == SourceLocation(file: "Book.stencil", line: 2, column: 8, offset: 26))
        #expect(error.message == "Unknown filter 'shout'. Found similar filters: 'split'.")
        #expect(error.sourceLine == "  é {{ h.text|shout }}")
    }

    @Test func anUnclosedHighlightIsAnError() throws {
        let error = try #require(throws: CardportError.self) {
            _ = try NoteTemplate(text: "{{ frontmatter }}\n{% highlight highlight %}{{ highlight.text }}\n", name: "t")
        }
        #expect(error.location?.line == 2)
        #expect(error.message == "'highlight' is never closed by {% endhighlight %}")
    }

    @Test func aTemplateThatDropsABlockIsRefused() throws {
        let citation = Citation(id: "1a2b3c4d", text: "Be one.", author: "Marcus Aurelius", source: "Meditations")
        let dropped = try #require(throws: CardportError.self) {
            _ = try notes([.citation(citation)], .book,
                          template: "{{ frontmatter }}{% for h in highlights %}- {{ h.text }}{% endfor %}")
        }
        #expect(dropped.message == "the template '\(dropped.message.split(separator: "'")[1])' writes no block for the highlight ^1a2b3c4d, so the next export could not update the note")
        let unfound = try #require(throws: CardportError.self) {
            _ = try notes([.citation(citation)], .book,
                          template: "{% for h in highlights %}{% highlight h %}{{ h.text }}{% endhighlight %}{% endfor %}")
        }
        #expect(unfound.message.contains("' writes no 'cardport-source: book-"))
        #expect(unfound.message.hasSuffix("' in the note's front matter, so the next export could not update the note"))
        #expect(unfound.hint == "start the template with {{ frontmatter }}, or write cardport-source: {{ book.id }} in its front matter")
    }
}
