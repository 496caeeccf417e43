import CardportTestSupport
import Foundation
import Testing

/// Importing Kindle highlights from the command line, as a user does it.
@Suite struct KindleCLITests {
    @Test func inspectShowsEntriesBooksEditsAndWarnings() throws {
        let result = try CLIRunner.run(["inspect", "Samples/kindle-clippings.txt"])
        #expect(result == CLIRunner.Result(status: 0, stdout: """
            Samples/kindle-clippings.txt: kindle, 8 records (8 citations)
              highlights: 9
              notes: 2
              bookmarks: 1
              books: 6
              earlier versions replaced by an edit: 1
              exact repeats replaced: 1
              notes attached to their highlight: 1
              notes kept as citations of their own: 1
              bookmarks skipped: 1
              highlights cut by the clipping limit: 1

            """, stderr: ""))
    }

    @Test func convertKeepsAnEntryItCannotFullyReadAndWarns() throws {
        let scratch = try TemporaryDirectory()
        let clippings = scratch.path + "/My Clippings.txt"
        try Data("""
            Dune (Frank Herbert)\r
            - Your Highlight on Location 10-12 | Added on Monday, March 21, 2016 8:35:16 AM\r
            \r
            Fear is the mind-killer.\r
            ==========\r
            Dune (Frank Herbert)\r
            - Your Scribble somewhere | Added on Monday, March 21, 2016 8:36:16 AM\r
            \r
            ?\r
            ==========\r

            """.utf8).write(to: URL(fileURLWithPath: clippings))
        let result = try CLIRunner.run(["convert", clippings, "-o", scratch.path + "/highlights.jsonl"])
        #expect(result.status == 0)
        #expect(result.stdout == "")
        #expect(result.stderr == """
            read 2 records from \(clippings) (kindle): 2 citations
              highlights: 2, books: 1, entries with an unread metadata line kept as text: 1
              1 warning:
            \(clippings):7:1: warning: cannot read the metadata line of the entry for 'Dune (Frank Herbert)': it names no kind of entry Cardport knows
                7 | - Your Scribble somewhere | Added on Monday, March 21, 2016 8:36:16 AM
                  | ^
              hint: the text is kept as a citation, with the line in extras.kindle_metadata; expected the kind (highlight, note, bookmark), its location and the date, as Kindle writes them
            wrote 2 records to \(scratch.path)/highlights.jsonl (jsonl)

            """)
        let written = try String(contentsOfFile: scratch.path + "/highlights.jsonl", encoding: .utf8)
        #expect(written == """
            {"kind":"citation","id":"7bafa0f7-541a-8f8d-b3c5-f62abb77bb2d","text":"Fear is the mind-killer.","author":"Frank Herbert","source":"Dune","tags":[],"favourite":false,"archived":false,"created_at":"2016-03-21T08:35:16","location":{"start":10,"end":12}}
            {"kind":"citation","id":"c72aa130-fe84-887c-9a99-b9d8f3f73c88","text":"?","author":"Frank Herbert","source":"Dune","tags":[],"favourite":false,"archived":false,"extras":{"kindle_metadata":"- Your Scribble somewhere | Added on Monday, March 21, 2016 8:36:16 AM"}}

            """)

        // --strict: the same entry is an error, exit 65, and nothing is written.
        let strict = try CLIRunner.run(["convert", clippings, "-o", scratch.path + "/strict.jsonl", "--strict"])
        #expect(strict == CLIRunner.Result(status: 65, stdout: "", stderr: """
            \(clippings):7:1: error: cannot read the metadata line of the entry for 'Dune (Frank Herbert)': it names no kind of entry Cardport knows
                7 | - Your Scribble somewhere | Added on Monday, March 21, 2016 8:36:16 AM
                  | ^
              hint: without --strict, entries like this are read and reported as warnings

            """))
        #expect(!FileManager.default.fileExists(atPath: scratch.path + "/strict.jsonl"))
    }

    @Test func aNumberNoWordNamesIsShownWithACaret() throws {
        let scratch = try TemporaryDirectory()
        let clippings = scratch.path + "/My Clippings.txt"
        try Data("""
            Röda rummet (August Strindberg)\r
            - Din markering på sida 3 | plats 40-41 | Tillagd: söndag 5 mars 2023 22:14:00\r
            \r
            Klockan var fem.\r
            ==========\r
            Röda rummet (August Strindberg)\r
            - Din markering på blad 12 | Tillagd: söndag 5 mars 2023 22:15:42\r
            \r
            Det var en afton i början av maj.\r
            ==========\r

            """.utf8).write(to: URL(fileURLWithPath: clippings))
        let result = try CLIRunner.run(["inspect", clippings])
        #expect(result == CLIRunner.Result(status: 0, stdout: """
            \(clippings): kindle, 2 records (2 citations)
              highlights: 2
              books: 1
              entries with an unread metadata line kept as text: 1
              1 warning:
            \(clippings):7:25: warning: cannot read the metadata line of the entry for 'Röda rummet (August Strindberg)': no page or location word names the number '12'
                7 | - Din markering på blad 12 | Tillagd: söndag 5 mars 2023 22:15:42
                  |                         ^
              hint: the text is kept as a citation, with the line in extras.kindle_metadata; a number is read as a page or a location only when a word such as 'page' or 'Location' says so

            """, stderr: ""))
    }

    @Test func keepVersionsKeepsWhatAnEditReplaced() throws {
        let scratch = try TemporaryDirectory()
        let result = try CLIRunner.run(["convert", "Samples/kindle-edits.txt", "-o", scratch.path + "/h.jsonl", "--keep-versions"])
        #expect(result.status == 0)
        let lines = try String(contentsOfFile: scratch.path + "/h.jsonl", encoding: .utf8).split(separator: "\n")
        #expect(lines.count == 5)
        #expect(lines.first == #"{"kind":"citation","id":"40707e06-d71a-86b3-97a4-3eb36654798a","text":"Truth is a matter of the imagination.","author":"Dan Simmons","source":"Hyperion","tags":[],"favourite":false,"archived":false,"created_at":"2024-03-04T20:00:40","note":"Le Guin, The Left Hand of Darkness","location":{"start":500,"end":502},"extras":{"kindle_versions":"[{\"text\":\"Truth is a matter of the imagination. The soundest fact may fail or prevail in the style of its telling.\",\"location\":\"500-506\",\"added\":\"2024-03-04T20:00:00\"}]"}}"#)
        // Without the flag, no history in extras.
        let plain = try CLIRunner.run(["convert", "Samples/kindle-edits.txt", "-o", scratch.path + "/p.jsonl"])
        #expect(plain.status == 0)
        #expect(try !String(contentsOfFile: scratch.path + "/p.jsonl", encoding: .utf8).contains("kindle_versions"))
    }

    @Test func aJSONLinesFileWithTheWordNoteIsNoKindleFile() throws {
        let scratch = try TemporaryDirectory()
        let input = scratch.path + "/v.jsonl"
        try Data("{\"text\":\"a\"\n{\"text\":\"b\",\"note\":\"x\"}\n{\"text\":\"c\"}\n".utf8).write(to: URL(fileURLWithPath: input))
        let result = try CLIRunner.run(["convert", input, "-o", scratch.path + "/out.jsonl"])
        #expect(result.status == 65)
        #expect(!result.stderr.contains("kindle"))
        #expect(!FileManager.default.fileExists(atPath: scratch.path + "/out.jsonl"))
    }
}
