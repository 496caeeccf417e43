import CardportTestSupport
import Foundation
import Testing

/// Importing Kindle highlights from the command line, as a user does it.
@Suite struct KindleCLITests {
    @Test func inspectShowsEntriesBooksFoldsAndWarnings() throws {
        let result = try CLIRunner.run(["inspect", "Samples/kindle-clippings.txt"])
        #expect(result == CLIRunner.Result(status: 0, stdout: """
            Samples/kindle-clippings.txt: kindle, 8 records (8 citations)
              highlights: 9
              notes: 2
              bookmarks: 1
              books: 6
              extended highlights folded: 1
              repeated highlights folded: 1
              notes attached to their highlight: 1
              notes kept as citations of their own: 1
              bookmarks skipped: 1
              highlights cut by the clipping limit: 1

            """, stderr: ""))
    }

    @Test func convertReportsWhatItFoldedAndWarns() throws {
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
            read 1 record from \(clippings) (kindle): 1 citation
              highlights: 1, books: 1, unreadable entries skipped: 1
              1 warning:
            \(clippings):7:1: warning: cannot read the metadata line of the entry for 'Dune (Frank Herbert)'
                7 | - Your Scribble somewhere | Added on Monday, March 21, 2016 8:36:16 AM
                  | ^
              hint: expected the kind (highlight, note, bookmark), its location and the date, as Kindle writes them
            wrote 1 record to \(scratch.path)/highlights.jsonl (jsonl)

            """)
        let written = try String(contentsOfFile: scratch.path + "/highlights.jsonl", encoding: .utf8)
        #expect(written == """
            {"kind":"citation","id":"7bafa0f7-541a-8f8d-b3c5-f62abb77bb2d","text":"Fear is the mind-killer.","author":"Frank Herbert","source":"Dune","tags":[],"favourite":false,"archived":false,"created_at":"2016-03-21T08:35:16","location":{"start":10,"end":12}}

            """)
    }
}
