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
}
