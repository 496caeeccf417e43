import CardportTestSupport
import Foundation
import Testing

/// Damaged files whose content looks like another format: each must fail as what its extension says
/// it is, with the location of the damage, and leave an existing output as it was.
@Suite struct SniffingCLITests {
    @Test func aPipeNamedByItsPathIsSniffedAndReadFromOneOpening() throws {
        // More than the 64 KiB a sniff looks at: opened again, the pipe would have lost them.
        let lines = (1...2_000).map { "{\"text\":\"Highlight number \($0) of a piped file\",\"author\":\"A\"}\n" }
        let scratch = try TemporaryDirectory()
        let result = try CLIRunner.runPiped(["convert", "/dev/stdin", "-o", scratch.file("out.jsonl"), "-q"],
                                            input: lines.joined())
        #expect(result.stderr == "")
        #expect(result.status == 0)
        let written = try scratch.read("out.jsonl").split(separator: "\n")
        #expect(written.count == 2_000)
        #expect(written.last?.contains("Highlight number 2000 of") == true)
    }

    @Test func aJSONLinesFileWithACutFirstLineIsAJSONLinesError() throws {
        let scratch = try TemporaryDirectory()
        try scratch.write("v.jsonl", "{\"text\":\"a\"\n{\"text\":\"b\",\"note\":\"x\"}\n{\"text\":\"c\"}\n")
        let result = try CLIRunner.run(["convert", "v.jsonl", "-o", "out.jsonl"], directory: scratch.path)
        #expect(result.status == 65)
        #expect(result.stdout == "")
        #expect(result.stderr == """
            v.jsonl:1:12: error: the input ends inside an object
                1 | {"text":"a"
                  |            ^
              hint: the file looks cut short

            """)
        #expect(!scratch.entries.contains("out.jsonl"))
    }

    @Test func aCutTaskwarriorExportIsAnErrorAndTheOutputStaysAsItWas() throws {
        let scratch = try TemporaryDirectory()
        let sample = try Data(contentsOf: URL(fileURLWithPath: PackagePaths.root + "/Samples/taskwarrior-export.json"))
        try sample.prefix(173).write(to: URL(fileURLWithPath: scratch.file("tasks.json")))
        try scratch.write("out.jsonl", "old\n")
        let result = try CLIRunner.run(["convert", "tasks.json", "-o", "out.jsonl"], directory: scratch.path)
        #expect(result.status == 65)
        #expect(result.stderr.hasPrefix("tasks.json:2:172: error: the input ends inside a string\n"))
        #expect(try scratch.read("out.jsonl") == "old\n")
        #expect(scratch.entries == ["out.jsonl", "tasks.json"])
    }

    @Test func aDamagedBukuJSONFileIsAJSONErrorNotMarkdown() throws {
        let scratch = try TemporaryDirectory()
        try scratch.write("bookmarks.json", """
            [
                ("index": 1, "uri": "https://example.org", "title": "Example", "tags": ",a,", "description": ""}
            ]

            """)
        let result = try CLIRunner.run(["convert", "bookmarks.json", "-o", "out.jsonl"], directory: scratch.path)
        #expect(result.status == 65)
        #expect(result.stderr.hasPrefix("bookmarks.json:2:5: error: expected a value, found '('\n"))
        #expect(!scratch.entries.contains("out.jsonl"))
    }
}
