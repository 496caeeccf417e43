import CardportTestSupport
import Foundation
import Testing

/// `cardport merge` and `cardport dedupe` as a user meets them: exact output, exact exit codes.
@Suite struct MergeCLITests {
    @Test func dedupeDryRunListsTheGroupsAndWritesNothing() throws {
        let result = try CLIRunner.run(["dedupe", "Samples/duplicates.jsonl", "--dry-run", "--near"])
        #expect(result == CLIRunner.Result(status: 0, stdout: """
            keep Samples/duplicates.jsonl record 1: "“It is not the man who has too little, but the man who craves more, t…" (SENECA)
              exact Samples/duplicates.jsonl record 3: "“It is not the man who has too little, but the man who craves more, t…" (SENECA)

            keep Samples/duplicates.jsonl record 2: "We suffer more often in imagination than in reality." (Seneca)
              near  Samples/duplicates.jsonl record 4: "We suffer more often in imagination" (Seneca)

            keep Samples/duplicates.jsonl record 6: "https://www.gutenberg.org/ebooks/2680" (Meditations)
              exact Samples/duplicates.jsonl record 7: "https://www.gutenberg.org/ebooks/2680/?utm_source=newsletter&utm_medi…" (Meditations (Gutenberg))
              near  Samples/duplicates.jsonl record 8: "https://gutenberg.org/ebooks/2680"

            keep Samples/duplicates.jsonl record 9: task "read Letter II."
              exact Samples/duplicates.jsonl record 10: task "read Letter II."

            4 groups: 5 records would be folded (3 exact, 2 near)

            """, stderr: """
            INPUT                     FORMAT  READ  ADDED  UPDATED  UNCHANGED  EXACT  NEAR  REJECTED
            Samples/duplicates.jsonl  jsonl     10      5        0          0      3     2         0
            would write 5 records; nothing written (--dry-run)

            """))
    }

    @Test func dedupeReadsWithTheFormatOptionsGiven() throws {
        let scratch = try TemporaryDirectory()
        let input = scratch.file("quotes.csv")
        try Data("text;author\n\"One; two\";Ann\n\"One; two\";Ann\n".utf8).write(to: URL(fileURLWithPath: input))
        let result = try CLIRunner.run(["dedupe", input, "-o", "-", "--to", "jsonl", "--delimiter", ";", "-q"])
        #expect(result == CLIRunner.Result(status: 0, stdout: """
            {"kind":"citation","id":"795477cc-237e-8a10-b734-237d7076371b","text":"One; two","author":"Ann","tags":[],"favourite":false,"archived":false}

            """, stderr: ""))
    }

    @Test(arguments: ["merge", "dedupe"])
    func helpListsNoSplitItRefuses(command: String) throws {
        let help = try CLIRunner.run([command, "--help"])
        #expect(help.status == 0)
        #expect(!help.stdout.contains("--split"))
        #expect(try CLIRunner.run(["convert", "--help"]).stdout.contains("--split <layout>"))
    }

    @Test func mergeRefusesSplit() throws {
        let result = try CLIRunner.run(["merge", "Samples/duplicates.jsonl", "-o", "out.md", "--split", "book"])
        #expect(result.status == 64)
        #expect(result.stderr == """
            error: unknown option '--split' for 'cardport merge'
              hint: run 'cardport merge --help' for its options

            """)
        #expect(!FileManager.default.fileExists(atPath: PackagePaths.root + "/out.md"))
    }

    @Test func dedupeWritesTheFoldedRecords() throws {
        let scratch = try TemporaryDirectory()
        let result = try CLIRunner.run(["dedupe", "Samples/duplicates.jsonl", "-o", scratch.file("clean.jsonl"), "--near"])
        #expect(result == CLIRunner.Result(status: 0, stdout: "", stderr: """
            INPUT                     FORMAT  READ  ADDED  UPDATED  UNCHANGED  EXACT  NEAR  REJECTED
            Samples/duplicates.jsonl  jsonl     10      5        0          0      3     2         0
            wrote 5 records to \(scratch.file("clean.jsonl")) (jsonl)

            """))
        #expect(try scratch.read("clean.jsonl") == """
            {"kind":"citation","id":"39955c2b-6692-8ad3-9f49-33d3691d166d","text":"“It is not the man who has too little, but the man who craves more, that is poor”","author":"SENECA","source":"Letters from a Stoic","tags":["stoicism","wealth"],"favourite":true,"archived":false,"created_at":"2022-11-20T07:30:00Z","updated_at":"2023-04-02T12:00:00Z"}
            {"kind":"citation","id":"b63cb5b1-0515-85d7-96ad-f8a4e483d23f","text":"We suffer more often in imagination than in reality.","author":"Seneca","source":"Letters from a Stoic","tags":["stoicism"],"favourite":false,"archived":false,"created_at":"2022-12-30T21:40:00Z","note":"first highlight, later extended"}
            {"kind":"citation","id":"d3b37e60-fcc9-858b-badf-b8ed6e51651a","text":"Waste no more time arguing about what a good man should be. Be one.","author":"Marcus Aurelius","source":"Meditations","tags":["action"],"favourite":false,"archived":false}
            {"kind":"bookmark","id":"e5b7cdbc-e8f6-842b-93a3-7e5bf872a47d","name":"Meditations","text":"https://www.gutenberg.org/ebooks/2680","tags":["stoicism","to-read"]}
            {"kind":"task","id":"1a7d1dfb-e02e-80b5-9add-ec55c297d830","description":"read Letter II.","progress":50,"updated_at":"2023-01-01T00:00:00Z"}

            """)
    }

    @Test func dedupingTheResultAgainChangesNothing() throws {
        let scratch = try TemporaryDirectory()
        _ = try CLIRunner.run(["dedupe", "Samples/duplicates.jsonl", "-o", scratch.file("once.jsonl"), "--near"])
        let again = try CLIRunner.run(["dedupe", scratch.file("once.jsonl"), "-o", scratch.file("twice.jsonl"), "--near", "-q"])
        #expect(again.status == 0)
        #expect(try scratch.read("twice.jsonl") == scratch.read("once.jsonl"))
    }

    @Test func mergeCountsEachInputAndTheTotal() throws {
        let scratch = try TemporaryDirectory()
        let result = try CLIRunner.run(["merge", "Samples/mixed.jsonl", "Samples/duplicates.jsonl", "-o", scratch.file("all.json")])
        #expect(result == CLIRunner.Result(status: 0, stdout: "", stderr: """
            INPUT                     FORMAT  READ  ADDED  UPDATED  UNCHANGED  EXACT  NEAR  REJECTED
            Samples/mixed.jsonl       jsonl      6      6        0          0      0     0         0
            Samples/duplicates.jsonl  jsonl     10      5        1          3      1     0         0
            total                               16     11        1          3      1     0         0
            found 2 near duplicates, not folded (--near folds them)
            wrote 11 records to \(scratch.file("all.json")) (cardport)

            """))
    }

    @Test func mergeIsByteIdenticalWhenRunTwice() throws {
        let scratch = try TemporaryDirectory()
        for name in ["a.json", "b.json"] {
            let result = try CLIRunner.run(["merge", "Samples/mixed.jsonl", "Samples/duplicates.jsonl", "Samples/backup.json",
                                            "-o", scratch.file(name), "--near", "-q"])
            #expect(result.status == 0)
        }
        #expect(try scratch.read("a.json") == scratch.read("b.json"))
    }

    @Test func mergeReportJSONGoesToStandardOutput() throws {
        let scratch = try TemporaryDirectory()
        let result = try CLIRunner.run(["merge", "Samples/favourites.json", "Samples/favourites.json",
                                        "-o", scratch.file("f.jsonl"), "--report", "json"])
        #expect(result.status == 0)
        #expect(result.stderr == "")
        #expect(result.stdout.contains("""
              "total" : {
                "added" : 4,
                "exactDuplicates" : 0,
                "nearDuplicates" : 0,
                "nearDuplicatesFound" : 0,
                "read" : 8,
                "rejected" : 0,
                "unchanged" : 4,
                "updated" : 0
              }
            """))
    }

    @Test func rejectedRecordsAreListedAndExit65() throws {
        let scratch = try TemporaryDirectory()
        let result = try CLIRunner.run(["dedupe", "-", "-o", scratch.file("o.jsonl"), "--keep-going", "--from", "jsonl"],
                                       stdin: "{\"text\":\"a\"}\n{\"text\":\"b\",\"created_at\":\"soon\"}\n{\"text\":\"A.\"}\n")
        #expect(result == CLIRunner.Result(status: 65, stdout: "", stderr: """
            INPUT           FORMAT  READ  ADDED  UPDATED  UNCHANGED  EXACT  NEAR  REJECTED
            standard input  jsonl      3      1        0          0      1     0         1
            wrote 1 record to \(scratch.file("o.jsonl")) (jsonl)
            rejected 1 record:
            <stdin>:2:26: error: "soon" is not a date
                2 | {"text":"b","created_at":"soon"}
                  |                          ^
              hint: write dates in ISO 8601, e.g. 2023-03-05T22:15:42Z or 2023-03-05

            """))
    }

    @Test func anUnknownPolicyIsAUsageError() throws {
        let result = try CLIRunner.run(["merge", "Samples/mixed.jsonl", "-o", "-", "--to", "jsonl", "--policy", "sideways"])
        #expect(result.status == 64)
        #expect(result.stderr.hasPrefix("Error: The value 'sideways' is invalid for '--policy <policy>': 'sideways' is not a policy; use one of: newest, existing, incoming\n"))
    }

    @Test func dedupeNeedsAnOutputOrADryRun() throws {
        let result = try CLIRunner.run(["dedupe", "Samples/duplicates.jsonl"])
        #expect(result.status == 64)
        #expect(result.stderr.hasPrefix("Error: Give an output: -o FILE (or -o - for standard output), or --dry-run.\n"))
    }

    @Test func theOutputMayNotBeAnInput() throws {
        let scratch = try TemporaryDirectory()
        let input = try scratch.write("in.jsonl", "{\"text\":\"a\"}\n")
        let result = try CLIRunner.run(["merge", "Samples/mixed.jsonl", input, "-o", input])
        #expect(result == CLIRunner.Result(status: 64, stdout: "", stderr: """
            error: the output '\(input)' is the input '\(input)'
              hint: write to another file, or pass --in-place to replace the input once the run succeeds

            """))
        #expect(try scratch.read("in.jsonl") == "{\"text\":\"a\"}\n")
    }
}
