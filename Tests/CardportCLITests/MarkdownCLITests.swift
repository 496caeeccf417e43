import CardportTestSupport
import Foundation
import Testing

/// Markdown on the command line: documents, folders of notes, and `--strict`.
@Suite struct MarkdownCLITests {
    private let citations = """
        {"kind":"citation","text":"Truth is a matter of the imagination.","author":"Le Guin, Ursula K.","source":"The Left Hand of Darkness","created_at":"2024-02-03T21:12:05","location":{"page":"3","start":41,"end":42}}
        {"kind":"citation","text":"Light is the left hand of darkness.","author":"Le Guin, Ursula K.","source":"The Left Hand of Darkness","note":"The yin and yang image again.","location":{"page":"151","start":2311,"end":2314}}
        {"kind":"task","description":"Read Always Coming Home","progress":20}

        """

    @Test func convertsHighlightsToADocument() throws {
        let result = try CLIRunner.run(["convert", "-", "--from", "jsonl", "-o", "-", "--to", "markdown", "-q"], stdin: citations)
        #expect(result == CLIRunner.Result(status: 0, stdout: """
            # Citations

            ## The Left Hand of Darkness

            *by Le Guin, Ursula K.*

            > Truth is a matter of the imagination.
            >
            > — Le Guin, Ursula K., *The Left Hand of Darkness*

            *Page 3 · Location 41-42 · Added 2024-02-03 21:12:05*

            > Light is the left hand of darkness.
            >
            > — Le Guin, Ursula K., *The Left Hand of Darkness*

            *Page 151 · Location 2311-2314*

            **Note:** The yin and yang image again.

            # Tasks

            - [ ] Read Always Coming Home — *20 %*

            """, stderr: ""))
    }

    @Test func splitsIntoOneNotePerBook() throws {
        let scratch = try TemporaryDirectory()
        let input = try scratch.write("highlights.jsonl", citations)
        let result = try CLIRunner.run(["convert", input, "--out-dir", scratch.file("Vault/Books"), "--to", "md", "--split", "book"])
        #expect(result == CLIRunner.Result(status: 0, stdout: "", stderr: """
            read 3 records from \(input) (jsonl): 2 citations, 1 task
            wrote 3 records to \(scratch.file("Vault/Books")) (markdown)
            notes: 1 created, 0 updated, 0 unchanged, 0 conflicts

            """))
        let notes = try FileManager.default.contentsOfDirectory(atPath: scratch.file("Vault/Books")).sorted()
        #expect(notes == ["Cards.md", "The Left Hand of Darkness.md"])
        #expect(try scratch.read("Vault/Books/The Left Hand of Darkness.md").hasPrefix("""
            ---
            author: Le Guin, Ursula K.
            source: The Left Hand of Darkness
            cardport-source: book-e1fe1c33de1e4622
            ---

            # The Left Hand of Darkness

            """))
    }

    @Test func aFailedSplitLeavesNoNotesBehind() throws {
        let scratch = try TemporaryDirectory()
        let input = try scratch.write("bad.jsonl", citations + "{\"kind\":\"citation\",\"text\":}\n")
        let result = try CLIRunner.run(["convert", input, "--out-dir", scratch.file("Notes"), "--to", "md", "--split", "citation"])
        #expect(result.status == 65)
        #expect(scratch.entries == ["bad.jsonl"])
    }

    @Test func splitNeedsAnOutputDirectory() throws {
        let result = try CLIRunner.run(["convert", "Samples/mixed.jsonl", "-o", "x.md", "--split", "book"])
        #expect(result.status == 64)
        #expect(result.stderr.hasPrefix("Error: --split writes a directory of files: give it with --out-dir DIR.\n"))
    }

    @Test func strictReportsWhatItCannotMap() throws {
        let result = try CLIRunner.run(["convert", "Samples/github-readme.md", "-o", "-", "--to", "jsonl", "--strict",
                                        "--keep-going", "-q"])
        #expect(result.status == 65)
        #expect(result.stdout.split(separator: "\n").count == 8)
        #expect(result.stderr == """
            Samples/github-readme.md:31:6: error: this list item is neither a task nor a link: 'Web dashboard'
                31 |      - Web dashboard
                   |      ^
              hint: write a task as '- [ ] …' or a link as '- [name](url)', or read without --strict to pass over it

            """)
    }
}
