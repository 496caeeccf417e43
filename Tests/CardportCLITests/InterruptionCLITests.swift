import CardportTestSupport
import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// The built binary stopped by a signal in the middle of a long conversion or import, and writing
/// past `ulimit -f`: the exit status, what it says, and that nothing is left behind or changed.
@Suite(.serialized) struct InterruptionCLITests {
    /// A JSON Lines file large enough that converting it takes a while (about 25 MB).
    private static func largeInput(in scratch: TemporaryDirectory) throws -> String {
        var text = ""
        text.reserveCapacity(26_000_000)
        for number in 0..<250_000 {
            text += #"{"kind":"citation","text":"Quote number \#(number) of a long list, with a few more words","author":"Author \#(number % 97)"}"#
            text += "\n"
        }
        return try scratch.write("large.jsonl", text)
    }

    /// Starts `cardport ARGS` in `directory` with standard error to a file.
    private static func start(_ arguments: [String], in directory: TemporaryDirectory) throws -> Process {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: CLIRunner.binary)
        process.arguments = arguments
        process.currentDirectoryURL = URL(fileURLWithPath: directory.path)
        _ = try directory.write("stderr", "")
        process.standardOutput = FileHandle.nullDevice
        process.standardError = try FileHandle(forWritingTo: URL(fileURLWithPath: directory.file("stderr")))
        process.standardInput = FileHandle.nullDevice
        try process.run()
        return process
    }

    /// Polls until `condition` holds while `process` runs; false if the process ended first.
    private static func waitWhileRunning(_ process: Process, until condition: () -> Bool) -> Bool {
        while process.isRunning {
            if condition() { return true }
            usleep(2_000)
        }
        return condition()
    }

    private static func temporaries(in directory: TemporaryDirectory) -> [String] {
        directory.entries.filter { $0.hasPrefix(".") && $0.contains(".cardport-") }
    }

    @Test(.timeLimit(.minutes(2)), arguments: [(SIGINT, "SIGINT", Int32(130)), (SIGTERM, "SIGTERM", 143), (SIGHUP, "SIGHUP", 129)])
    func aSignalRemovesTheTemporaryFileAndLeavesTheOutputAlone(signal: Int32, name: String, status: Int32) throws {
        let scratch = try TemporaryDirectory()
        _ = try Self.largeInput(in: scratch)
        _ = try scratch.write("out.json", "old\n")
        let process = try Self.start(["convert", "large.jsonl", "-o", "out.json"], in: scratch)
        let started = Self.waitWhileRunning(process) { !Self.temporaries(in: scratch).isEmpty }
        #expect(started, "the conversion ended before its temporary file was seen")
        kill(process.processIdentifier, signal)
        process.waitUntilExit()
        #expect(process.terminationReason == .exit)
        #expect(process.terminationStatus == status)
        #expect(try scratch.read("stderr")
            == "cardport: stopped by \(name); not written: 'out.json' (an existing file there is unchanged)\n")
        #expect(Self.temporaries(in: scratch).isEmpty)
        #expect(try scratch.read("out.json") == "old\n")
    }

    @Test(.timeLimit(.minutes(2)))
    func aSignalRemovesTheStagingDirectoryOfASplit() throws {
        let scratch = try TemporaryDirectory()
        _ = try Self.largeInput(in: scratch)
        try FileManager.default.createDirectory(atPath: scratch.file("Notes"), withIntermediateDirectories: true)
        let process = try Self.start(["convert", "large.jsonl", "--out-dir", "Notes", "--to", "markdown", "--split", "book"],
                                     in: scratch)
        let notes = { (try? FileManager.default.contentsOfDirectory(atPath: scratch.file("Notes"))) ?? [] }
        let started = Self.waitWhileRunning(process) { !notes().isEmpty }
        #expect(started, "the conversion ended before its staging directory was seen")
        kill(process.processIdentifier, SIGTERM)
        process.waitUntilExit()
        #expect(process.terminationStatus == 143)
        #expect(try scratch.read("stderr") == "cardport: stopped by SIGTERM; not written: 'Notes' (an existing file there is unchanged)\n")
        #expect(notes().isEmpty)
    }

    @Test(.timeLimit(.minutes(2)))
    func aWritePastTheFileSizeLimitIsAnErrorWithoutLitter() throws {
        let scratch = try TemporaryDirectory()
        _ = try Self.largeInput(in: scratch)
        _ = try scratch.write("out.json", "old\n")
        let result = try CLIRunner.runProgram(
            "/bin/sh", ["-c", "ulimit -f 1000; exec \"$CARDPORT\" convert large.jsonl -o out.json"],
            environment: ["CARDPORT": CLIRunner.binary], directory: scratch.path)
        #expect(result.status == 74)
        #expect(result.stderr == """
            error: cannot write 'out.json': the file would be larger than this process may write (ulimit -f)
              hint: raise the limit (ulimit -f unlimited) or write elsewhere; nothing was changed

            """)
        #expect(Self.temporaries(in: scratch).isEmpty)
        #expect(try scratch.read("out.json") == "old\n")
    }

    @Test(.timeLimit(.minutes(3)))
    func aSignalDuringAnImportLeavesTheStoreAsItWas() throws {
        let scratch = try TemporaryDirectory()
        _ = try Self.largeInput(in: scratch)
        _ = try scratch.write("small.jsonl", #"{"kind":"citation","text":"Already there","author":"Someone"}"# + "\n")
        let store = scratch.file("store.sqlite")
        let first = try CLIRunner.runWithEnvironment(["import", "small.jsonl", "--store", store], environment: [:],
                                                     directory: scratch.path)
        #expect(first.status == 0)
        let before = try CLIRunner.runWithEnvironment(["stats", "--store", store], environment: [:], directory: scratch.path)
        let process = try Self.start(["import", "large.jsonl", "--store", store], in: scratch)
        // Mid-import: the transaction has spilled pages into the write-ahead log.
        let started = Self.waitWhileRunning(process) {
            ((try? FileManager.default.attributesOfItem(atPath: store + "-wal")[.size] as? Int) ?? 0) > 1_000_000
        }
        #expect(started, "the import ended before its transaction was seen in the log")
        kill(process.processIdentifier, SIGTERM)
        process.waitUntilExit()
        #expect(process.terminationStatus == 143)
        #expect(try scratch.read("stderr") == "cardport: stopped by SIGTERM\n")
        let after = try CLIRunner.runWithEnvironment(["stats", "--store", store], environment: [:], directory: scratch.path)
        #expect(after.status == 0)
        #expect(after.stdout == before.stdout)
    }
}
