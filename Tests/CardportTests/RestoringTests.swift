import Cardport
import CardportCore
import CardportStore
import CardportTestSupport
import Foundation
import Testing

@Suite struct RestoringTests {
    @Test func verifyAndRestoreRefuseAChangedBackupAndLeaveTheStoreAlone() throws {
        let directory = try TemporaryDirectory()
        let store = try Store(path: directory.file("store.sqlite"))
        _ = try Importing(registry: .standard, store: store).run(ImportRequest(inputs: [PackagePaths.sample("backup.json")]))
        _ = try Backup(store: store).write(to: directory.file("backup.json"))
        var text = try directory.read("backup.json")
        text = text.replacingOccurrences(of: "Will Durant", with: "Will Durand")
        try directory.write("changed.json", text)
        #expect {
            _ = try BackupVerification.verify(directory.file("changed.json"))
        } throws: { error in
            (error as? CardportError)?.message.contains("does not match its checksum") == true
        }
        let before = try store.read { try $0.statistics() }
        #expect(throws: CardportError.self) {
            _ = try Restoring(store: store).run(directory.file("changed.json"), mode: .replace)
        }
        #expect(try store.read { try $0.statistics() } == before)
    }

    @Test func restoreIntoAStoreWithCardsNeedsReplaceOrMerge() throws {
        let directory = try TemporaryDirectory()
        let store = try Store(path: directory.file("store.sqlite"))
        _ = try Importing(registry: .standard, store: store).run(ImportRequest(inputs: [PackagePaths.sample("backup.json")]))
        _ = try Backup(store: store).write(to: directory.file("backup.json"))
        _ = try Importing(registry: .standard, store: store).run(ImportRequest(inputs: [PackagePaths.sample("kindle-clippings.txt")]))
        #expect {
            _ = try Restoring(store: store).run(directory.file("backup.json"), mode: nil)
        } throws: { error in
            (error as? CardportError)?.code == .usage
        }
        let merged = try Restoring(store: store).run(directory.file("backup.json"), mode: .merge)
        #expect(merged.report.total.added == 0)
        let replaced = try Restoring(store: store).run(directory.file("backup.json"), mode: .replace)
        #expect(replaced.report.recordsOut < merged.report.recordsOut)
    }

    /// Rows of every table, by natural keys, read with sqlite3 (see ``BackupFidelityTests``).
    private static func contents(_ path: String) throws -> [String: [String]] {
        var tables: [String: [String]] = [:]
        for (name, sql) in BackupFidelityTests.contents where name != "provenance" {
            tables[name] = try BackupFidelityTests.query(path, sql).split(separator: "\n").map(String.init)
        }
        return tables
    }

    /// The store of the sample backup, then changed after its backup: a newer edit of one card, one
    /// card purged, and new cards from another file.
    private static func changedStore(in directory: TemporaryDirectory) throws -> Store {
        let store = try Store(path: directory.file("store.sqlite"))
        let importing = Importing(registry: .standard, store: store)
        _ = try importing.run(ImportRequest(inputs: [PackagePaths.sample("backup.json")]))
        _ = try Backup(store: store).write(to: directory.file("backup.json"))
        let fresh = try Store(path: directory.file("fresh.sqlite"))
        _ = try Restoring(store: fresh).run(directory.file("backup.json"), mode: nil)
        _ = try importing.run(ImportRequest(inputs: [PackagePaths.sample("kindle-clippings.txt")]))
        let edit = try directory.write("edit.jsonl", """
            {"kind":"citation","id":"8b50f050-43fd-8889-97cb-e7ede59dfe70","text":"We are what we repeatedly do. Excellence, then, is not an act, but a habit.","author":"Will Durant","source":"The Story of Philosophy","note":"edited","tags":["habits"],"favourite":false,"created_at":"2023-03-05T22:15:42Z","updated_at":"2099-01-01T00:00:00Z"}

            """)
        _ = try importing.run(ImportRequest(inputs: [edit]))
        let seneca = ["39955c2b-6692-8ad3-9f49-33d3691d166d"]
        _ = try store.write { try $0.setArchived(true, CardFilter(archived: .include, ids: seneca)) }
        #expect(try Purging(store: store).run(filter: CardFilter(archived: .include, ids: seneca), dryRun: false) == 1)
        return store
    }

    @Test func replaceLeavesExactlyTheBackup() throws {
        let directory = try TemporaryDirectory()
        let store = try Self.changedStore(in: directory)
        _ = try Restoring(store: store).run(directory.file("backup.json"), mode: .replace)
        let fresh = try Self.contents(directory.file("fresh.sqlite"))
        #expect(fresh["citations"]?.count == 7)
        #expect(try Self.contents(directory.file("store.sqlite")) == fresh)
    }

    @Test func mergeKeepsTheNewerEditAndBringsBackWhatWasPurged() throws {
        let directory = try TemporaryDirectory()
        let store = try Self.changedStore(in: directory)
        let before = try Self.contents(directory.file("store.sqlite"))
        let fresh = try Self.contents(directory.file("fresh.sqlite"))
        _ = try Restoring(store: store).run(directory.file("backup.json"), mode: .merge)
        let after = try Self.contents(directory.file("store.sqlite"))
        // Expected, row by row: every row the store held stays as it was, except the edited card's,
        // which merges with the backup's copy; the purged card comes back as the backup has it.
        let purged = "'39955c2b-6692-8ad3-9f49-33d3691d166d'", edited = "'8b50f050-43fd-8889-97cb-e7ede59dfe70'"
        func ids(_ rows: [String]?) -> Set<Substring> { Set((rows ?? []).map { $0.prefix(38) }) }
        #expect(ids(after["citations"]) == ids(before["citations"]).union(ids(fresh["citations"])))
        for name in ["citations", "citation tags", "bookmarks", "bookmark tags", "tasks", "topics", "topic links",
                     "topic questions", "extras"] {
            let kept = (before[name] ?? []).filter { !$0.contains(edited) }
            let back = (fresh[name] ?? []).filter { $0.contains(purged) }
            #expect((after[name] ?? []).filter { !$0.contains(edited) }.sorted() == (kept + back).sorted(), "\(name)")
        }
        // The edit is newer: its note wins; favourite is true if either copy is; tags are united.
        let merged = try #require(after["citations"]?.first { $0.hasPrefix(edited) })
        #expect(merged.contains("'edited'") && merged.contains("'Will Durant','The Story of Philosophy',1,0,"), "\(merged)")
        #expect(after["citation tags"]?.filter { $0.hasPrefix(edited) }
                == ["\(edited),0,'habits'", "\(edited),1,'philosophy'"])
        #expect(after["tags"] == before["tags"])
        #expect(after["settings"] == fresh["settings"])
    }
}
