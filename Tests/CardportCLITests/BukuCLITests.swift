import CardportTestSupport
import Foundation
import Testing

/// Cardport's Firefox bookmark backup and buku Markdown, imported by buku itself, and buku's own
/// JSON read back.
@Suite struct BukuCLITests {
    static let bookmarks = """
        {"kind":"bookmark","name":"Pro Git","text":"https://git-scm.com/book","tags":["git","books"],"created_at":"2024-01-02T10:00:00.123456Z","updated_at":"2024-01-03T10:00:00Z"}
        {"kind":"bookmark","name":"Tom & Jerry (1940)","text":"https://example.org/?a=1&b=2","tags":["cartoons"]}
        {"kind":"bookmark","name":"Übersicht – 東京","text":"https://ja.wikipedia.org/wiki/東京","tags":["travel","japan"],"extras":{"description":"Tōkyō in Japanese"}}
        {"kind":"bookmark","text":"https://example.com/plain"}

        """

    /// What buku holds after importing `file`, by URL.
    private func importIntoBuku(_ file: String, scratch: TemporaryDirectory) throws -> [String: (title: String, tags: [String])]? {
        guard let buku = try BukuDatabase(in: scratch) else { return nil }
        try buku.importFile(file)
        return try buku.bookmarks()
    }

    @Test func bukuImportsCardportsFirefoxBackupWithEveryURLAndTag() throws {
        let scratch = try TemporaryDirectory()
        let input = try scratch.write("bookmarks.jsonl", Self.bookmarks)
        let converted = try CLIRunner.run(["convert", input, "--to", "firefox", "-o", scratch.file("bookmarks.json")])
        #expect(converted == CLIRunner.Result(status: 0, stdout: "", stderr: """
            read 4 records from \(input) (jsonl): 4 bookmarks
            wrote 4 records to \(scratch.file("bookmarks.json")) (firefox)

            """))
        guard let found = try importIntoBuku(scratch.file("bookmarks.json"), scratch: scratch) else { return }
        expectEveryBookmark(found)
    }

    @Test func bukuImportsCardportsMarkdownWithEveryURLAndTag() throws {
        let scratch = try TemporaryDirectory()
        let input = try scratch.write("bookmarks.jsonl", Self.bookmarks)
        let converted = try CLIRunner.run(["convert", input, "--to", "buku", "-o", scratch.file("bookmarks.md")])
        #expect(converted == CLIRunner.Result(status: 0, stdout: "", stderr: """
            read 4 records from \(input) (jsonl): 4 bookmarks
            wrote 4 records to \(scratch.file("bookmarks.md")) (buku)
            dropped fields the target cannot hold: bookmark.created_at (1), bookmark.extras (1), bookmark.updated_at (1)

            """))
        #expect(try scratch.read("bookmarks.md") == """
            - [Pro Git](https://git-scm.com/book) <!-- TAGS: git,books -->
            - [Tom & Jerry (1940)](https://example.org/?a=1&b=2) <!-- TAGS: cartoons -->
            - [Übersicht – 東京](https://ja.wikipedia.org/wiki/東京) <!-- TAGS: travel,japan -->
            - [](https://example.com/plain)

            """)
        guard let found = try importIntoBuku(scratch.file("bookmarks.md"), scratch: scratch) else { return }
        expectEveryBookmark(found)
    }

    /// Every bookmark of ``bookmarks`` is in buku, with its title and tags (in any order: buku sorts
    /// the tags of some imports and not of others).
    private func expectEveryBookmark(_ found: [String: (title: String, tags: [String])],
                                     sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(found.count == 4, sourceLocation: sourceLocation)
        for (url, title, tags) in [("https://git-scm.com/book", "Pro Git", ["books", "git"]),
                                   ("https://example.org/?a=1&b=2", "Tom & Jerry (1940)", ["cartoons"]),
                                   ("https://ja.wikipedia.org/wiki/東京", "Übersicht – 東京", ["japan", "travel"]),
                                   ("https://example.com/plain", "", [])] {
            #expect(found[url]?.title == title, "\(url)", sourceLocation: sourceLocation)
            #expect(found[url]?.tags.sorted() == tags, "\(url)", sourceLocation: sourceLocation)
        }
    }

    @Test func readsWhatBukuPrintsAsJSON() throws {
        let scratch = try TemporaryDirectory()
        guard let buku = try BukuDatabase(in: scratch) else { return }
        for (url, title, tags, comment) in [("https://git-scm.com/book", "Pro Git", "git,books", "The Git book"),
                                            ("https://example.com/plain", "Plain", "", "")] {
            var arguments = ["--tacit", "-a", url, "--title", title]
            if !tags.isEmpty { arguments += ["--tag", tags] }
            if !comment.isEmpty { arguments += ["--comment", comment] }
            let added = try buku.run(arguments)
            #expect(added.status == 0, "buku -a failed: \(added.errors)")
        }
        let printed = try buku.run(["-p", "-j"])
        let file = try scratch.write("buku.json", printed.output)
        let result = try CLIRunner.run(["convert", file, "-o", "-", "--to", "jsonl", "-q"])
        #expect(result == CLIRunner.Result(status: 0, stdout: """
            {"kind":"bookmark","id":"\(try idOf("https://git-scm.com/book"))","name":"Pro Git","text":"https://git-scm.com/book","tags":["books","git"],"extras":{"buku_index":"1","description":"The Git book"}}
            {"kind":"bookmark","id":"\(try idOf("https://example.com/plain"))","name":"Plain","text":"https://example.com/plain","tags":[],"extras":{"buku_index":"2"}}

            """, stderr: ""))
        // One record (`-p N -j`) is a single object.
        let one = try buku.run(["-p", "2", "-j"])
        let single = try scratch.write("one.json", one.output)
        #expect(try CLIRunner.run(["inspect", single]).stdout == "\(single): buku, 1 record (1 bookmark)\n")
    }

    @Test func readsBukusMarkdownExportWithoutBeingTold() throws {
        let scratch = try TemporaryDirectory()
        guard let buku = try BukuDatabase(in: scratch) else { return }
        for (url, title, tags) in [("https://example.org/?a=1&b=2", "Tom <and> Jerry", "cartoons,kids"),
                                   ("https://example.com/plain", "Plain", "")] {
            var arguments = ["--tacit", "-a", url, "--title", title]
            if !tags.isEmpty { arguments += ["--tag", tags] }
            let added = try buku.run(arguments)
            #expect(added.status == 0, "buku -a failed: \(added.errors)")
        }
        let exported = try buku.run(["--tacit", "-e", scratch.file("buku.md")])
        #expect(exported.status == 0, "buku -e failed: \(exported.errors)")
        let result = try CLIRunner.run(["convert", scratch.file("buku.md"), "-o", "-", "--to", "jsonl"])
        #expect(result == CLIRunner.Result(status: 0, stdout: """
            {"kind":"bookmark","id":"\(try idOf("https://example.org/?a=1&b=2"))","name":"Tom <and> Jerry","text":"https://example.org/?a=1&b=2","tags":["cartoons","kids"]}
            {"kind":"bookmark","id":"\(try idOf("https://example.com/plain"))","name":"Plain","text":"https://example.com/plain","tags":[]}

            """, stderr: """
            read 2 records from \(scratch.file("buku.md")) (buku): 2 bookmarks
            wrote 2 records to standard output (jsonl)

            """))
        // The same lines in notes, under a heading, are plain Markdown.
        let notes = try scratch.write("notes.md", "# Reading\n\n" + (try scratch.read("buku.md")))
        #expect(try CLIRunner.run(["inspect", notes]).stdout == "\(notes): markdown, 2 records (2 bookmarks)\n")
    }

    @Test func firefoxSampleReadsWithFoldersAsTagsAndSkipsPlaces() throws {
        let result = try CLIRunner.run(["convert", "Samples/firefox-bookmarks.json", "-o", "-", "--to", "buku",
                                        "--folders-as-tags", "parent"])
        #expect(result == CLIRunner.Result(status: 0, stdout: """
            - [MIT OpenCourseWare – Linear Algebra](https://ocw.mit.edu/courses/18-06-linear-algebra-spring-2010/) <!-- TAGS: maths,lectures,Study -->
            - [Stanford Encyclopedia of Philosophy](https://plato.stanford.edu/) <!-- TAGS: Study -->
            - [Rust Standard Library](https://doc.rust-lang.org/std/) <!-- TAGS: rust -->
            - [Tōkyō travel notes](https://ja.wikipedia.org/wiki/東京)

            """, stderr: """
            read 4 records from Samples/firefox-bookmarks.json (firefox): 4 bookmarks
              place: links skipped: 1
            wrote 4 records to standard output (buku)
            dropped fields the target cannot hold: bookmark.created_at (4), bookmark.extras (4), bookmark.updated_at (4)

            """))
    }

    /// The Cardport id of a bookmark of this URL, as the CLI derives it.
    private func idOf(_ url: String) throws -> String {
        let result = try CLIRunner.run(["convert", "-", "--from", "jsonl", "--to", "jsonl", "-o", "-", "-q"],
                                       stdin: #"{"kind":"bookmark","text":"\#(url)"}"#)
        guard let range = result.stdout.range(of: #""id":""#) else { return "" }
        return String(result.stdout[range.upperBound...].prefix(36))
    }
}
