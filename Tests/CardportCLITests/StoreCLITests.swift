import CardportCore
import CardportStore
import CardportTestSupport
import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// The store commands, run as a user runs them: the README's first round trip, concurrent
/// imports, and imports killed part way.
@Suite struct StoreCLITests {
    /// JSON Lines of `count` distinct citations whose texts start with `prefix`.
    private static func citations(_ count: Int, prefix: String) -> String {
        (0..<count).map { i in
            "{\"text\":\"\(prefix) number \(i): a line long enough to look like a quotation someone kept.\","
                + "\"author\":\"Author \(i % 50)\",\"tags\":[\"tag \(i % 7)\",\"shared\"],\"favourite\":\(i % 10 == 0)}"
        }.joined(separator: "\n") + "\n"
    }

    private func citationCount(_ store: String) throws -> Int {
        try Store(path: store).read { try $0.statistics() }.citations
    }

    @Test func theReadmeRoundTripWorksAsWritten() throws {
        // The README's commands, word for word, in a folder of their own with the samples beside them.
        let scratch = try TemporaryDirectory()
        try FileManager.default.createSymbolicLink(atPath: scratch.file("Samples"), withDestinationPath: PackagePaths.root + "/Samples")
        let store = scratch.path + "/cards.sqlite"
        func run(_ arguments: String...) throws -> CLIRunner.Result {
            try CLIRunner.runWithEnvironment(arguments, environment: ["CARDPORT_STORE": store], directory: scratch.path)
        }
        let imported = try run("import", "Samples/kindle-clippings.txt", "Samples/favourites.json")
        #expect(imported == CLIRunner.Result(status: 0, stdout: "", stderr: """
            INPUT                         FORMAT      READ  ADDED  UPDATED  UNCHANGED  EXACT  NEAR  REJECTED
            Samples/kindle-clippings.txt  kindle         8      8        0          0      0     0         0
            Samples/favourites.json       favourites     4      4        0          0      0     0         0
            total                                       12     12        0          0      0     0         0
            Samples/kindle-clippings.txt: reader: highlights: 9, notes: 2, bookmarks: 1, books: 6, earlier versions replaced by an edit: 1, \
            exact repeats replaced: 1, notes attached to their highlight: 1, notes kept as citations of their own: 1, \
            bookmarks skipped: 1, highlights cut by the clipping limit: 1
            the store holds 12 cards (\(store))

            """))

        let exported = try run("export", "-o", "favourites.md", "--favourites")
        #expect(exported == CLIRunner.Result(status: 0, stdout: "", stderr: "wrote 4 records to favourites.md (markdown)\n"))
        #expect(try scratch.read("favourites.md").contains("> Well begun is half done."))

        let backedUp = try run("backup", "-o", "cards-backup.json")
        #expect(backedUp.status == 0)
        #expect(backedUp.stderr.hasPrefix("cards-backup.json: 12 records (12 citations), 2 provenance entries, 12 origins, sha256 "))
        let verified = try run("verify", "cards-backup.json")
        #expect(verified == CLIRunner.Result(status: 0, stdout: "ok " + backedUp.stderr, stderr: ""))
        // The same report for a script, and nothing under -q.
        let checksum = String(backedUp.stderr.dropLast().split(separator: " ").last ?? "")
        let json = """
            {
              "checksum" : "\(checksum)",
              "origins" : 12,
              "path" : "cards-backup.json",
              "provenance" : 2,
              "records" : {
                "citations" : 12
              }
            }

            """
        #expect(try run("verify", "cards-backup.json", "--report", "json") == CLIRunner.Result(status: 0, stdout: json, stderr: ""))
        #expect(try run("backup", "-o", "json-backup.json", "--report", "json")
                    == CLIRunner.Result(status: 0, stdout: json.replacingOccurrences(of: "cards-backup", with: "json-backup"), stderr: ""))
        #expect(try run("backup", "-o", "quiet-backup.json", "-q") == CLIRunner.Result(status: 0, stdout: "", stderr: ""))

        let restored = try run("restore", "cards-backup.json", "--replace")
        #expect(restored.status == 0)
        #expect(restored.stderr.hasSuffix("the store holds 12 cards (\(store))\n"))
        #expect(try run("backup", "-o", "again.json").status == 0)
        #expect(try scratch.read("again.json") == (try scratch.read("cards-backup.json")))
    }

    @Test func aBackupRestoredIntoAnEmptyStoreBacksUpToTheSameBytes() throws {
        let scratch = try TemporaryDirectory()
        let store = scratch.file("store.sqlite")
        for sample in ["Samples/backup.json", "Samples/kindle-clippings.txt", "Samples/study-topics.opml"] {
            #expect(try CLIRunner.run(["import", sample, "--store", store, "-q"]).status == 0)
        }
        #expect(try CLIRunner.run(["backup", "-o", scratch.file("first.json"), "--store", store]).status == 0)
        let fresh = scratch.file("fresh.sqlite")
        #expect(try CLIRunner.run(["restore", scratch.file("first.json"), "--store", fresh]).status == 0)
        #expect(try CLIRunner.run(["backup", "-o", scratch.file("second.json"), "--store", fresh]).status == 0)
        #expect(try scratch.read("first.json") == (try scratch.read("second.json")))
    }

    @Test func theStoreComesFromTheEnvironmentWhenNoOptionIsGiven() throws {
        let scratch = try TemporaryDirectory()
        let result = try CLIRunner.runWithEnvironment(["import", "Samples/favourites.json", "-q"],
                                                      environment: ["CARDPORT_STORE": scratch.file("env.sqlite")])
        #expect(result.status == 0)
        #expect(try citationCount(scratch.file("env.sqlite")) == 4)
        let xdg = try CLIRunner.runWithEnvironment(["import", "Samples/favourites.json", "-q"],
                                                   environment: ["XDG_DATA_HOME": scratch.file("data")])
        #expect(xdg.status == 0)
        #expect(FileManager.default.fileExists(atPath: scratch.file("data/cardport/store.sqlite")))
    }

    @Test func statsSaysWhatTheStoreHoldsAndWhereItCameFrom() throws {
        let scratch = try TemporaryDirectory()
        let store = scratch.file("store.sqlite")
        #expect(try CLIRunner.run(["import", "Samples/backup.json", "--store", store, "-q"]).status == 0)
        #expect(try CLIRunner.run(["archive", "--author", "Seneca", "--store", store]).status == 0)
        let result = try CLIRunner.run(["stats", "--store", store])
        #expect(result.status == 0)
        let lines = result.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(Array(lines.prefix(8)) == [
            "store: \(store)",
            "citations: 7 (5 favourite, 2 archived)",
            "bookmarks: 1",
            "tasks: 1",
            "topics: 1",
            "tags: 4",
            "settings: yes",
            "imports:",
        ])
        #expect(lines.count == 13)
        #expect(lines[8].hasSuffix("  cardport  Samples/backup.json  read 12, added 11, updated 1, unchanged 0, "
                                   + "duplicates 0, rejected 0; the store holds 10 of its cards"))
        #expect(lines[9].hasPrefix("    sha256 ") && lines[9].count == 11 + 64)
        // The source a later import syncs with: ten cards (the tag and settings records have no origin).
        let imported = String(lines[8].drop(while: { $0 == " " }).prefix(while: { $0 != " " }))
        #expect(lines[10] == "sources (a later import of each is a sync):")
        #expect(lines[11] == "  cardport:\(PackagePaths.root)/Samples/backup.json  10 items, last imported \(imported)")
        let json = try CLIRunner.run(["stats", "--store", store, "--report", "json"])
        #expect(json.status == 0)
        #expect(json.stdout.contains("\"citations\" : 7"))
    }

    @Test func restoreRefusesAChangedBackupWithExitCode65() throws {
        let scratch = try TemporaryDirectory()
        let store = scratch.file("store.sqlite")
        #expect(try CLIRunner.run(["import", "Samples/backup.json", "--store", store, "-q"]).status == 0)
        #expect(try CLIRunner.run(["backup", "-o", scratch.file("b.json"), "--store", store]).status == 0)
        try scratch.write("b.json", try scratch.read("b.json").replacingOccurrences(of: "Seneca", with: "Senecca"))
        let result = try CLIRunner.run(["restore", scratch.file("b.json"), "--replace", "--store", store])
        #expect(result.status == 65)
        #expect(result.stderr.contains("does not match its checksum"))
    }

    @Test func archiveUnarchiveAndPurge() throws {
        let scratch = try TemporaryDirectory()
        let store = scratch.file("store.sqlite")
        #expect(try CLIRunner.run(["import", "Samples/backup.json", "--store", store, "-q"]).status == 0)
        #expect(try CLIRunner.run(["archive", "--author", "aristotle", "--store", store])
                == CLIRunner.Result(status: 0, stdout: "", stderr: "archived 2 citations\n"))
        #expect(try CLIRunner.run(["unarchive", "--author", "Aristotle", "--favourites", "--store", store])
                == CLIRunner.Result(status: 0, stdout: "", stderr: "unarchived 2 citations\n"))
        #expect(try CLIRunner.run(["purge", "--store", store]).status == 64)
        #expect(try CLIRunner.run(["purge", "--archived", "--store", store])
                == CLIRunner.Result(status: 0, stdout: "", stderr: "deleted 1 archived citation\n"))
    }

    @Test(.timeLimit(.minutes(2))) func twoProcessesImportingIntoOneStoreAtOnceBothSucceed() throws {
        let scratch = try TemporaryDirectory()
        let store = scratch.file("store.sqlite")
        let first = try scratch.write("first.jsonl", StoreCLITests.citations(3000, prefix: "First"))
        let second = try scratch.write("second.jsonl", StoreCLITests.citations(3000, prefix: "Second"))
        // Both start on a store that does not exist yet, so they also race to create it.
        let processes = try [first, second].map { input in
            try CLIRunner.start(["import", input, "--store", store, "-q"])
        }
        for process in processes { process.waitUntilExit() }
        #expect(processes.map(\.terminationStatus) == [0, 0])
        #expect(try citationCount(store) == 6000)
        #expect(try Store(path: store).integrityCheck() == ["ok"])
    }

    /// Where an import is killed: when the store's write-ahead log appears (the import has opened the
    /// store and written nothing), when the log first holds a page, when it has grown past a megabyte
    /// (the transaction spills or commits), or never.
    enum KillPoint: String, CaseIterable, Sendable {
        case logAppears, logHoldsAPage, logPastAMegabyte, never

        /// Whether the import has reached this point, from the size of the log (nil: no log).
        func isReached(logSize: Int?) -> Bool {
            switch self {
            case .logAppears: logSize != nil
            case .logHoldsAPage: (logSize ?? 0) > 0
            case .logPastAMegabyte: (logSize ?? 0) > 1 << 20
            case .never: false
            }
        }
    }

    @Test(.timeLimit(.minutes(3)))
    func anImportKilledAtAnyPointLeavesAllOrNoneOfItAndASoundFile() throws {
        let scratch = try TemporaryDirectory()
        let store = scratch.file("store.sqlite")
        #expect(try CLIRunner.run(["import", "Samples/backup.json", "--store", store, "-q"]).status == 0)
        let before = try citationCount(store)
        let count = 20000
        let input = try scratch.write("big.jsonl", StoreCLITests.citations(count, prefix: "Killed"))
        var outcomes: [KillPoint: Int] = [:]
        for point in KillPoint.allCases {
            try Self.importKilled(input, store: store) { point.isReached(logSize: Self.size(of: store + "-wal")) }
            #expect(try Store(path: store).integrityCheck() == ["ok"], "killed at \(point)")
            let now = try citationCount(store)
            #expect(now == before || now == before + count, "killed at \(point): \(now) citations")
            outcomes[point] = now
            if now == before + count { break }
        }
        // The log appears when the store is opened, long before 20,000 citations are committed.
        #expect(outcomes[.logAppears] == before, "the kill when the log appears must come before the import commits")
        #expect(outcomes.values.contains(before + count), "one import must be let run to its end: \(outcomes)")
    }

    /// Where a first import into an empty store, which writes through a rollback journal, is
    /// killed: when the journal appears (the commit has begun), when the store has grown past a
    /// megabyte (its pages are being written), or never.
    enum FirstImportKillPoint: String, CaseIterable, Sendable {
        case journalAppears, storePastAMegabyte, never

        func isReached(journal: Int?, store: Int?) -> Bool {
            switch self {
            case .journalAppears: journal != nil
            case .storePastAMegabyte: (store ?? 0) > 1 << 20
            case .never: false
            }
        }
    }

    @Test(.timeLimit(.minutes(3)))
    func aFirstImportKilledAtAnyPointLeavesAnEmptyOrAFullStoreAndASoundFile() throws {
        let scratch = try TemporaryDirectory()
        let store = scratch.file("store.sqlite")
        let empty = try scratch.write("empty.jsonl", "")
        #expect(try CLIRunner.run(["import", empty, "--store", store, "-q"]).status == 0)
        let count = 20000
        let input = try scratch.write("big.jsonl", StoreCLITests.citations(count, prefix: "First"))
        var outcomes: [FirstImportKillPoint: Int] = [:]
        for point in FirstImportKillPoint.allCases {
            try Self.importKilled(input, store: store) {
                point.isReached(journal: Self.size(of: store + "-journal"), store: Self.size(of: store))
            }
            #expect(try Store(path: store).integrityCheck() == ["ok"], "killed at \(point)")
            let now = try citationCount(store)
            #expect(now == 0 || now == count, "killed at \(point): \(now) citations")
            outcomes[point] = now
            if now == count { break }
        }
        #expect(outcomes.values.contains(count), "one import must be let run to its end: \(outcomes)")
        // Back in WAL mode, whatever happened.
        let header = try Data(contentsOf: URL(fileURLWithPath: store)).prefix(20)
        #expect(header[18] == 2 && header[19] == 2)
    }

    /// Imports `input` into `store` and kills the import with SIGKILL as soon as `reached` says so,
    /// unless it ends first. Waits for the event, not for a time: `reached` is asked again and again.
    private static func importKilled(_ input: String, store: String, when reached: () -> Bool) throws {
        let process = try CLIRunner.start(["import", input, "--store", store, "-q"])
        while process.isRunning && !reached() { sched_yield() }
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
    }

    private static func size(of path: String) -> Int? {
        var status = stat()
        return stat(path, &status) == 0 ? Int(status.st_size) : nil
    }
}
