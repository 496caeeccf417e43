import CardportTestSupport
import Foundation
import Testing

/// A vault kept in step with the store: exported, edited by its user, exported again.
@Suite struct VaultCLITests {
    static func line(_ id: Int, _ text: String, book: String = "The Dispossessed", author: String = "Le Guin",
                     location: Int, note: String? = nil) -> String {
        let noteField = note.map { ",\"note\":\"\($0)\"" } ?? ""
        return "{\"kind\":\"citation\",\"id\":\"\(id)\(id)\(id)\(id)\(id)\(id)\(id)\(id)-0000-4000-8000-000000000000\","
            + "\"text\":\"\(text)\",\"author\":\"\(author)\",\"source\":\"\(book)\",\"location\":\"location \(location)\"\(noteField)}\n"
    }

    static let first = line(1, "Walls are everywhere.", location: 10, note: "A note")
        + line(3, "True journey is return.", location: 30)
        + line(4, "You cannot buy the revolution.", location: 50)
        + line(5, "Light is the left hand of darkness.", book: "The Left Hand of Darkness", location: 7)
    static let later = line(2, "The idea is like grass.", location: 20)

    /// Blocks' fingerprints depend on the hash function; the rest of the note is compared exactly.
    static func withoutFingerprints(_ text: String) -> String {
        text.replacingOccurrences(of: #"fp=[0-9a-f]{16}"#, with: "fp=…", options: .regularExpression)
    }

    static func modified(_ path: String) throws -> Date {
        try #require(FileManager.default.attributesOfItem(atPath: path)[.modificationDate] as? Date)
    }

    @Test func userEditsSurviveAReExport() throws {
        let scratch = try TemporaryDirectory()
        let store = scratch.file("store.sqlite")
        let vault = scratch.file("Vault/Highlights")
        let export = ["export", "--out-dir", vault, "--to", "markdown", "--split", "book", "--store", store]
        #expect(try CLIRunner.run(["import", try scratch.write("first.jsonl", Self.first), "--store", store, "-q"]).status == 0)
        let created = try CLIRunner.run(export)
        #expect(created.status == 0)
        #expect(created.stderr.hasSuffix("notes: 2 created, 0 updated, 0 unchanged, 0 conflicts\n"))
        let written = try scratch.read("Vault/Highlights/The Dispossessed.md")
        #expect(Self.withoutFingerprints(written) == """
            ---
            author: Le Guin
            source: The Dispossessed
            cardport-source: book-f02609945227b5d6
            ---

            # The Dispossessed

            *by Le Guin*

            <!-- cardport:begin 11111111 fp=… -->
            > Walls are everywhere.
            >
            > — Le Guin, *The Dispossessed*

            *Location 10*

            **Note:** A note

            ^11111111
            <!-- cardport:end -->

            <!-- cardport:begin 33333333 fp=… -->
            > True journey is return.
            >
            > — Le Guin, *The Dispossessed*

            *Location 30*

            ^33333333
            <!-- cardport:end -->

            <!-- cardport:begin 44444444 fp=… -->
            > You cannot buy the revolution.
            >
            > — Le Guin, *The Dispossessed*

            *Location 50*

            ^44444444
            <!-- cardport:end -->

            """)

        // The user adds a front-matter key and a paragraph, edits a highlight's note, renames the
        // note and moves it into a subfolder.
        var edited = written.replacingOccurrences(of: "cardport-source:", with: "rating: 5\ncardport-source:")
        edited = edited.replacingOccurrences(of: "**Note:** A note", with: "**Note:** A better note")
        edited += "\n## My thoughts\n\nSee [[Walls]].\n"
        try FileManager.default.createDirectory(atPath: vault + "/Le Guin", withIntermediateDirectories: true)
        try FileManager.default.removeItem(atPath: vault + "/The Dispossessed.md")
        _ = try scratch.write("Vault/Highlights/Le Guin/Anarres.md", edited)

        // A new highlight arrives in the store between two others; one is archived.
        #expect(try CLIRunner.run(["import", try scratch.write("later.jsonl", Self.later), "--store", store, "-q"]).status == 0)
        #expect(try CLIRunner.run(["archive", "44444444", "--store", store]).status == 0)

        let second = try CLIRunner.run(export)
        #expect(second.status == 0)
        #expect(second.stderr.hasSuffix("""
            notes: 0 created, 1 updated, 1 unchanged, 1 conflict
            conflict: Le Guin/Anarres.md ^11111111 was edited by hand and kept (--force takes the store's)

            """))
        #expect(try FileManager.default.contentsOfDirectory(atPath: vault).sorted() == ["Le Guin", "The Left Hand of Darkness.md"])
        let updated = try scratch.read("Vault/Highlights/Le Guin/Anarres.md")
        let start = try #require(edited.range(of: "<!-- cardport:begin 33333333"))
        // Everything before the first untouched block is the user's, byte for byte.
        #expect(updated.hasPrefix(String(edited[..<start.lowerBound].dropLast())))
        #expect(Self.withoutFingerprints(String(updated.dropFirst(edited[..<start.lowerBound].count - 1))) == """

            <!-- cardport:begin 22222222 fp=… -->
            > The idea is like grass.
            >
            > — Le Guin, *The Dispossessed*

            *Location 20*

            ^22222222
            <!-- cardport:end -->

            <!-- cardport:begin 33333333 fp=… -->
            > True journey is return.
            >
            > — Le Guin, *The Dispossessed*

            *Location 30*

            ^33333333
            <!-- cardport:end -->

            ## My thoughts

            See [[Walls]].

            """)
        #expect(updated.contains("rating: 5\ncardport-source:"))
        #expect(updated.contains("**Note:** A better note"))

        // Nothing changed since: nothing is written.
        let notes = [vault + "/Le Guin/Anarres.md", vault + "/The Left Hand of Darkness.md"]
        let before = try notes.map(Self.modified)
        let third = try CLIRunner.run(export)
        #expect(third.stderr.hasSuffix("notes: 0 created, 0 updated, 2 unchanged, 1 conflict\n"
            + "conflict: Le Guin/Anarres.md ^11111111 was edited by hand and kept (--force takes the store's)\n"))
        #expect(try notes.map(Self.modified) == before)
        #expect(try scratch.read("Vault/Highlights/Le Guin/Anarres.md") == updated)

        // --force takes the store's version of the edited block.
        let forced = try CLIRunner.run(export + ["--force"])
        #expect(forced.stderr.hasSuffix("notes: 0 created, 1 updated, 1 unchanged, 0 conflicts\n"))
        #expect(try scratch.read("Vault/Highlights/Le Guin/Anarres.md").contains("**Note:** A note\n"))
    }

    @Test func pandocReadsANoteAsGFMWithTheSameText() throws {
        let scratch = try TemporaryDirectory()
        let input = try scratch.write("first.jsonl", Self.first)
        #expect(try CLIRunner.run(["convert", input, "--out-dir", scratch.file("V"), "--to", "md", "--split", "book", "-q"]).status == 0)
        let plain = try CLIRunner.runProgram("/usr/bin/pandoc", ["-f", "gfm", "-t", "plain", "--wrap=none",
                                                                  scratch.file("V/The Dispossessed.md")],
                                             environment: [:], directory: scratch.path)
        #expect(plain.status == 0)
        for text in ["Walls are everywhere.", "True journey is return.", "You cannot buy the revolution.",
                     "A note", "^11111111", "Location 10"] {
            #expect(plain.stdout.contains(text), "pandoc lost \(text)")
        }
        #expect(!plain.stdout.contains("cardport:begin"), "the markers are comments, not text")
    }

    @Test func aTemplateLaysOutTheNotesAndKeepsThemUpdatable() throws {
        let scratch = try TemporaryDirectory()
        let input = try scratch.write("first.jsonl", Self.first)
        let template = try scratch.write("Book.md.stencil", """
            {{ frontmatter }}
            # {{ book.title }}
            {% for h in highlights %}

            {% highlight h %}
            - {{ h.text }} ({{ h.location }}){% if h.note %}: {{ h.note }}{% endif %}
            {% endhighlight %}
            {% endfor %}
            """)
        let convert = ["convert", input, "--out-dir", scratch.file("V"), "--to", "markdown", "--split", "book",
                       "--template", template]
        let first = try CLIRunner.run(convert)
        #expect(first.status == 0)
        #expect(first.stderr.contains("\nnotes: 2 created, 0 updated, 0 unchanged, 0 conflicts\n"))
        #expect(Self.withoutFingerprints(try scratch.read("V/The Dispossessed.md")) == """
            ---
            author: Le Guin
            source: The Dispossessed
            cardport-source: book-f02609945227b5d6
            ---

            # The Dispossessed

            <!-- cardport:begin 11111111 fp=… -->
            - Walls are everywhere. (Location 10): A note

            ^11111111
            <!-- cardport:end -->

            <!-- cardport:begin 33333333 fp=… -->
            - True journey is return. (Location 30)

            ^33333333
            <!-- cardport:end -->

            <!-- cardport:begin 44444444 fp=… -->
            - You cannot buy the revolution. (Location 50)

            ^44444444
            <!-- cardport:end -->

            """)
        // The same template again on the same input changes nothing; a new highlight is added in
        // the book's order in the template's layout.
        let again = try CLIRunner.run(convert)
        #expect(again.stderr.contains("\nnotes: 0 created, 0 updated, 2 unchanged, 0 conflicts\n"))
        let more = try scratch.write("more.jsonl", Self.first + Self.later)
        let added = try CLIRunner.run(["convert", more] + convert.dropFirst(2))
        #expect(added.stderr.contains("\nnotes: 0 created, 1 updated, 1 unchanged, 0 conflicts\n"))
        #expect(Self.withoutFingerprints(try scratch.read("V/The Dispossessed.md")).contains("""
            ^11111111
            <!-- cardport:end -->

            <!-- cardport:begin 22222222 fp=… -->
            - The idea is like grass. (Location 20)

            ^22222222
            <!-- cardport:end -->

            <!-- cardport:begin 33333333 fp=… -->
            """))
    }

    @Test func aTemplateErrorNamesItsLineAndColumn() throws {
        let scratch = try TemporaryDirectory()
        let input = try scratch.write("first.jsonl", Self.first)
        _ = try scratch.write("Book.stencil", "{{ frontmatter }}\n{% for h in highlights %}\n  {% highlite h %}{{ h.text }}{% endhighlight %}\n{% endfor %}\n")
        let result = try CLIRunner.run(["convert", input, "--out-dir", "V", "--to", "markdown", "--split", "book",
                                        "--template", "Book.stencil"], directory: scratch.path)
        #expect(result.status == 65)
        #expect(result.stdout == "")
        #expect(result.stderr == """
            Book.stencil:3:6: error: Unknown template tag 'highlite'
                3 |   {% highlite h %}{{ h.text }}{% endhighlight %}
                  |      ^
              hint: Formats.md lists the template's tags, filters and variables

            """)
        #expect(!FileManager.default.fileExists(atPath: scratch.file("V/The Dispossessed.md")))
    }

    @Test func aTemplateThatLosesTheBlocksIsRefused() throws {
        let scratch = try TemporaryDirectory()
        let store = scratch.file("store.sqlite")
        #expect(try CLIRunner.run(["import", try scratch.write("first.jsonl", Self.first), "--store", store, "-q"]).status == 0)
        _ = try scratch.write("List.stencil", "{{ frontmatter }}\n{% for h in highlights %}- {{ h.text }}\n{% endfor %}\n")
        let result = try CLIRunner.run(["export", "--out-dir", "V", "--to", "markdown", "--split", "book",
                                        "--template", "List.stencil", "--store", store], directory: scratch.path)
        #expect(result.status == 65)
        #expect(result.stderr == """
            error: the template 'List.stencil' writes no block for the highlight ^11111111, so the next export could not update the note
              hint: write each highlight inside {% highlight h %}…{% endhighlight %}, on a line of its own (Formats.md)

            """)
        #expect(!FileManager.default.fileExists(atPath: scratch.file("V")))
    }

    @Test func editsInTheNotesAreReadBackIntoTheStore() throws {
        let scratch = try TemporaryDirectory()
        let store = scratch.file("store.sqlite")
        let vault = scratch.file("Vault/Highlights")
        #expect(try CLIRunner.run(["import", try scratch.write("first.jsonl", Self.first), "--store", store, "-q"]).status == 0)
        #expect(try CLIRunner.run(["export", "--out-dir", vault, "--to", "markdown", "--split", "book", "--store", store, "-q"]).status == 0)
        // The user edits a highlight's note and adds a tag to another, then moves the note.
        var note = try scratch.read("Vault/Highlights/The Dispossessed.md")
        note = note.replacingOccurrences(of: "**Note:** A note", with: "**Note:** Walls of the mind")
        note = note.replacingOccurrences(of: "*Location 30*", with: "*Location 30 · #journey*")
        try FileManager.default.createDirectory(atPath: vault + "/Le Guin", withIntermediateDirectories: true)
        try FileManager.default.removeItem(atPath: vault + "/The Dispossessed.md")
        _ = try scratch.write("Vault/Highlights/Le Guin/Anarres.md", note)
        // A copy in the vault's trash is the note app's, not read.
        try FileManager.default.createDirectory(atPath: vault + "/.trash", withIntermediateDirectories: true)
        _ = try scratch.write("Vault/Highlights/.trash/Anarres.md", note.replacingOccurrences(of: "Walls of the mind", with: "Trashed"))

        let imported = try CLIRunner.run(["import", vault, "--store", store])
        #expect(imported.status == 0)
        #expect(imported.stdout == "")
        #expect(Self.totals(imported.stderr) == ["4", "0", "2", "2", "0", "0", "0"])
        let show = try CLIRunner.run(["show", "11111111", "--store", store, "--json"])
        #expect(show.stdout.contains("\"note\":\"Walls of the mind\""))
        #expect(show.stdout.contains("\"id\":\"11111111-0000-4000-8000-000000000000\""))
        let tagged = try CLIRunner.run(["show", "33333333", "--store", store, "--json"])
        #expect(tagged.stdout.contains("\"tags\":[\"journey\"]"))
        #expect(try CLIRunner.run(["export", "-o", "-", "--to", "jsonl", "--kind", "citations", "--store", store, "-q"])
            .stdout.split(separator: "\n").count == 4)

        // Read again unchanged: nothing is added or changed.
        let again = try CLIRunner.run(["import", vault, "--store", store])
        #expect(Self.totals(again.stderr) == ["4", "0", "0", "4", "0", "0", "0"])
        #expect(try CLIRunner.run(["export", "-o", "-", "--to", "jsonl", "--kind", "citations", "--store", store, "-q"])
            .stdout.split(separator: "\n").count == 4)
    }

    @Test func aBookWhoseHighlightsAreAllArchivedLosesItsNote() throws {
        let scratch = try TemporaryDirectory()
        let store = scratch.file("store.sqlite")
        let export = ["export", "--out-dir", scratch.file("V"), "--to", "markdown", "--split", "book", "--store", store]
        #expect(try CLIRunner.run(["import", try scratch.write("first.jsonl", Self.first), "--store", store, "-q"]).status == 0)
        #expect(try CLIRunner.run(export + ["-q"]).status == 0)
        #expect(try CLIRunner.run(["export", "--out-dir", scratch.file("W"), "--to", "markdown", "--split", "book",
                                   "--store", store, "-q"]).status == 0)
        // In W the user wrote a paragraph of their own into the note of The Left Hand of Darkness.
        let own = try scratch.read("W/The Left Hand of Darkness.md") + "\nMy own reading of it.\n"
        _ = try scratch.write("W/The Left Hand of Darkness.md", own)
        #expect(try CLIRunner.run(["archive", "55555555", "--store", store]).status == 0)

        let removed = try CLIRunner.run(export)
        #expect(removed.status == 0)
        #expect(removed.stderr.hasSuffix("notes: 0 created, 0 updated, 1 unchanged, 0 conflicts, 1 removed\n"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: scratch.file("V")) == ["The Dispossessed.md"])

        let kept = try CLIRunner.run(["export", "--out-dir", scratch.file("W"), "--to", "markdown", "--split", "book", "--store", store])
        #expect(kept.stderr.hasSuffix("""
            notes: 0 created, 1 updated, 1 unchanged, 0 conflicts
            kept: The Left Hand of Darkness.md has no highlights left but holds text of its own

            """))
        #expect(try scratch.read("W/The Left Hand of Darkness.md") == """
            ---
            author: Le Guin
            source: The Left Hand of Darkness
            cardport-source: book-\(try #require(VaultCLITests.source(of: own)))
            ---

            # The Left Hand of Darkness

            *by Le Guin*

            My own reading of it.

            """)
    }

    /// The counts of an import's `total` row: read, added, updated, unchanged, exact, near, rejected.
    static func totals(_ report: String) -> [String] {
        let row = report.split(separator: "\n").first { $0.hasPrefix("total ") } ?? ""
        return row.split(separator: " ").dropFirst().map(String.init)
    }

    /// The `cardport-source` line's value in a note.
    static func source(of note: String) -> String? {
        note.split(separator: "\n").first { $0.hasPrefix("cardport-source: book-") }.map { String($0.dropFirst(22)) }
    }

    @Test func highlightsWhoseShortIDsCollideGetLongerOnes() throws {
        let scratch = try TemporaryDirectory()
        func citation(_ id: String, _ text: String, _ location: Int) -> String {
            "{\"kind\":\"citation\",\"id\":\"\(id)\",\"text\":\"\(text)\",\"author\":\"Le Guin\",\"source\":\"Lavinia\",\"location\":\"location \(location)\"}\n"
        }
        let input = try scratch.write("both.jsonl", citation("abcdef12-1111-4000-8000-000000000000", "I sing of arms.", 1)
            + citation("abcdef12-2222-4000-8000-000000000000", "I am the one who speaks.", 2))
        #expect(try CLIRunner.run(["convert", input, "--out-dir", scratch.file("V"), "--to", "md", "--split", "book", "-q"]).status == 0)
        let note = try scratch.read("V/Lavinia.md")
        #expect(note.contains("<!-- cardport:begin abcdef121 fp="))
        #expect(note.contains("\n^abcdef121\n<!-- cardport:end -->"))
        #expect(note.contains("<!-- cardport:begin abcdef122 fp="))
        #expect(note.contains("\n^abcdef122\n<!-- cardport:end -->"))
        let again = try CLIRunner.run(["convert", input, "--out-dir", scratch.file("V"), "--to", "md", "--split", "book"])
        #expect(again.stderr.contains("\nnotes: 0 created, 0 updated, 1 unchanged, 0 conflicts\n"))
    }
}
