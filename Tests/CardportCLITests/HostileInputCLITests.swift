import CardportCore
import CardportStore
import CardportTestSupport
import Foundation
import GRDB
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// The command line against hostile conditions: limits raised by their flags, an output that is an
/// input, missing and forbidden paths, closed and empty standard streams, a full disk, and stores
/// that are damaged, newer, read-only or on a full disk. Each asserts the exact exit code and output,
/// and that nothing already there was changed.
@Suite struct HostileInputCLITests {
    /// Runs `script` with `/bin/sh` in `directory`, with `$CARDPORT` naming the built binary and
    /// `$AS_OTHER` a prefix that runs a command as an unprivileged user when the tests run as root
    /// (root passes every permission check, so a permission test needs someone else).
    private func shell(_ script: String, in directory: String) throws -> CLIRunner.Result {
        let environment = ["COLUMNS": "100", "CARDPORT": CLIRunner.binary,
                           "AS_OTHER": geteuid() == 0 ? "setpriv --reuid=65534 --regid=65534 --clear-groups" : ""]
        return try CLIRunner.runProgram("/bin/sh", ["-c", script], environment: environment, directory: directory)
    }

    /// A scratch directory another user can enter (for the permission tests run as root).
    private func sharedScratch() throws -> TemporaryDirectory {
        let scratch = try TemporaryDirectory()
        chmod(scratch.path, 0o755)
        if geteuid() == 0 {
            let found = try shell("command -v setpriv", in: scratch.path)
            #expect(found.status == 0, "setpriv (util-linux) is needed to run permission tests as root; install util-linux")
        }
        return scratch
    }

    private func bytes(_ path: String) throws -> Data {
        try Data(contentsOf: URL(fileURLWithPath: path))
    }

    private static let citations = "{\"kind\":\"citation\",\"text\":\"Ars longa, vita brevis.\",\"author\":\"Hippocrates\"}\n"
        + "{\"kind\":\"citation\",\"text\":\"Festina lente.\"}\n"

    // MARK: Limits and their flags

    @Test func aLimitNamesItsFlagAndTheFlagRaisesIt() throws {
        let scratch = try TemporaryDirectory()
        // One bracket a line, so the error's line is short and its number says the depth.
        let deep = "{\"citations\":[{\"text\":\"a\",\"x\":\n" + String(repeating: "[\n", count: 250) + String(repeating: "]", count: 250) + "}]}\n"
        let input = try scratch.write("deep.json", deep)
        let refused = try CLIRunner.run(["convert", input, "-o", scratch.file("out.jsonl")])
        #expect(refused == CLIRunner.Result(status: 65, stdout: "", stderr: """
            \(input):201:1: error: arrays and objects nest deeper than the maximum depth (200)
                201 | [
                    | ^
              hint: raise it with --max-depth 400

            """))
        #expect(!FileManager.default.fileExists(atPath: scratch.file("out.jsonl")))
        let raised = try CLIRunner.run(["convert", input, "-o", scratch.file("out.jsonl"), "--max-depth", "400", "-q"])
        #expect(raised == CLIRunner.Result(status: 0, stdout: "", stderr: ""))
    }

    @Test func everyReadingCommandTakesTheLimitFlags() throws {
        let scratch = try TemporaryDirectory()
        let input = try scratch.write("two.jsonl", HostileInputCLITests.citations)
        let store = scratch.file("s.sqlite")
        let runs: [[String]] = [
            ["convert", input, "-o", scratch.file("o.json")], ["merge", input, "-o", scratch.file("m.json")],
            ["dedupe", input, "-o", scratch.file("d.json")], ["inspect", input], ["import", input, "--store", store],
        ]
        for arguments in runs {
            let result = try CLIRunner.run(arguments + ["--max-records", "1", "--max-input-size", "1M", "--max-field-size", "64K",
                                                        "--max-depth", "50", "--max-expansion", "10"])
            #expect(result.status == 65, "\(arguments[0])")
            #expect(result.stderr.contains("error: '\(input)' holds more records than the maximum records per input (1)\n"), "\(arguments[0])")
            #expect(result.stderr.contains("  hint: raise it with --max-records 2\n"), "\(arguments[0])")
        }
        #expect(try Store(path: store).read { try $0.statistics() }.citations == 0)
    }

    @Test func badLimitValuesAreUsageErrors() throws {
        let input = PackagePaths.sample("favourites.json")
        let size = try CLIRunner.run(["inspect", input, "--max-input-size", "12Q"])
        #expect(size.status == 64)
        #expect(size.stderr.hasPrefix("Error: The value '12Q' is invalid for '--max-input-size <size>': '12Q' is not a size; use a number of bytes with an optional K, M or G suffix, such as 512M\n"))
        let depth = try CLIRunner.run(["inspect", input, "--max-depth", "20000"])
        #expect(depth.status == 64)
        #expect(depth.stderr.hasPrefix("Error: The value '20000' is invalid for '--max-depth <levels>': --max-depth can be at most 10000; deeper nesting could exhaust the stack\n"))
        let count = try CLIRunner.run(["inspect", input, "--max-records", "0"])
        #expect(count.status == 64)
        #expect(count.stderr.hasPrefix("Error: The value '0' is invalid for '--max-records <count>': '0' is not a count; use a whole number above 0\n"))
    }

    @Test func aBinaryFileIsNamedOnTheCommandLine() throws {
        let scratch = try TemporaryDirectory()
        let path = scratch.file("book.epub.json")
        try Data([0x50, 0x4B, 0x03, 0x04, 0x14, 0x00, 0x06, 0x00]).write(to: URL(fileURLWithPath: path))
        let result = try CLIRunner.run(["convert", path, "-o", scratch.file("out.jsonl")])
        #expect(result == CLIRunner.Result(status: 65, stdout: "", stderr: """
            \(path):1:1: error: '\(path)' looks like a ZIP archive (.zip, or an .epub, .xlsx or .docx file), not a text file Cardport reads
              hint: unpack it and name the file inside, or name a text file in one of the formats 'cardport formats' lists

            """))
    }

    @Test func utf16FromAFileOrAPipeConvertsLikeUTF8() throws {
        let scratch = try TemporaryDirectory()
        let text = "text\tauthor\nCarpe diem 🌅\tHorace\n"
        let plain = try scratch.write("plain.tsv", text)
        let wide = scratch.file("wide.tsv")
        try Data(([0xFEFF] + Array(text.utf16)).flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }).write(to: URL(fileURLWithPath: wide))
        let expected = try CLIRunner.run(["convert", plain, "-o", "-", "--to", "jsonl", "-q"])
        #expect(expected.status == 0)
        #expect(try CLIRunner.run(["convert", wide, "-o", "-", "--to", "jsonl", "-q"]) == expected)
        let piped = try shell("\"$CARDPORT\" convert - --from csv -o - --to jsonl -q < wide.tsv", in: scratch.path)
        #expect(piped == expected)
    }

    // MARK: Depth at its ceiling, and attributes

    /// An input nested exactly `--max-depth 10000` deep, and one level more, for each reader that
    /// nests: the reading thread's stack holds the first (no crash), the second is a clean error.
    /// Inputs put one level on a line where the format allows, so the error's line says the depth.
    static let deepInputs: [(name: String, text: @Sendable (Int) -> String, deepest: Int, over: String)] = [
        // The record's object is the first level.
        ("deep.json", { "{\"citations\":[{\"text\":\"a\",\"x\":\n" + String(repeating: "[\n", count: $0) + String(repeating: "]", count: $0) + "}]}\n" },
         9_999, "deep.json:10001:1: error: arrays and objects nest deeper than the maximum depth (10000)\n    10001 | [\n          | ^\n"),
        ("objects.json", { "{\"citations\":[{\"text\":\"a\",\"x\":\n" + String(repeating: "{\"a\":\n", count: $0) + "1" + String(repeating: "}", count: $0) + "}]}\n" },
         9_999, "objects.json:10001:1: error: arrays and objects nest deeper than the maximum depth (10000)\n    10001 | {\"a\":\n          | ^\n"),
        // The list, the record and its extras are the first three levels.
        ("deep.yaml", { "- text: a\n  extras:\n    x:\n" + String(repeating: "     [\n", count: $0) + "     " + String(repeating: "]", count: $0) + "\n" },
         9_997, "deep.yaml:10001:6: error: the YAML nests deeper than the maximum depth (10000)\n    10001 |      [\n          |      ^\n"),
        // <opml> and <body> are the first two.
        ("deep.opml", { "<opml version=\"2.0\"><body>\n" + String(repeating: "<outline text=\"a\">\n", count: $0) + String(repeating: "</outline>", count: $0) + "</body></opml>\n" },
         9_998, "deep.opml:10000:18: error: elements nest deeper than the maximum depth (10000)\n    10000 | <outline text=\"a\">\n          |                  ^\n"),
        ("deep.md", { String(repeating: "- ", count: $0) + "x\n" },
         10_000, "deep.md:1:20001: error: lists nest deeper than the maximum depth (10000)\n    1 | … " + String(repeating: "- ", count: 49) + "x\n      | " + String(repeating: " ", count: 98) + "^\n"),
        ("deep.html", { "<!DOCTYPE NETSCAPE-Bookmark-file-1>\n" + String(repeating: "<DL><p><DT><H3>a</H3>\n", count: $0) + "<DT><A HREF=\"https://a\">a</A>\n" + String(repeating: "</DL>\n", count: $0) },
         10_000, "deep.html:10002:4: error: folders nest deeper than the maximum depth (10000)\n    10002 | <DL><p><DT><H3>a</H3>\n          |    ^\n"),
    ]

    @Test(arguments: 0..<HostileInputCLITests.deepInputs.count)
    func everyReaderTakesTheDeepestNestingAndRefusesOneLevelMore(_ index: Int) throws {
        let scratch = try TemporaryDirectory()
        let input = HostileInputCLITests.deepInputs[index]
        let deepest = try scratch.write(input.name, input.text(input.deepest))
        let read = try CLIRunner.run(["inspect", deepest, "--max-depth", "10000"], directory: scratch.path)
        #expect(read.status == 0, "\(input.name): \(read.stderr)")
        #expect(read.stderr == "")
        _ = try scratch.write(input.name, input.text(input.deepest + 1))
        let refused = try CLIRunner.run(["inspect", input.name, "--max-depth", "10000"], directory: scratch.path)
        #expect(refused == CLIRunner.Result(status: 65, stdout: "", stderr: input.over
            + "  hint: 10000 is the most --max-depth allows; flatten the input's nesting\n"))
    }

    @Test func anElementWithTooManyAttributesIsRefusedAtTheFirstOneOver() throws {
        let scratch = try TemporaryDirectory()
        // 300,000 attributes, one a line from line 3, on one outline: `type` and `url` are the first
        // two, so a255 is the 257th, where it is refused, without reading on.
        let attributes = (1...300_000).map { " a\($0)=\"v\"\n" }.joined()
        let input = try scratch.write("many.opml", "<opml version=\"2.0\"><body>\n<outline type=\"link\" url=\"https://a\"\n"
                                      + attributes + "/></body></opml>\n")
        let refused = try CLIRunner.run(["convert", input, "-o", scratch.file("out.jsonl")])
        #expect(refused == CLIRunner.Result(status: 65, stdout: "", stderr: """
            \(input):257:2: error: <outline> has more attributes than the maximum attributes per element (256)
                257 |  a255="v"
                    |  ^
              hint: raise it with --max-attributes 512

            """))
        #expect(!FileManager.default.fileExists(atPath: scratch.file("out.jsonl")))
    }

    @Test func anAttributeValueOverTheFieldSizeIsRefusedWhereItStarts() throws {
        let scratch = try TemporaryDirectory()
        let input = try scratch.write("long.html", "<!DOCTYPE NETSCAPE-Bookmark-file-1>\n<DL><p>\n<DT><A HREF=\"https://"
                                      + String(repeating: "a", count: 5000) + "\">A</A>\n</DL>\n")
        let refused = try CLIRunner.run(["convert", input, "-o", scratch.file("out.jsonl"), "--max-field-size", "4K"])
        #expect(refused.status == 65)
        #expect(refused.stderr.hasPrefix("\(input):3:14: error: an attribute value is longer than the maximum field size (4K)\n"))
        #expect(refused.stderr.hasSuffix("  hint: raise it with --max-field-size 8K\n"))
        let raised = try CLIRunner.run(["convert", input, "-o", scratch.file("out.jsonl"), "--max-field-size", "8K", "-q"])
        #expect(raised == CLIRunner.Result(status: 0, stdout: "", stderr: ""))
    }

    // MARK: Output that is an input

    @Test func anOutputThatIsAnInputIsRefusedHoweverItIsSpelled() throws {
        let scratch = try TemporaryDirectory()
        let input = try scratch.write("cards.jsonl", HostileInputCLITests.citations)
        try FileManager.default.createSymbolicLink(atPath: scratch.file("link.jsonl"), withDestinationPath: input)
        for output in ["./cards.jsonl", "link.jsonl", "../\((scratch.path as NSString).lastPathComponent)/cards.jsonl"] {
            let result = try CLIRunner.run(["convert", "cards.jsonl", "-o", output], directory: scratch.path)
            #expect(result == CLIRunner.Result(status: 64, stdout: "", stderr: """
                error: the output '\(output)' is the input 'cards.jsonl'
                  hint: write to another file, or pass --in-place to replace the input once the run succeeds

                """), "\(output)")
        }
        let merged = try CLIRunner.run(["merge", "cards.jsonl", "-o", "link.jsonl"], directory: scratch.path)
        #expect(merged.status == 64)
        #expect(merged.stderr == "error: the output 'link.jsonl' is the input 'cards.jsonl'\n  hint: write to another file, or pass --in-place to replace the input once the run succeeds\n")
        #expect(try scratch.read("cards.jsonl") == HostileInputCLITests.citations)
    }

    @Test func inPlaceReplacesTheFileAtomicallyAndKeepsTheLink() throws {
        let scratch = try TemporaryDirectory()
        let text = "{\"kind\":\"citation\",\"text\":\"Festina lente.\"}\n{\"kind\":\"citation\",\"text\":\"Festina lente.\"}\n"
        let input = try scratch.write("cards.jsonl", text)
        try FileManager.default.createSymbolicLink(atPath: scratch.file("link.jsonl"), withDestinationPath: input)
        let result = try CLIRunner.run(["dedupe", "cards.jsonl", "-o", "link.jsonl", "--in-place", "-q"], directory: scratch.path)
        #expect(result == CLIRunner.Result(status: 0, stdout: "", stderr: ""))
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: scratch.file("link.jsonl")) == input)
        let lines = try scratch.read("cards.jsonl").split(separator: "\n")
        #expect(lines.count == 1)
        #expect(lines.first?.contains("\"text\":\"Festina lente.\"") == true)
        #expect(scratch.entries == ["cards.jsonl", "link.jsonl"])
    }

    @Test func aFailedInPlaceRunLeavesTheInputAsItWas() throws {
        let scratch = try TemporaryDirectory()
        let text = HostileInputCLITests.citations + "{\"kind\":\"citation\",\"text\":\"cut short\n"
        let input = try scratch.write("cards.jsonl", text)
        let result = try CLIRunner.run(["convert", input, "-o", input, "--in-place"])
        #expect(result.status == 65)
        #expect(result.stderr.hasPrefix("\(input):3:37: error: the input ends inside a string\n"))
        #expect(try scratch.read("cards.jsonl") == text)
        #expect(scratch.entries == ["cards.jsonl"])
    }

    // MARK: Paths and streams

    @Test func aMissingOutputDirectoryIsNamed() throws {
        let scratch = try TemporaryDirectory()
        let input = try scratch.write("cards.jsonl", HostileInputCLITests.citations)
        let result = try CLIRunner.run(["convert", input, "-o", "missing/out.json"], directory: scratch.path)
        #expect(result == CLIRunner.Result(status: 74, stdout: "", stderr: """
            error: cannot write 'missing/out.json': the directory 'missing' does not exist
              hint: create it first (mkdir -p 'missing')

            """))
    }

    @Test func permissionDeniedIsNamedForInputAndOutput() throws {
        let scratch = try sharedScratch()
        let input = try scratch.write("cards.jsonl", HostileInputCLITests.citations)
        chmod(input, 0o644)
        let locked = try scratch.write("locked.jsonl", HostileInputCLITests.citations)
        chmod(locked, 0o000)
        let closed = scratch.file("closed")
        try FileManager.default.createDirectory(atPath: closed, withIntermediateDirectories: false)
        chmod(closed, 0o555)
        let reading = try shell("$AS_OTHER \"$CARDPORT\" convert locked.jsonl -o out.json", in: scratch.path)
        #expect(reading == CLIRunner.Result(status: 74, stdout: "", stderr: """
            error: cannot read 'locked.jsonl': permission denied
              hint: check the file's permissions (ls -l)

            """))
        let writing = try shell("$AS_OTHER \"$CARDPORT\" convert cards.jsonl -o closed/out.json", in: scratch.path)
        #expect(writing == CLIRunner.Result(status: 74, stdout: "", stderr: """
            error: cannot write 'closed/out.json': permission denied
              hint: check the permissions of the file and its directory (ls -ld), or write elsewhere

            """))
        chmod(closed, 0o755)
    }

    @Test func closedAndEmptyStandardStreamsAreNamed() throws {
        let scratch = try TemporaryDirectory()
        _ = try scratch.write("cards.jsonl", HostileInputCLITests.citations)
        let closedInput = try shell("\"$CARDPORT\" convert - -o out.json --from jsonl <&-", in: scratch.path)
        #expect(closedInput == CLIRunner.Result(status: 74, stdout: "", stderr: """
            error: cannot read standard input: it is closed
              hint: pipe something in, or name a file instead of '-'

            """))
        let emptyInput = try shell("\"$CARDPORT\" convert - -o out.json < /dev/null", in: scratch.path)
        #expect(emptyInput == CLIRunner.Result(status: 64, stdout: "", stderr: """
            error: standard input is empty, so its format cannot be told
              hint: pipe a file in (cardport convert - --from FORMAT < FILE), or name the file instead of '-'

            """))
        // With --from, empty standard input is an empty collection.
        let emptyWithFormat = try shell("\"$CARDPORT\" convert - -o out.json --from jsonl -q < /dev/null", in: scratch.path)
        #expect(emptyWithFormat == CLIRunner.Result(status: 0, stdout: "", stderr: ""))
        let closedOutput = try shell("\"$CARDPORT\" convert cards.jsonl -o - --to jsonl >&-", in: scratch.path)
        #expect(closedOutput == CLIRunner.Result(status: 74, stdout: "", stderr: """
            error: cannot write standard output: it is closed
              hint: redirect standard output to a file, or write with -o FILE

            """))
    }

    @Test(.timeLimit(.minutes(1))) func aPipeClosedByItsReaderEndsTheRunLikeOtherTools() throws {
        let scratch = try TemporaryDirectory()
        let line = "{\"kind\":\"citation\",\"text\":\"a quotation long enough to fill a pipe quickly\"}\n"
        _ = try scratch.write("many.jsonl", String(repeating: line, count: 50_000))
        let result = try shell("(\"$CARDPORT\" convert many.jsonl -o - --to jsonl -q; echo $? > status) | head -c 10 > /dev/null; cat status",
                               in: scratch.path)
        // 141 is 128 + SIGPIPE: ended by the signal, as `cat` or `grep` would be, with nothing on standard error.
        #expect(result == CLIRunner.Result(status: 0, stdout: "141\n", stderr: ""))
    }

    @Test func aFullDiskLeavesNoOutputBehind() throws {
        let scratch = try TemporaryDirectory()
        _ = try scratch.write("cards.jsonl", HostileInputCLITests.citations)
        let result = try shell("\"$CARDPORT\" convert cards.jsonl -o /dev/full --to jsonl", in: scratch.path)
        #expect(result == CLIRunner.Result(status: 74, stdout: "", stderr: """
            error: cannot write '/dev/full': no space left on the device
              hint: free some space and run the command again; nothing was changed

            """))
        var info = stat()
        #expect(stat("/dev/full", &info) == 0 && (info.st_mode & S_IFMT) == S_IFCHR)
        // A file-size limit stands in for a full disk for a regular file: the old file stays whole.
        let old = try scratch.write("out.jsonl", "old\n")
        _ = try scratch.write("big.jsonl", String(repeating: HostileInputCLITests.citations, count: 2000))
        let limited = try shell("trap '' XFSZ; ulimit -f 8; exec \"$CARDPORT\" convert big.jsonl -o out.jsonl", in: scratch.path)
        #expect(limited == CLIRunner.Result(status: 74, stdout: "", stderr: """
            error: cannot write 'out.jsonl': the file would be larger than this process may write (ulimit -f)
              hint: raise the limit (ulimit -f unlimited) or write elsewhere; nothing was changed

            """))
        #expect(try String(contentsOfFile: old, encoding: .utf8) == "old\n")
        #expect(scratch.entries == ["big.jsonl", "cards.jsonl", "out.jsonl"])
    }

    // MARK: The store

    /// A store holding the two citations, closed (checkpointed), and its bytes.
    private func makeStore(_ scratch: TemporaryDirectory) throws -> (path: String, bytes: Data) {
        let input = try scratch.write("cards.jsonl", HostileInputCLITests.citations)
        let path = scratch.file("store.sqlite")
        let imported = try CLIRunner.run(["import", input, "--store", path, "-q"])
        #expect(imported.status == 0)
        return (path, try bytes(path))
    }

    @Test func aDamagedStoreIsNamedAndLeftAlone() throws {
        let scratch = try TemporaryDirectory()
        let (path, whole) = try makeStore(scratch)
        let truncated = scratch.file("truncated.sqlite")
        try whole.prefix(whole.count / 2).write(to: URL(fileURLWithPath: truncated))
        let notStore = try scratch.write("notes.sqlite", "these are my notes, not a database\n")
        for (store, reason) in [(truncated, "database disk image is malformed"), (notStore, "file is not a database")] {
            let before = try bytes(store)
            for command in [["stats"], ["import", scratch.file("cards.jsonl")], ["export", "-o", "-", "--to", "jsonl"]] {
                let result = try CLIRunner.run(command + ["--store", store])
                #expect(result == CLIRunner.Result(status: 74, stdout: "", stderr: """
                    error: '\(store)' is not a Cardport store or is damaged: \(reason)
                      hint: nothing was changed; restore it from a backup ('cardport restore BACKUP --replace'), or pass another --store

                    """), "\(command[0]) \(store)")
            }
            #expect(try bytes(store) == before)
        }
        #expect(try bytes(path) == whole)
    }

    @Test func aStoreFromANewerCardportIsRefusedUnchanged() throws {
        let scratch = try TemporaryDirectory()
        let (path, _) = try makeStore(scratch)
        // A newer schema, marked the two ways a newer build could: a migration this one does not know...
        let queue = try DatabaseQueue(path: path)
        try queue.write { db in try db.execute(sql: "INSERT INTO grdb_migrations (identifier) VALUES ('9-future')") }
        try queue.writeWithoutTransaction { db in try db.execute(sql: "PRAGMA wal_checkpoint(TRUNCATE)") }
        try queue.close()
        // ...and a copy with a higher user_version in its header (bytes 60-63, big-endian).
        let versioned = scratch.file("versioned.sqlite")
        var copy = try makeStore(try TemporaryDirectory()).bytes
        copy[63] = 7
        try copy.write(to: URL(fileURLWithPath: versioned))
        for store in [path, versioned] {
            let before = try bytes(store)
            for command in [["stats"], ["import", scratch.file("cards.jsonl")], ["backup", "-o", scratch.file("b.json")]] {
                let result = try CLIRunner.run(command + ["--store", store])
                #expect(result == CLIRunner.Result(status: 74, stdout: "", stderr: """
                    error: the store '\(store)' was made by a newer version of Cardport, which this one cannot read safely
                      hint: use that newer cardport (the store is left as it is), or restore a backup into a new store with this one

                    """), "\(command[0]) \(store)")
            }
            #expect(try bytes(store) == before, "\(store)")
        }
    }

    @Test func aReadOnlyStoreIsReadAndNeverWritten() throws {
        let scratch = try sharedScratch()
        let directory = scratch.file("store")
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: false)
        let input = try scratch.write("cards.jsonl", HostileInputCLITests.citations)
        chmod(input, 0o644)
        let path = directory + "/store.sqlite"
        #expect(try CLIRunner.run(["import", input, "--store", path, "-q"]).status == 0)
        let expected = try CLIRunner.run(["export", "--store", path, "-o", "-", "--to", "jsonl", "-q"])
        let before = try bytes(path)
        chmod(path, 0o444)
        chmod(directory, 0o555)
        defer { chmod(directory, 0o755) }
        let exported = try shell("$AS_OTHER \"$CARDPORT\" export --store store/store.sqlite -o - --to jsonl -q", in: scratch.path)
        #expect(exported == CLIRunner.Result(status: 0, stdout: expected.stdout, stderr: ""))
        let stats = try shell("$AS_OTHER \"$CARDPORT\" stats --store store/store.sqlite", in: scratch.path)
        #expect(stats.status == 0)
        #expect(stats.stdout.hasPrefix("store: store/store.sqlite\ncitations: 2 (0 favourite, 0 archived)\n"))
        let backup = try shell("$AS_OTHER \"$CARDPORT\" backup --store store/store.sqlite -o /dev/null", in: scratch.path)
        #expect(backup.status == 0)
        // The import did not index its cards for search; a search that cannot do so says why.
        let searched = try shell("$AS_OTHER \"$CARDPORT\" search longa --store store/store.sqlite", in: scratch.path)
        #expect(searched == CLIRunner.Result(status: 74, stdout: "", stderr: """
            error: the search index of 'store/store.sqlite' does not hold its newest cards yet, and the store cannot be written here
              hint: search once where the store is writable: the first search after an import indexes the cards it added

            """))
        let imported = try shell("$AS_OTHER \"$CARDPORT\" import cards.jsonl --store store/store.sqlite", in: scratch.path)
        #expect(imported == CLIRunner.Result(status: 74, stdout: "", stderr: """
            error: cannot change the store 'store/store.sqlite': it is read-only (the file or its directory is not writable)
              hint: make them writable (ls -ld), or use a command that only reads it (export, stats, backup)

            """))
        #expect(try bytes(path) == before)
        #expect(FileManager.default.fileExists(atPath: path + "-wal") == false)
    }

    @Test func aFullDiskDuringAnImportLosesNothing() throws {
        let scratch = try TemporaryDirectory()
        let (path, before) = try makeStore(scratch)
        let expected = try CLIRunner.run(["export", "--store", path, "-o", "-", "--to", "jsonl", "-q"])
        #expect(try bytes(path) == before)
        let many = (0..<20_000).map { "{\"kind\":\"citation\",\"text\":\"quotation \($0) with enough words to take some room\"}" }
        _ = try scratch.write("many.jsonl", many.joined(separator: "\n") + "\n")
        let result = try shell("trap '' XFSZ; ulimit -f 400; exec \"$CARDPORT\" import many.jsonl --store store.sqlite", in: scratch.path)
        #expect(result.status == 74)
        #expect(result.stdout == "")
        #expect(result.stderr.hasPrefix("error: cannot write the store 'store.sqlite': "))
        #expect(result.stderr.hasSuffix("\n  hint: free some space and run the command again; the store was left as it was\n"))
        #expect(try bytes(path) == before)
        let after = try CLIRunner.run(["export", "--store", path, "-o", "-", "--to", "jsonl", "-q"])
        #expect(after == expected)
        #expect(try Store(path: path).integrityCheck() == ["ok"])
    }
}
