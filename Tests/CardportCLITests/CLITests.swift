import CardportTestSupport
import Foundation
import Testing

/// The command line as a user meets it: exact output, exact exit codes.
@Suite struct CLITests {
    @Test func formatsPrintsTheRegistry() throws {
        let result = try CLIRunner.run(["formats"])
        #expect(result == CLIRunner.Result(status: 0, stdout: """
            ID               ALIASES                  EXTENSIONS                  READS                                WRITES                               DESCRIPTION
            cardport         json, native             .json                       all kinds                            all kinds                            Cardport's own document: every kind, lossless (the backup format)
            jsonl            ndjson, jsonlines        .jsonl, .ndjson             all kinds                            all kinds                            JSON Lines: one record per line with a "kind" member
            dummyjson        dummy-json               .json                       citations                            citations                            DummyJSON quotes API responses (page object, array, or one quote)
            favourites       favorites                .json                       citations                            citations                            the quotes app's favourites: [{"quote", "author"}]
            plist            property-list            .plist                      settings, tags, citations            settings, tags, citations            the apps' UserDefaults property lists (XML or binary): cards, tags, settings, favourites
            csv              -                        .csv, .tsv                  citations, bookmarks, tasks, topics  citations, bookmarks, tasks, topics  CSV/TSV with a header row: citations, bookmarks, tasks or topics
            readwise         readwise-export          .csv                        citations                            -                                    Readwise's highlight export (CSV)
            readwise-import  -                        .csv                        citations                            citations                            the CSV Readwise imports highlights from
            todoist          -                        .csv                        tasks, topics                        tasks, topics                        Todoist's project CSV: sections as topics, tasks as tasks
            yaml             yml                      .yaml, .yml                 all kinds                            all kinds                            the Cardport document as YAML (every kind, lossless), or a hand-written list of records
            kindle           clippings, my-clippings  .txt                        citations                            citations                            Kindle "My Clippings.txt": highlights and notes, every device language
            koreader         koreader-sidecar         .lua, .json                 citations                            -                                    KOReader highlights: book sidecars (metadata.*.lua), a .sdr or device folder, its JSON export
            kobo             kobo-sqlite, koboreader  .sqlite                     citations                            -                                    Kobo highlights and notes: the device's .kobo/KoboReader.sqlite, read-only
            boox             onyx, boox-notes         .txt                        citations                            -                                    Onyx Boox "Reading Notes" exports, both layouts, every interface language
            calibre          calibre-highlights       .calibre_highlights, .json  citations                            -                                    calibre's highlights export (the e-book viewer's "calibre highlights" JSON)
            apple-books      ibooks, applebooks       .sqlite                     citations                            -                                    Apple Books highlights and notes: its AEAnnotation*.sqlite (titles from BKLibrary*.sqlite), read-only
            opml             -                        .opml                       citations, bookmarks, topics         citations, bookmarks, topics         OPML 2.0 outlines: feed lists and links as bookmarks, quotes, topics with links and questions
            xbel             -                        .xbel                       bookmarks                            bookmarks                            XBEL 1.0 bookmark exchange (bookmark managers, buku); folders read as tags
            netscape         bookmarks-html           .html, .htm                 bookmarks                            bookmarks                            browser bookmark export (Netscape bookmark HTML: Firefox, Chrome, Safari, buku)
            markdown         md                       .md, .markdown              citations, bookmarks, tasks, topics  citations, bookmarks, tasks, topics  Markdown: quotes, task lists, link lists and topics; --split for a folder of notes
            taskwarrior      task                     .json                       tasks, topics                        tasks, topics                        Taskwarrior: task export (array or lines) in, task import out
            firefox          firefox-json             .json                       bookmarks                            bookmarks                            Firefox bookmark backup JSON (children/typeCode/uri tree)
            buku             -                        .json, .md                  bookmarks                            bookmarks                            buku: reads buku -p -j JSON and its Markdown, writes Markdown for buku --import
            todotxt          todo.txt, todo-txt       .txt                        tasks, topics                        tasks, topics                        todo.txt: one task per line, x, (A), dates, +project, @context, due:

            """, stderr: ""))
    }

    @Test func convertWritesTheFileAndASummary() throws {
        let scratch = try TemporaryDirectory()
        let result = try CLIRunner.run(["convert", "Samples/dummyjson-random-3.json", "-o", scratch.file("q.jsonl")])
        #expect(result == CLIRunner.Result(status: 0, stdout: "", stderr: """
            read 3 records from Samples/dummyjson-random-3.json (dummyjson): 3 citations
            wrote 3 records to \(scratch.file("q.jsonl")) (jsonl)

            """))
        #expect(try scratch.read("q.jsonl") == """
            {"kind":"citation","id":"23a7e6d8-c28a-8d7d-956d-3a52b421441a","text":"Nothing is impossible, the word itself says “I’m possible”!","author":"Audrey Hepburn","tags":[],"favourite":false,"archived":false,"extras":{"dummyjson_id":"37"}}
            {"kind":"citation","id":"48c97881-edf2-8590-bccd-c342402bf60f","text":"Wer kämpft, kann verlieren. Wer nicht kämpft, hat schon verloren.","author":"Bertolt Brecht","tags":[],"favourite":false,"archived":false,"extras":{"dummyjson_id":"513"}}
            {"kind":"citation","id":"29b8b84a-b014-8335-8237-a792c2b36631","text":"知之为知之，不知为不知，是知也。","author":"孔子","tags":[],"favourite":false,"archived":false,"extras":{"dummyjson_id":"986"}}

            """)
    }

    @Test func malformedInputPrintsACompilerStyleErrorAndWritesNothing() throws {
        let scratch = try TemporaryDirectory()
        let input = try scratch.write("bad.json", "{\n  \"citations\": [\n    {\"text\": \"Carpe diem\" \"author\": \"Horace\"}\n  ]\n}\n")
        let result = try CLIRunner.run(["convert", input, "-o", scratch.file("out.jsonl")])
        #expect(result == CLIRunner.Result(status: 65, stdout: "", stderr: """
            \(input):3:27: error: expected ',' or '}' after a member, found a string
                3 |     {"text": "Carpe diem" "author": "Horace"}
                  |                           ^
              hint: a comma is probably missing before this member

            """))
        #expect(scratch.entries == ["bad.json"])
    }

    @Test func unknownFormatsListTheKnownOnes() throws {
        let result = try CLIRunner.run(["convert", "Samples/favourites.json", "-o", "-", "--to", "wordperfect"])
        #expect(result == CLIRunner.Result(status: 64, stdout: "", stderr: """
            error: unknown format 'wordperfect'; known formats: cardport, jsonl, dummyjson, favourites, plist, csv, readwise, readwise-import, todoist, yaml, kindle, koreader, kobo, boox, calibre, apple-books, opml, xbel, netscape, markdown, taskwarrior, firefox, buku, todotxt
              hint: run 'cardport formats' to see what each one reads and writes

            """))
    }

    @Test func aMissingInputExits66() throws {
        let result = try CLIRunner.run(["convert", "no-such-file.json", "-o", "-", "--to", "jsonl"])
        #expect(result == CLIRunner.Result(status: 66, stdout: "", stderr: """
            error: cannot read 'no-such-file.json': no such file or directory
              hint: check the path; use '-' for standard input

            """))
    }

    /// A database is opened by its path, not read as a stream: one that is not there is missing
    /// too, not an empty database.
    @Test(arguments: ["kobo", "apple-books"])
    func aMissingDatabaseExits66(_ format: String) throws {
        let result = try CLIRunner.run(["convert", "no-such.sqlite", "--from", format, "-o", "-", "--to", "jsonl"])
        #expect(result == CLIRunner.Result(status: 66, stdout: "", stderr: """
            error: cannot read 'no-such.sqlite': no such file or directory
              hint: check the path; use '-' for standard input

            """))
    }

    @Test func aTargetThatCannotHoldTheKindExits64() throws {
        let result = try CLIRunner.run(["convert", "Samples/mixed.jsonl", "-o", "-", "--to", "dummyjson", "--kind", "tasks"])
        #expect(result.status == 64)
        #expect(result.stderr == """
            error: format 'dummyjson' cannot hold tasks, which is what 'jsonl' was asked for
              hint: formats that can: cardport, jsonl, csv, todoist, yaml, markdown, taskwarrior, todotxt

            """)
    }

    @Test func anOutputIsRequired() throws {
        let result = try CLIRunner.run(["convert", "Samples/favourites.json"])
        #expect(result.status == 64)
        #expect(result.stderr.hasPrefix("Error: Give an output: -o FILE (or -o - for standard output), or --out-dir DIR.\n"))
    }

    @Test func standardInputToStandardOutput() throws {
        let result = try CLIRunner.run(["convert", "-", "-o", "-", "--to", "favourites", "-q"],
                                       stdin: "{\"text\":\"Well begun is half done.\",\"author\":\"Aristotle\",\"favourite\":true}\n")
        #expect(result == CLIRunner.Result(status: 0, stdout: """
            [
              {"quote":"Well begun is half done.","author":"Aristotle"}
            ]

            """, stderr: ""))
    }

    @Test func lossesAreReported() throws {
        let result = try CLIRunner.run(["convert", "Samples/mixed.jsonl", "-o", "-", "--to", "favourites"])
        #expect(result.status == 3)
        #expect(result.stderr == """
            read 6 records from Samples/mixed.jsonl (jsonl): 1 tag, 2 citations, 1 bookmark, 1 task, 1 topic
            wrote 2 records to standard output (favourites)
            dropped records the target cannot hold: 1 tag, 1 bookmark, 1 task, 1 topic
            dropped fields the target cannot hold: citation.created_at (2), citation.favourite (1), citation.id (2), citation.location (1), citation.note (1), citation.source (2), citation.tags (2), citation.updated_at (1)

            """)
    }

    @Test func keepGoingWritesTheRestAndExits65() throws {
        let scratch = try TemporaryDirectory()
        let input = try scratch.write("in.jsonl", "{\"text\":\"a\"}\n{\"text\":\"b\",\"created_at\":\"soon\"}\n{\"text\":\"c\"}\n")
        let result = try CLIRunner.run(["convert", input, "-o", scratch.file("out.jsonl"), "--keep-going"])
        #expect(result.status == 65)
        #expect(result.stderr == """
            read 2 records from \(input) (jsonl): 2 citations
            wrote 2 records to \(scratch.file("out.jsonl")) (jsonl)
            rejected 1 record:
            \(input):2:26: error: "soon" is not a date
                2 | {"text":"b","created_at":"soon"}
                  |                          ^
              hint: write dates in ISO 8601, e.g. 2023-03-05T22:15:42Z or 2023-03-05

            """)
        #expect(try Self.texts(ofJSONLines: scratch.read("out.jsonl")) == ["a", "c"])
    }

    /// The `text` of every line of a JSON Lines document, read with Foundation's JSON parser.
    static func texts(ofJSONLines text: String) throws -> [String] {
        try text.split(separator: "\n").map { line in
            let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
            return object?["text"] as? String ?? "(no text)"
        }
    }

    @Test func reportJSONGoesToStandardOutput() throws {
        let scratch = try TemporaryDirectory()
        let result = try CLIRunner.run(["convert", "Samples/favourites.json", "-o", scratch.file("f.jsonl"), "--report", "json"])
        #expect(result.status == 0)
        #expect(result.stderr == "")
        let report = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
        #expect(report?["recordsWritten"] as? Int == 4)
        #expect((report?["inputs"] as? [[String: Any]])?.first?["format"] as? String == "favourites")
    }

    @Test func inspectShowsFormatsAndCounts() throws {
        let result = try CLIRunner.run(["inspect", "Samples/backup.json", "Samples/dummyjson-quotes-page.json"])
        #expect(result == CLIRunner.Result(status: 0, stdout: """
            Samples/backup.json: cardport, 12 records (1 settings, 1 tag, 7 citations, 1 bookmark, 1 task, 1 topic)
            Samples/dummyjson-quotes-page.json: dummyjson, 5 records (5 citations)

            """, stderr: ""))
    }

    @Test func inspectJSON() throws {
        let result = try CLIRunner.run(["inspect", "--json", "Samples/favourites.json"])
        #expect(result.status == 0)
        #expect(result.stdout == """
            [
              {
                "bytes" : 308,
                "format" : "favourites",
                "kinds" : {
                  "citations" : 4
                },
                "path" : "Samples/favourites.json",
                "records" : 4
              }
            ]

            """)
    }

    @Test func helpDocumentsTheExitCodes() throws {
        let result = try CLIRunner.run(["--help"])
        #expect(result.status == 0)
        #expect(result.stdout.contains("65  bad input data"))
        #expect(result.stdout.contains("3   records dropped"))
        #expect(result.stdout.contains("convert"))
    }
}

@Suite struct CLIEdgeTests {
    @Test func aMissingOutputDirectoryExits74() throws {
        let result = try CLIRunner.run(["convert", "Samples/favourites.json", "-o", "/nonexistent-dir/out.json"])
        #expect(result == CLIRunner.Result(status: 74, stdout: "", stderr: """
            error: cannot write '/nonexistent-dir/out.json': the directory '/nonexistent-dir' does not exist
              hint: create it first (mkdir -p '/nonexistent-dir')

            """))
    }

    @Test func outDirWritesOneFilePerInput() throws {
        let scratch = try TemporaryDirectory()
        let result = try CLIRunner.run(["convert", "Samples/favourites.json", "Samples/dummyjson-random.json",
                                        "--out-dir", scratch.file("out"), "--to", "jsonl"])
        #expect(result == CLIRunner.Result(status: 0, stdout: "", stderr: """
            read 4 records from Samples/favourites.json (favourites): 4 citations
            read 1 record from Samples/dummyjson-random.json (dummyjson): 1 citation
            wrote 4 records to \(scratch.file("out"))/favourites.jsonl (jsonl)
            wrote 1 record to \(scratch.file("out"))/dummyjson-random.jsonl (jsonl)

            """))
        #expect(try FileManager.default.contentsOfDirectory(atPath: scratch.file("out")).sorted()
                == ["dummyjson-random.jsonl", "favourites.jsonl"])
    }

    @Test func reportJSONGoesToStandardErrorWhenDataGoesToStandardOutput() throws {
        let result = try CLIRunner.run(["convert", "Samples/favourites.json", "-o", "-", "--to", "jsonl", "--report", "json"])
        #expect(result.status == 0)
        #expect(try CLITests.texts(ofJSONLines: result.stdout) == ["Well begun is half done.", "The only true wisdom is in knowing you know nothing.",
                                                              "L\u{2019}enfer, c\u{2019}est les autres.", "Happiness depends upon ourselves."])
        let report = try JSONSerialization.jsonObject(with: Data(result.stderr.utf8)) as? [String: Any]
        #expect(report?["recordsWritten"] as? Int == 4)
    }

    @Test func quietStillPrintsRejectedRecords() throws {
        let scratch = try TemporaryDirectory()
        let input = try scratch.write("in.jsonl", "{\"text\":\"a\"}\n{\"text\":\"b\",}\n")
        let result = try CLIRunner.run(["convert", input, "-o", scratch.file("out.jsonl"), "--keep-going", "-q"])
        #expect(result == CLIRunner.Result(status: 65, stdout: "", stderr: """
            \(input):2:13: error: a trailing ',' before '}' is not allowed in JSON
                2 | {"text":"b",}
                  |             ^
              hint: remove the last comma

            """))
    }

    @Test func inspectReportsEveryBadFileAndInspectsTheRest() throws {
        let scratch = try TemporaryDirectory()
        let first = try scratch.write("one.jsonl", "{\"text\":}\n")
        let second = try scratch.write("two.jsonl", "[\n")
        let result = try CLIRunner.run(["inspect", first, "Samples/favourites.json", second])
        #expect(result.status == 65)
        #expect(result.stdout == "Samples/favourites.json: favourites, 4 records (4 citations)\n")
        #expect(result.stderr == """
            \(first):1:9: error: expected a value, found '}'
                1 | {"text":}
                  |         ^
            \(second):1:2: error: the input ends inside an array
                1 | [
                  |  ^
              hint: the file looks cut short

            """)
    }

    @Test func aLargeDocumentPipedIn() throws {
        let quotes = (0..<20_000).map { "{\"quote\":\"Quote number \($0) — “quoted”\",\"author\":\"Author \($0 % 50)\"}" }
        let result = try CLIRunner.runPiped(["convert", "-", "-o", "-", "--from", "favourites", "--to", "jsonl", "-q"],
                                            input: "[" + quotes.joined(separator: ",\n") + "]")
        #expect(result.status == 0)
        #expect(result.stdout.split(separator: "\n").count == 20_000)
    }

    @Test func aBrokenDocumentPipedInIsLocated() throws {
        let lines = (0..<30_000).map { "    {\"text\":\"quote \($0)\"}," }.joined(separator: "\n")
        let result = try CLIRunner.runPiped(["convert", "-", "-o", "-", "--from", "cardport", "--to", "jsonl", "-q"],
                                            input: "{\"citations\": [\n" + lines + "\n    {\"text\": nope}\n]}\n")
        #expect(result.status == 65)
        #expect(result.stderr.hasPrefix("<stdin>:30002:14: error: expected a value, found 'n'\n"))
    }
}
