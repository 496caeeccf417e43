@testable import CardportKindle
import CardportCore
import CardportTestSupport
import PropertyBased
import Foundation
import Testing

@Suite struct KindleFormatTests {
    let format = KindleFormat()

    /// Citations a clippings file can hold: floating dates, text without carriage returns or edge
    /// spaces, a note only where there is a location to put it, each in a book of its own.
    static let clippable = Generator<Library, [Library]>(run: { rng in
        var library = Library()
        for index in 0..<Int.random(in: 0...8, using: &rng) {
            let text = clean(RandomCards.text(using: &rng, nonEmpty: true))
            let location = RandomCards.location(using: &rng)
            let page = location.page.map { ["12", "xii", "12-13", "7"].contains($0) ? $0 : "3" }
            let kindleLocation = CitationLocation(page: page, start: location.start, end: location.end)
            let date = Bool.random(using: &rng) ? nil : Timestamp(
                year: Int.random(in: 2007...2030, using: &rng), month: Int.random(in: 1...12, using: &rng),
                day: Int.random(in: 1...28, using: &rng), hour: Int.random(in: 0...23, using: &rng),
                minute: Int.random(in: 0...59, using: &rng), second: Int.random(in: 0...59, using: &rng), zone: .floating)
            let title = ["Dune", "Title (with parentheses)", "Calibre - Style", "飘（上下）", "Ægir"].randomElement(using: &rng)!
                + " \(index)"
            let author = [nil, "Herbert, Frank", "E. C. (Elijah) Hills", "Andrew Hunt;David Thomas", "刘慈欣"]
                .randomElement(using: &rng)!
            let note = !kindleLocation.isEmpty && Bool.random(using: &rng) ? clean(RandomCards.text(using: &rng, nonEmpty: true)) : nil
            var extras: [String: String] = [:]
            if Int.random(in: 0...4, using: &rng) == 0 { extras[KindleReplay.ExtrasKey.truncated] = "true" }
            library.citations.append(Citation(text: text, author: author, source: title, createdAt: date, note: note,
                                              location: kindleLocation.isEmpty ? nil : kindleLocation, extras: extras))
        }
        return library
    }, shrink: LibraryShrinker.fewerRecords)

    private static func clean(_ text: String) -> String {
        let kept = String(text.unicodeScalars.filter { $0 != "\r" && $0 != "\u{FEFF}" }.map(Character.init))
        let trimmed = String(Substring(kept).trimmingSpaces)
        // Formats.md: a line that is exactly `==========` is written with a trailing space, so it
        // cannot end the entry; it reads back with it, but for the last line, whose edge spaces go.
        var lines = trimmed.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        for index in lines.indices.dropLast() where lines[index] == "==========" { lines[index] += " " }
        let text = lines.joined(separator: "\n")
        return text.isEmpty ? "a" : text
    }

    /// One book with many highlights whose locations overlap, written in time order, none of whose
    /// texts holds another by whole words (each word is `h<highlight>w<n>`): the replay edits none,
    /// so every highlight, and every note, comes back. A failing book shrinks by highlights left
    /// out, then by one highlight's note or one of its words.
    static let crowdedBook = Generator<Library, Shrinking<Library>>(run: { rng in
        var library = Library()
        var start = Int.random(in: 1...500, using: &rng)
        for index in 0..<Int.random(in: 2...30, using: &rng) {
            start += Int.random(in: -3...3, using: &rng)
            start = max(1, start)
            let end = start + Int.random(in: 0...8, using: &rng)
            let text = (0..<Int.random(in: 1...6, using: &rng)).map { "h\(index)w\($0)" }.joined(separator: " ")
            let date = Timestamp(year: 2024, month: 5, day: 1, hour: 8, minute: index, second: 0, zone: .floating)
            let note = Int.random(in: 0...3, using: &rng) == 0 ? "note \(index)" : nil
            library.citations.append(Citation(text: text, author: "Frank Herbert", source: "Dune", createdAt: date, note: note,
                                              location: CitationLocation(start: start, end: end)))
        }
        return library
    }, shrink: { library in
        let citations = library.citations
        let simpler = Shrinking.replacingEach(in: citations) { citation in
            Shrinking.clearing(citation.note, to: nil).map { note in var citation = citation; citation.note = note; return citation }
                + Shrinking.removingWords(of: citation.text).map { text in var citation = citation; citation.text = text; return citation }
        }
        return (Shrinking.removing(from: citations) + simpler).map { Library(citations: $0) }
    })

    @Test func aBookWithManyOverlappingHighlightsKeepsThemAll() async {
        let format = format
        await propertyCheck(count: 100, input: Self.crowdedBook) { library in
            let read = try FormatHarness.roundTrip(format, library)
            #expect(read.citations.map(\.text) == library.citations.map(\.text))
            #expect(read.citations.map(\.location) == library.citations.map(\.location))
            #expect(read.citations.map(\.note) == library.citations.map(\.note))
        }
    }

    static func citations(_ records: [Record]) -> [Citation] {
        records.compactMap { record -> Citation? in
            if case .citation(let citation) = record { return citation }
            return nil
        }
    }

    @Test func writingThenReadingGivesTheSameCitations() async {
        let format = format
        await propertyCheck(count: 200, input: Self.clippable) { library in
            let read = try FormatHarness.roundTrip(format, library)
            #expect(read == library)
        }
    }

    @Test func emptyInputsHoldNothing() throws {
        for empty in ["", "\n", "\r\n==========\r\n", "\u{FEFF}"] {
            #expect(try FormatHarness.read(format, empty).isEmpty)
        }
        #expect(try FormatHarness.read(format, FormatHarness.write(format, []).text).isEmpty)
    }

    @Test func writesWhatAKindleWrites() throws {
        let citation = Citation(text: "Fear is the mind-killer.", author: "Frank Herbert", source: "Dune",
                                createdAt: Timestamp(year: 2023, month: 3, day: 5, hour: 22, minute: 15, second: 42, zone: .floating),
                                note: "Litany", location: CitationLocation(page: "12", start: 123, end: 125))
        let written = try FormatHarness.write(format, [.citation(citation)])
        #expect(written.text == """
            \u{FEFF}Dune (Frank Herbert)\r
            - Your Highlight on page 12 | Location 123-125 | Added on Sunday, March 5, 2023 10:15:42 PM\r
            \r
            Fear is the mind-killer.\r
            ==========\r
            Dune (Frank Herbert)\r
            - Your Note on page 12 | Location 125 | Added on Sunday, March 5, 2023 10:15:42 PM\r
            \r
            Litany\r
            ==========\r

            """)
        #expect(written.losses.isEmpty)
    }

    @Test func countsWhatAClippingsFileCannotHold() throws {
        let citation = Citation(id: "mine", text: "t", source: "S", tags: ["x"], isFavourite: true, isArchived: true,
                                createdAt: Timestamp(year: 2020, month: 1, day: 1, zone: .utc),
                                updatedAt: Timestamp(year: 2020, month: 1, day: 2), note: "no place for me",
                                chapter: "One", colour: "red", position: "p", sourceID: "s", extras: ["mood": "calm"])
        let losses = try FormatHarness.write(format, [.citation(citation)]).losses
        #expect(losses.fields == ["citation.id": 1, "citation.tags": 1, "citation.favourite": 1, "citation.archived": 1,
                                  "citation.updated_at": 1, "citation.created_at": 1, "citation.note": 1, "citation.extras": 1,
                                  "citation.chapter": 1, "citation.colour": 1, "citation.position": 1,
                                  "citation.source_id": 1])
    }

    @Test func aFileWithNoReadableEntryIsAnError() throws {
        let error = try #require(FormatHarness.error(reading: "My notes\nnot a metadata line\n\ntext\n==========\n",
                                                     as: format, name: "notes.txt"))
        #expect(error.location == SourceLocation(file: "notes.txt", line: 2, column: 1, offset: 9))
        #expect(error.message.hasPrefix("no Kindle entry could be read"))
        #expect(!error.isRecoverable)
    }

    @Test func readerNotesSayWhatHappened() throws {
        let text = KindleFixtures.highlight("A (B)", location: "1-2", "one")
            + KindleFixtures.highlight("A (B)", location: "1-3", "one two")
            + KindleFixtures.entry("A (B)", "- Your Bookmark on Location 9 | Added on Monday, March 21, 2016 8:35:16 AM", "")
            + KindleFixtures.entry("A (B)", "- Nonsense", "x")
        let reader = try format.makeReader(try ByteInput(string: text, name: "c.txt"), options: ReadOptions())
        #expect(try Self.citations(reader.readAll()).map(\.text) == ["one two", "x"])
        let notes = reader.notes
        #expect(notes.counts.map(\.label) == ["highlights", "bookmarks", "books", "earlier versions replaced by an edit",
                                              "bookmarks skipped", "entries with an unread metadata line kept as text"])
        #expect(notes["highlights"] == 3)
        #expect(notes.warningCount == 1)
        #expect(notes.warnings.first?.location?.line == 17)
    }

    @Test func strictTurnsWhatCannotBeReadIntoAnError() throws {
        let text = KindleFixtures.highlight("A (B)", location: "1-2", "one")
            + KindleFixtures.entry("A (B)", "- Your Highlight 12 | Added on Monday, March 21, 2016 8:35:16 AM", "kept")
        var options = ReadOptions()
        options.strict = true
        let reader = try format.makeReader(try ByteInput(string: text, name: "c.txt"), options: options)
        #expect(throws: CardportError.self) { try reader.readAll() }
        let lenient = try format.makeReader(try ByteInput(string: text, name: "c.txt"), options: ReadOptions())
        let citations = try Self.citations(lenient.readAll())
        #expect(citations.map(\.text) == ["one", "kept"])
        #expect(citations[1].location == nil)
        #expect(citations[1].extras[KindleReplay.ExtrasKey.metadata] == "- Your Highlight 12 | Added on Monday, March 21, 2016 8:35:16 AM")
        let warning = try #require(lenient.notes.warnings.first)
        // The caret points at the number no word names: column 18, line 7.
        #expect(warning.location == SourceLocation(file: "c.txt", line: 7, column: 18, offset: 129))
    }

    @Test func invalidUTF8IsAnErrorWithStrict() throws {
        var bytes = Array(KindleFixtures.highlight("A (B)", location: "1-2", "caf").utf8)
        bytes.insert(0xE9, at: bytes.firstIndex(of: UInt8(ascii: "f"))! + 1)
        var options = ReadOptions()
        options.strict = true
        let reader = try format.makeReader(try ByteInput(bytes: bytes, name: "c.txt"), options: options)
        #expect(throws: CardportError.self) { try reader.readAll() }
        let lenient = try format.makeReader(try ByteInput(bytes: bytes, name: "c.txt"), options: ReadOptions())
        #expect(try lenient.readAll().count == 1)
        #expect(lenient.notes.warningCount == 1)
    }

    @Test func keepVersionsPutsTheReplacedTextsInExtras() throws {
        let text = KindleFixtures.highlight("A (B)", location: "1-2", date: "Monday, March 21, 2016 8:00:00 AM", "Truth is a matter of the imagination.")
            + KindleFixtures.highlight("A (B)", location: "1-4", date: "Monday, March 21, 2016 8:01:00 AM",
                                       "Truth is a matter of the imagination. The soundest fact may fail")
        var options = ReadOptions()
        options.keepsVersions = true
        let kept = try format.makeReader(try ByteInput(string: text, name: "c.txt"), options: options).readAll()
        #expect(Self.citations(kept).first?.extras[KindleReplay.ExtrasKey.versions]
                == #"[{"text":"Truth is a matter of the imagination.","location":"1-2","added":"2016-03-21T08:00:00"}]"#)
        let plain = try format.makeReader(try ByteInput(string: text, name: "c.txt"), options: ReadOptions()).readAll()
        #expect(Self.citations(plain).first?.extras.isEmpty == true)
    }

    @Test func sniffsTheSeparator() {
        let clippings = Array(KindleFixtures.highlight("A (B)", location: "1-2", "x").utf8)
        #expect(format.sniff(clippings) == .certain)
        #expect(format.sniff(Array("title\nsomething\n==========\n".utf8)) == .possible)
        #expect(format.sniff(Array("x (A) +project due:2024-01-01\n".utf8)) == .no)
        #expect(format.sniff(Array("{\"quotes\": []}".utf8)) == .no)
    }

    @Test func aWordAloneIsNoKindleFile() {
        // A cut JSON Lines file whose second line holds the word "note": no separator, no match.
        #expect(format.sniff(Array("{\"text\":\"a\"\n{\"text\":\"b\",\"note\":\"x\"}\n{\"text\":\"c\"}\n".utf8)) == .no)
        // With a separator but a metadata line that is no Kindle line: only possible.
        #expect(format.sniff(Array("{\"text\":\"a\"\n{\"note\":\"x 12\"}\n\ntext\n==========\n".utf8)) == .possible)
        // An entry cut before its separator is not enough on its own.
        let cut = KindleFixtures.highlight("A (B)", location: "1-2", "x").replacingOccurrences(of: "==========\r\n", with: "")
        #expect(format.sniff(Array(cut.utf8)) == .no)
    }
}
