import CardportTestSupport
import Foundation
import Testing

/// `cardport import` as a sync with its sources: the report's exact text and JSON, and `--mirror`.
@Suite struct ImportSyncCLITests {
    /// A scratch folder holding `cards.jsonl` and `clippings.txt`, first as the v1 samples.
    private struct Scratch {
        let directory: TemporaryDirectory
        let store: String

        init() throws {
            directory = try TemporaryDirectory()
            store = directory.file("cards.sqlite")
            try place("cards-v1.jsonl", as: "cards.jsonl")
            try place("clippings-v1.txt", as: "clippings.txt")
        }

        func place(_ sample: String, as name: String) throws {
            try? FileManager.default.removeItem(atPath: directory.file(name))
            try FileManager.default.copyItem(atPath: PackagePaths.sample("sync-" + sample), toPath: directory.file(name))
        }

        func run(_ arguments: String...) throws -> CLIRunner.Result {
            try CLIRunner.run(arguments + ["--store", store], directory: directory.path)
        }

        /// The canonical path of a file in the folder, as a source key names it.
        func canonical(_ name: String) -> String {
            URL(fileURLWithPath: directory.file(name)).resolvingSymlinksInPath().path
        }
    }

    @Test func theSecondVersionsReportWhatCameFromTheSource() throws {
        let scratch = try Scratch()
        #expect(try scratch.run("import", "cards.jsonl", "clippings.txt", "-q").status == 0)
        try scratch.place("cards-v2.jsonl", as: "cards.jsonl")
        try scratch.place("clippings-v2.txt", as: "clippings.txt")
        let result = try scratch.run("import", "cards.jsonl", "--mirror", "--policy", "incoming")
        #expect(result == CLIRunner.Result(status: 0, stdout: "", stderr: """
            INPUT        FORMAT  READ  ADDED  UPDATED  UNCHANGED  EXACT  NEAR  REJECTED
            cards.jsonl  jsonl      2      0        2          0      0     0         0
            cards.jsonl (source jsonl:\(scratch.canonical("cards.jsonl"))): updated from the source 2, kept (store edits) 0, \
            conflicts 0, archived as missing 1, Kindle versions replaced 0
            the store holds 5 cards (\(scratch.store))

            """))
        let kindle = try scratch.run("import", "clippings.txt")
        #expect(kindle == CLIRunner.Result(status: 0, stdout: "", stderr: """
            INPUT          FORMAT  READ  ADDED  UPDATED  UNCHANGED  EXACT  NEAR  REJECTED
            clippings.txt  kindle     2      0        1          1      0     0         0
            clippings.txt (source kindle:\(scratch.canonical("clippings.txt"))): updated from the source 1, kept (store edits) 0, \
            conflicts 0, archived as missing 0, Kindle versions replaced 2
            clippings.txt: reader: highlights: 3, books: 1, earlier versions replaced by an edit: 1
            the store holds 5 cards (\(scratch.store))

            """))
        // Once more: nothing to do, and the table says so.
        let again = try scratch.run("import", "clippings.txt", "cards.jsonl", "--report", "json")
        #expect(again.status == 0)
        #expect(again.stdout.contains("\"updatedFromSource\" : 0"))
        #expect(!again.stdout.contains("\"updatedFromSource\" : 1"))
    }

    @Test func mirrorRefusesAKindleFileAndChangesNothing() throws {
        let scratch = try Scratch()
        let result = try scratch.run("import", "clippings.txt", "--mirror")
        #expect(result == CLIRunner.Result(status: 64, stdout: "", stderr: """
            error: --mirror needs inputs that list everything their source holds; 'clippings.txt' is kindle
              hint: the formats that do are cardport, jsonl, taskwarrior, firefox, buku, kobo, koreader, boox, calibre and apple-books; import a Kindle file without --mirror

            """))
    }

    @Test func aConflictIsListedWithThePolicysChoice() throws {
        let scratch = try Scratch()
        #expect(try scratch.run("import", "cards.jsonl", "-q").status == 0)
        // The store's own edit of a card's note, then the source's.
        let edited = try scratch.directory.write("edit.jsonl", """
            {"kind":"citation","id":"9b1f6c52-7d0e-4c59-a1c5-0d3e2a7f1002","text":"Carpe diem.","author":"Horace","tags":["latin"],"note":"Seize the day","updated_at":"2026-11-25T09:00:00Z"}

            """)
        #expect(try scratch.run("import", edited, "--policy", "incoming", "-q").status == 0)
        try scratch.place("cards-v2.jsonl", as: "cards.jsonl")
        let result = try scratch.run("import", "cards.jsonl", "--policy", "newest")
        #expect(result == CLIRunner.Result(status: 0, stdout: "", stderr: """
            INPUT        FORMAT  READ  ADDED  UPDATED  UNCHANGED  EXACT  NEAR  REJECTED
            cards.jsonl  jsonl      2      0        1          1      0     0         0
            cards.jsonl (source jsonl:\(scratch.canonical("cards.jsonl"))): updated from the source 1, kept (store edits) 1, \
            conflicts 1 (--policy newest: 0 from the source, 1 kept), archived as missing 0, Kindle versions replaced 0
              conflict 9b1f6c52-7d0e-4c59-a1c5-0d3e2a7f1002: note -> existing
            the store holds 3 cards (\(scratch.store))

            """))
    }
}
