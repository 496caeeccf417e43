import CardportTestSupport
import Foundation
import Testing

/// A run that loses records says so in its exit status, and a mistake on the command line is
/// answered with what was probably meant.
@Suite struct LossAndUsageCLITests {
    @Test func aTargetThatHoldsNoneOfTheRecordsWritesNothingAndExits64() throws {
        let scratch = try TemporaryDirectory()
        let output = scratch.file("q.xbel")
        let result = try CLIRunner.run(["convert", "Samples/quotes.csv", "-o", output])
        #expect(result == CLIRunner.Result(status: 64, stdout: "", stderr: """
            error: wrote nothing: format 'xbel' cannot hold any of the records read (4 citations)
              hint: formats that can: cardport, jsonl, dummyjson, favourites, plist, csv, readwise-import, yaml, kindle, opml, markdown

            """))
        #expect(!FileManager.default.fileExists(atPath: output))
    }

    @Test func droppedRecordsExit3AfterWritingTheRest() throws {
        let result = try CLIRunner.run(["convert", "Samples/mixed.jsonl", "-o", "-", "--to", "favourites", "-q"])
        #expect(result.status == 3)
        #expect(result.stdout.contains("\"quote\""))
    }

    @Test func anUnknownOptionSaysWhichOneWasMeant() throws {
        let result = try CLIRunner.run(["convert", "Samples/quotes.csv", "--ouput", "x.json"])
        #expect(result == CLIRunner.Result(status: 64, stdout: "", stderr: """
            error: unknown option '--ouput' for 'cardport convert'
              hint: did you mean '--output'? run 'cardport convert --help' for its options

            """))
    }

    @Test func anUnknownCommandSaysWhichOneWasMeant() throws {
        let result = try CLIRunner.run(["conver", "x"])
        #expect(result == CLIRunner.Result(status: 64, stdout: "", stderr: """
            error: unknown command 'conver'
              hint: did you mean 'convert'? run 'cardport --help' for the list of commands

            """))
    }

    @Test func anUnknownFormatSaysWhichOneWasMeant() throws {
        let result = try CLIRunner.run(["convert", "Samples/quotes.csv", "-o", "-", "--to", "jsn"])
        #expect(result.status == 64)
        #expect(result.stderr.hasSuffix("""
              hint: did you mean 'json'? run 'cardport formats' to see what each one reads and writes

            """))
    }

    @Test func aRepeatedOutputIsAnErrorNotLastWins() throws {
        let scratch = try TemporaryDirectory()
        let result = try CLIRunner.run(["convert", "Samples/quotes.csv", "-o", scratch.file("a.json"), "-o", scratch.file("b.json")])
        #expect(result == CLIRunner.Result(status: 64, stdout: "", stderr: """
            error: -o/--output is given more than once
              hint: give it once; a later value would replace the earlier one

            """))
        #expect(!FileManager.default.fileExists(atPath: scratch.file("b.json")))
    }

    @Test func repeatableOptionsMayBeRepeated() throws {
        let scratch = try TemporaryDirectory()
        let result = try CLIRunner.run(["list", "--tag", "a", "--tag", "b", "--store", scratch.file("none.sqlite")])
        #expect(result.status == 66)
        #expect(!result.stderr.contains("more than once"))
    }

    @Test func restoreTakesQuiet() throws {
        let result = try CLIRunner.run(["restore", "--help"])
        #expect(result.stdout.contains("-q, --quiet"))
    }

    @Test func helpParagraphsAreWrappedEvenly() throws {
        let result = try CLIRunner.run(["convert", "--help"])
        // The first paragraph of the discussion: every line but its last is nearly full.
        let lines = result.stdout.components(separatedBy: "\n\n")[1].split(separator: "\n")
        #expect(lines.count > 2)
        #expect(lines.dropLast().allSatisfy { $0.count >= 70 }, "\(lines)")
    }

    @Test func pandocsMarkdownReadsBackTheSameRecords() throws {
        let scratch = try TemporaryDirectory()
        let input = try scratch.write("in.jsonl", """
            {"text":"Ordinary people","author":"Will Durant","source":"Story"}
            {"kind":"task","description":"Revise","progress":40}

            """)
        let markdown = scratch.file("cards.md")
        #expect(try CLIRunner.run(["convert", input, "-o", markdown, "-q"]).status == 0)
        let pandoc = try ExternalCommand.run("pandoc", ["-f", "gfm", "-t", "markdown", markdown])
        #expect(pandoc.contains("> --- Will Durant, *Story*"))
        #expect(pandoc.contains("Revise --- *40 %*"))
        let rewritten = try scratch.write("pandoc.md", pandoc)
        let back = try CLIRunner.run(["convert", rewritten, "-o", "-", "--to", "jsonl", "-q"])
        #expect(back.stdout == """
            {"kind":"citation","id":"81094b15-dd11-8aa4-8143-b03efd1f9739","text":"Ordinary people","author":"Will Durant","source":"Story","tags":[],"favourite":false,"archived":false}
            {"kind":"task","id":"7dd72c27-ee7f-881b-aa24-2b914b4ddb5d","description":"Revise","progress":40}

            """)
    }

    @Test func everyAttributionFormRealToolsWriteNamesTheAuthor() throws {
        for mark in ["—", "--", "---", "―", "~", "–"] {
            let result = try CLIRunner.run(["convert", "-", "--from", "markdown", "-o", "-", "--to", "jsonl", "-q"],
                                           stdin: "> Carpe diem\n>\n> \(mark) Horace\n")
            #expect(result.stdout.contains(#""author":"Horace""#), "\(mark)")
        }
    }

    @Test func aCompoundKindlePageIsKeptAsWritten() throws {
        let clipping = "\u{FEFF}Book (Author)\r\n- Your Highlight on page II.17 | Location 12-14 | Added on Monday, January 1, 2024 10:00:00 AM\r\n\r\nSome text\r\n==========\r\n"
        let result = try CLIRunner.run(["convert", "-", "--from", "kindle", "-o", "-", "--to", "jsonl", "-q"], stdin: clipping)
        #expect(result.stdout.contains(#""location":{"page":"II.17","start":12,"end":14}"#))
    }

    @Test func aKindleTextsTrailingNewlineIsCounted() throws {
        let result = try CLIRunner.run(["convert", "-", "--from", "jsonl", "-o", "-", "--to", "kindle"],
                                       stdin: #"{"text":"Ends with a newline\n","author":"A","source":"B"}"# + "\n")
        #expect(result.stderr.contains("citation.text (1)"))
    }
}

/// Runs an installed program and returns its standard output.
enum ExternalCommand {
    static func run(_ name: String, _ arguments: [String]) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [name] + arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self)
    }
}

/// A bare JSON array of Cardport records reads as records, sniffed or named.
@Suite struct RecordListCLITests {
    static let list = #"[{"text":"Well begun is half done.","author":"Aristotle","tags":["habits"],"favourite":true}]"#

    @Test(arguments: [[], ["--from", "cardport"]])
    func aListOfRecordsKeepsEveryField(from: [String]) throws {
        let result = try CLIRunner.run(["convert", "-", "-o", "-", "--to", "jsonl"] + from, stdin: Self.list)
        #expect(result.status == 0)
        #expect(result.stdout.contains(#""text":"Well begun is half done.","author":"Aristotle","tags":["habits"],"favourite":true,"archived":false}"#))
        #expect(result.stderr.hasPrefix("read 1 record from standard input (cardport): 1 citation\n"))
    }

    @Test func theFavouritesListIsStillTheFavouritesList() throws {
        let result = try CLIRunner.run(["convert", "-", "-o", "-", "--to", "jsonl"],
                                       stdin: #"[{"text":"Well begun is half done.","author":"Aristotle"}]"#)
        #expect(result.stderr.hasPrefix("read 1 record from standard input (favourites): 1 citation\n"))
        let sample = try CLIRunner.run(["inspect", "Samples/favourites.json"])
        #expect(sample.stdout.hasPrefix("Samples/favourites.json: favourites"))
    }
}

/// The output format is chosen by what it can hold, and a table is not read as tasks.
@Suite struct FormatChoiceCLITests {
    @Test func tasksWrittenToATxtFileAreTodoTxt() throws {
        let scratch = try TemporaryDirectory()
        let output = scratch.file("x.txt")
        let result = try CLIRunner.run(["convert", "Samples/taskwarrior-export.json", "-o", output])
        #expect(result.status == 0)
        #expect(result.stderr.contains("(todotxt)"))
    }

    @Test func excelUnicodeTextIsNotReadAsTasks() throws {
        let scratch = try TemporaryDirectory()
        var bytes: [UInt8] = [0xFF, 0xFE]
        for unit in "Highlight\tTitle\tAuthor\r\nWell begun\tPolitics\tAristotle\r\n".utf16 {
            bytes += [UInt8(unit & 0xFF), UInt8(unit >> 8)]
        }
        let path = scratch.file("export.txt")
        #expect(FileManager.default.createFile(atPath: path, contents: Data(bytes)))
        let result = try CLIRunner.run(["inspect", path])
        #expect(!result.stdout.contains("todotxt"))
        #expect(result.status != 0 || result.stdout.contains("csv"))
    }

    @Test func aBookmarkDateFractionIsReportedUnderItsUserFacingName() throws {
        let result = try CLIRunner.run(["convert", "-", "--from", "jsonl", "-o", "-", "--to", "netscape"],
                                       stdin: #"{"kind":"bookmark","text":"https://a.example/","created_at":"2024-01-02T10:00:00.5Z"}"# + "\n")
        #expect(result.stderr.contains("bookmark.created_at (1)"))
        #expect(!result.stderr.contains("createdAt"))
    }
}
