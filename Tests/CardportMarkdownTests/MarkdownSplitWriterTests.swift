import CardportCore
@testable import CardportMarkdown
import CardportTestSupport
import Foundation
import PropertyBased
import Testing

@Suite struct MarkdownSplitWriterTests {
    let format = MarkdownFormat()

    /// Writes `records` split by `layout` into a fresh directory; returns it and the files in the
    /// order they were written.
    private func split(_ records: [Record], _ layout: SplitLayout) throws -> (TemporaryDirectory, [String], LossReport) {
        let folder = try TemporaryDirectory()
        let directory = try OutputDirectory(path: folder.path)
        let writer = try #require(try format.makeDirectoryWriter(directory, options: WriteOptions(split: layout)))
        for record in records where format.descriptor.writes.contains(record.kind) { try writer.write(record) }
        try writer.finish()
        let names = directory.names
        try directory.commit()
        return (folder, names, writer.losses)
    }

    private func readBack(_ folder: TemporaryDirectory, _ names: [String]) throws -> Library {
        var library = Library()
        for name in names {
            for record in try FormatHarness.read(format, try folder.read(name), name: name) { library.append(record) }
        }
        return library
    }

    @Test func oneNotePerBookRoundTrips() async {
        await propertyCheck(count: 100, input: RandomCards.library(of: [.citation, .bookmark, .task, .topic])) { library in
            let (folder, names, _) = try split(library.records, .book)
            #expect(folder.entries == names.sorted())
            #expect(try readBack(folder, names) == MarkdownProjection.books(library))
        }
    }

    @Test func oneNotePerCitationRoundTrips() async {
        await propertyCheck(count: 100, input: RandomCards.library(of: [.citation, .bookmark, .task, .topic])) { library in
            let (folder, names, _) = try split(library.records, .citation)
            #expect(try readBack(folder, names) == MarkdownProjection.citations(library))
        }
    }

    @Test func writesABookNoteWithFrontMatter() throws {
        let day = try #require(Timestamp(parsing: "2024-03-01"))
        let records: [Record] = [
            .citation(Citation(text: "Be one.", author: "Marcus Aurelius", source: "Meditations: Book X",
                               tags: ["stoicism", "ethics"], createdAt: day)),
            .citation(Citation(text: "Waste no more time.", author: "Marcus Aurelius", source: "Meditations: Book X",
                               tags: ["stoicism"], isFavourite: true, createdAt: day)),
            .task(TaskItem(description: "Reread")),
        ]
        let (folder, names, losses) = try split(records, .book)
        #expect(names == ["Meditations Book X.md", "Cards.md"])
        #expect(losses.isEmpty)
        let ids = records.prefix(2).map { record in
            guard case .citation(let citation) = record else { return "" }
            return String(citation.id.filter(\.isHexDigit).prefix(8))
        }
        let written = try folder.read("Meditations Book X.md")
            .replacingOccurrences(of: #"fp=[0-9a-f]{16}"#, with: "fp=…", options: .regularExpression)
            .replacingOccurrences(of: #"book-[0-9a-f]{16}"#, with: "book-…", options: .regularExpression)
        #expect(written == """
            ---
            author: Marcus Aurelius
            source: "Meditations: Book X"
            tags: [stoicism]
            created: "2024-03-01"
            cardport-source: book-…
            ---

            # Meditations: Book X

            *by Marcus Aurelius*

            <!-- cardport:begin \(ids[0]) fp=… -->
            > Be one.
            >
            > — Marcus Aurelius, *Meditations: Book X*

            *Added 2024-03-01 · #stoicism #ethics*

            ^\(ids[0])
            <!-- cardport:end -->

            <!-- cardport:begin \(ids[1]) fp=… -->
            > Waste no more time.
            >
            > — Marcus Aurelius, *Meditations: Book X*

            *Added 2024-03-01 · ⭐ · #stoicism*

            ^\(ids[1])
            <!-- cardport:end -->

            """)
        #expect(try folder.read("Cards.md") == "# Tasks\n\n- [ ] Reread\n")
    }

    @Test func namesCitationNotesAfterTheirFirstWordsWithoutClashes() throws {
        let records: [Record] = [
            .citation(Citation(text: "What is *art*? Nothing / everything.", author: "A")),
            .citation(Citation(text: "What is *art*? Nothing / everything.", author: "B")),
        ]
        let (folder, names, _) = try split(records, .citation)
        #expect(names == ["What is art Nothing everything.md", "What is art Nothing everything 2.md"])
        guard case .citation(let first) = records[0] else { return }
        let id = String(first.id.filter(\.isHexDigit).prefix(8))
        #expect(try folder.read(names[0]).hasPrefix("---\nauthor: A\ncardport-source: \(first.id)\n---\n\n<!-- cardport:begin \(id) "))
    }

    @Test func discardLeavesTheDirectoryAsItWas() throws {
        let folder = try TemporaryDirectory()
        try folder.write("keep.md", "mine")
        let directory = try OutputDirectory(path: folder.path)
        try directory.addFile(named: "keep.md") { output throws(CardportError) in try output.write("theirs") }
        directory.discard()
        #expect(folder.entries == ["keep.md"])
        #expect(try folder.read("keep.md") == "mine")
    }
}
