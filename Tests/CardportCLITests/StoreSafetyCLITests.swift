import CardportTestSupport
import Foundation
import Testing

/// What the store commands refuse to touch: another program's database, a damaged store, a store
/// that is not there; and restores that fail or are not verified.
@Suite struct StoreSafetyCLITests {
    private func checksum(_ path: String) throws -> Data {
        try Data(contentsOf: URL(fileURLWithPath: path))
    }

    @Test func aReadingCommandGivenAMissingStoreCreatesNothingAndExits66() throws {
        let scratch = try TemporaryDirectory()
        let missing = scratch.file("typo.sqlite")
        for arguments in [["list"], ["stats"], ["show", "abc123"], ["export", "-o", scratch.file("out.jsonl")],
                          ["backup", "-o", scratch.file("b.json")]] {
            let result = try CLIRunner.run(arguments + ["--store", missing])
            #expect(result == CLIRunner.Result(status: 66, stdout: "", stderr: """
                error: there is no store at '\(missing)'
                  hint: nothing was created; check --store (or CARDPORT_STORE), or import cards first

                """), "\(arguments)")
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: scratch.path).isEmpty)
    }

    @Test func anotherProgramsDatabaseIsLeftByteIdentical() throws {
        let scratch = try TemporaryDirectory()
        let foreign = scratch.file("quotes.sqlite")
        let made = try CLIRunner.runProgram("/usr/bin/sqlite3", [foreign, "CREATE TABLE ZQUOTE (Z_PK INTEGER PRIMARY KEY, ZTEXT TEXT); INSERT INTO ZQUOTE VALUES (1, 'x');"],
                                            environment: [:], directory: scratch.path)
        #expect(made.status == 0)
        let before = try checksum(foreign)
        for arguments in [["stats"], ["list"], ["export", "-o", scratch.file("out.jsonl")], ["backup", "-o", scratch.file("b.json")],
                          ["import", "Samples/favourites.json"], ["archive", "abc123"], ["edit", "abc123", "--note", "x"],
                          ["tag", "rename", "a", "b"], ["search", "word"]] {
            let result = try CLIRunner.run(arguments + ["--store", foreign])
            #expect(result.status == 74, "\(arguments)")
            #expect(result.stderr.hasPrefix("error: '\(foreign)' is not a Cardport store: it holds tables of another program (ZQUOTE)"))
        }
        #expect(try checksum(foreign) == before)
    }

    @Test func aStoreWithADamagedPageIsRefusedBeforeABulkWrite() throws {
        let scratch = try TemporaryDirectory()
        let store = scratch.file("store.sqlite")
        let lines = (0..<3000).map { "{\"text\":\"Citation number \($0), long enough to fill pages of the store.\",\"tags\":[\"t\"]}" }
        let input = try scratch.write("many.jsonl", lines.joined(separator: "\n") + "\n")
        #expect(try CLIRunner.run(["import", input, "--store", store, "-q"]).status == 0)
        #expect(try CLIRunner.run(["archive", "--tag", "t", "--store", store]).status == 0)
        // Overwrite one page in the middle of the file, past the schema's pages.
        var bytes = try checksum(store)
        let pageSize = 4096
        let page = bytes.count / pageSize / 2
        for offset in (page * pageSize + 8)..<((page + 1) * pageSize) { bytes[offset] = 0x5A }
        try bytes.write(to: URL(fileURLWithPath: store))
        let before = try checksum(store)
        for arguments in [["import", "Samples/favourites.json"], ["archive", "--favourites"], ["unarchive", "--tag", "t"],
                          ["purge", "--archived"], ["restore", "Samples/backup.json", "--merge", "--unverified"]] {
            let result = try CLIRunner.run(arguments + ["--store", store])
            #expect(result.status == 74, "\(arguments)")
            #expect(result.stderr.contains("'\(store)'"), "\(arguments): \(result.stderr)")
            #expect(!result.stderr.contains("GRDB"))
        }
        #expect(try checksum(store) == before)
    }

    @Test func aRefusedRestoreLeavesNoStoreBehind() throws {
        let scratch = try TemporaryDirectory()
        let store = scratch.file("new.sqlite")
        let result = try CLIRunner.run(["restore", "Samples/mixed.jsonl", "--store", store])
        #expect(result.status == 65)
        #expect(result.stderr.contains("to restore an edited document as it is, pass --unverified"))
        #expect(!FileManager.default.fileExists(atPath: store))
    }

    @Test func restoreUnverifiedTakesADocumentWithoutAChecksumAndSaysSo() throws {
        let scratch = try TemporaryDirectory()
        let store = scratch.file("store.sqlite")
        let result = try CLIRunner.run(["restore", "Samples/backup.json", "--unverified", "--store", store])
        #expect(result.status == 0)
        #expect(result.stderr.hasPrefix("""
            warning: 'Samples/backup.json' is not a verifiable backup: it does not end with a checksum; \
            restored unverified, with no checksum to check

            """))
        #expect(result.stderr.hasSuffix("the store holds 10 cards (\(store))\n"))
    }

    @Test func purgeDryRunCountsAndDeletesNothing() throws {
        let scratch = try TemporaryDirectory()
        let store = scratch.file("store.sqlite")
        #expect(try CLIRunner.run(["import", "Samples/backup.json", "--store", store, "-q"]).status == 0)
        #expect(try CLIRunner.run(["purge", "--archived", "--dry-run", "--store", store])
                == CLIRunner.Result(status: 0, stdout: "", stderr: "would delete 1 archived citation (dry run: nothing was deleted)\n"))
        #expect(try CLIRunner.run(["purge", "--archived", "--store", store])
                == CLIRunner.Result(status: 0, stdout: "", stderr: "deleted 1 archived citation\n"))
    }

    @Test func statsAfterARestoreCountsEachImportsCardsAsBefore() throws {
        let scratch = try TemporaryDirectory()
        let store = scratch.file("store.sqlite")
        #expect(try CLIRunner.run(["import", "Samples/backup.json", "--store", store, "-q"]).status == 0)
        let before = try CLIRunner.run(["stats", "--store", store])
        #expect(before.stdout.contains("rejected 0; the store holds 10 of its cards\n"))
        #expect(try CLIRunner.run(["backup", "-o", scratch.file("b.json"), "--store", store]).status == 0)
        #expect(try CLIRunner.run(["restore", scratch.file("b.json"), "--replace", "--store", store]).status == 0)
        #expect(try CLIRunner.run(["stats", "--store", store]) == before)
    }

    @Test func statsAfterRestoringABackupThatDoesNotTraceItsCardsSaysSoRatherThanZero() throws {
        let scratch = try TemporaryDirectory()
        let store = scratch.file("store.sqlite")
        #expect(try CLIRunner.run(["import", "Samples/backup.json", "--store", store, "-q"]).status == 0)
        #expect(try CLIRunner.run(["backup", "-o", scratch.file("b.json"), "--store", store]).status == 0)
        // A backup as versions before origins wrote it: provenance, but no sources, origins or added_by.
        let text = try scratch.read("b.json")
        let older = String(text[..<text.range(of: ",\n  \"sources\"")!.lowerBound]) + "\n}\n"
        try older.replacingOccurrences(of: "\"version\": 2", with: "\"version\": 1")
            .write(toFile: scratch.file("older.json"), atomically: true, encoding: .utf8)
        #expect(try CLIRunner.run(["restore", scratch.file("older.json"), "--replace", "--unverified", "--store", store]).status == 0)
        let stats = try CLIRunner.run(["stats", "--store", store])
        #expect(stats.stdout.contains("rejected 0; its cards are not traced (restored from a backup)\n"))
        #expect(!stats.stdout.contains("the store holds 0 of its cards"))
    }
}
