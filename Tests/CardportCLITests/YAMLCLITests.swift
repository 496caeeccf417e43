import CardportTestSupport
import Foundation
import Testing

/// `cardport` with YAML files, as a user runs it.
@Suite struct YAMLCLITests {
    @Test func convertsTheBackupToYAMLAndBackWithoutLoss() throws {
        let scratch = try TemporaryDirectory()
        let toYAML = try CLIRunner.run(["convert", "Samples/backup.json", "-o", scratch.file("backup.yaml")])
        #expect(toYAML.status == 0)
        #expect(try scratch.read("backup.yaml") == String(contentsOfFile: PackagePaths.sample("backup.yaml"), encoding: .utf8))
        let back = try CLIRunner.run(["convert", scratch.file("backup.yaml"), "-o", scratch.file("back.json")])
        #expect(back == CLIRunner.Result(status: 0, stdout: "", stderr: """
            read 12 records from \(scratch.file("backup.yaml")) (yaml): 1 settings, 1 tag, 7 citations, 1 bookmark, 1 task, 1 topic
            wrote 12 records to \(scratch.file("back.json")) (cardport)

            """))
        let direct = try CLIRunner.run(["convert", "Samples/backup.json", "-o", scratch.file("direct.json")])
        #expect(direct.status == 0)
        #expect(try scratch.read("back.json") == scratch.read("direct.json"))
    }

    @Test func readsAHandWrittenList() throws {
        let result = try CLIRunner.run(["convert", "Samples/quotes.yaml", "-o", "-", "--to", "jsonl"])
        #expect(result.status == 0)
        #expect(result.stdout.split(separator: "\n").count == 5)
        #expect(result.stdout.contains(#""text":"Life is long if you know how to use it.","author":"Seneca","source":"On the Shortness of Life""#))
        #expect(result.stdout.contains(#""tags":["no","stoicism"]"#))
        #expect(result.stdout.contains(#""created_at":"2024-01-12""#))
    }

    @Test func convertsAnEmptyDocument() throws {
        let scratch = try TemporaryDirectory()
        let input = try scratch.write("empty.yaml", "---\n")
        let result = try CLIRunner.run(["convert", input, "-o", "-", "--to", "jsonl"])
        #expect(result == CLIRunner.Result(status: 0, stdout: "", stderr: """
            read 0 records from \(input) (yaml)
            wrote 0 records to standard output (jsonl)

            """))
    }

    @Test func printsYAMLErrorsCompilerStyle() throws {
        let scratch = try TemporaryDirectory()
        let input = try scratch.write("bad.yaml", "- text: Carpe diem.\n  author: Horace\n- text: \"Nunc est bibendum\n  favourite: maybe\n")
        let result = try CLIRunner.run(["convert", input, "-o", scratch.file("out.json")])
        #expect(result == CLIRunner.Result(status: 65, stdout: "", stderr: """
            \(input):5:1: error: while scanning a quoted scalar, found unexpected end of stream
                5 | 
                  | ^
              hint: look at a quoted scalar that starts at line 3, column 9

            """))
        #expect(scratch.entries == ["bad.yaml"])
    }

    @Test func refusesABillionLaughs() throws {
        let scratch = try TemporaryDirectory()
        var yaml = "- text: lol\n  extras:\n    a0: &a0 [lol, lol, lol, lol, lol, lol, lol, lol, lol, lol]\n"
        for level in 1...9 {
            yaml += "    a\(level): &a\(level) [" + Array(repeating: "*a\(level - 1)", count: 10).joined(separator: ", ") + "]\n"
        }
        let input = try scratch.write("laughs.yaml", yaml)
        let result = try CLIRunner.run(["convert", input, "-o", scratch.file("out.json")])
        #expect(result == CLIRunner.Result(status: 65, stdout: "", stderr: """
            \(input):8:49: error: aliases in this document expand to more values than the maximum expansion (1000000)
                8 |     a5: &a5 [*a4, *a4, *a4, *a4, *a4, *a4, *a4, *a4, *a4, *a4]
                  |                                                 ^
              hint: raise it with --max-expansion 2000000; a document whose aliases multiply ("billion laughs") is refused

            """))
    }
}
