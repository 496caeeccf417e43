import CardportCore
import CardportStore
import CardportTestSupport
import Foundation
import GRDB
import Testing

@Suite struct StoreTests {
    @Test func anEmptyFileGetsEveryMigrationAndPassesTheIntegrityCheck() throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("nested/dir/store.sqlite")
        let store = try Store(path: path)
        #expect(FileManager.default.fileExists(atPath: path))
        #expect(try store.appliedMigrations() == ["1-cards", "2-origins", "3-search", "4-tag-cards", "5-origin-pages",
                                                "6-highlight-fields"])
        #expect(try store.integrityCheck() == ["ok"])
        #expect(try store.read { try $0.statistics() } == StoreStatistics())
    }

    @Test func reopeningAStoreAppliesNothingTwiceAndKeepsItsCards() throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("store.sqlite")
        try Store(path: path).write { _ = try $0.upsert(.citation(Citation(text: "Carpe diem.")), policy: .newest, provenance: nil) }
        let again = try Store(path: path)
        #expect(try again.appliedMigrations() == ["1-cards", "2-origins", "3-search", "4-tag-cards", "5-origin-pages",
                                                "6-highlight-fields"])
        #expect(try again.read { try $0.statistics() }.citations == 1)
    }

    @Test func theFileIsInWALModeWithForeignKeysOn() throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("store.sqlite")
        _ = try Store(path: path)
        // The WAL mode is a property of the file, visible to any connection.
        let header = try Data(contentsOf: URL(fileURLWithPath: path)).prefix(20)
        #expect(header[18] == 2 && header[19] == 2, "bytes 18 and 19 of a WAL database's header are 2")
    }

    @Test func anErrorInsideAWriteLeavesTheStoreAsItWas() throws {
        let directory = try TemporaryDirectory()
        let store = try Store(path: directory.file("store.sqlite"))
        try store.write { _ = try $0.upsert(.citation(Citation(text: "Kept.")), policy: .newest, provenance: nil) }
        #expect(throws: CardportError.self) {
            try store.write { (transaction) in
                _ = try transaction.upsert(.citation(Citation(text: "Lost.")), policy: .newest, provenance: nil)
                _ = try transaction.upsert(.task(TaskItem(description: "Lost too")), policy: .newest, provenance: nil)
                throw CardportError(.invalidValue, "a bad record in the middle")
            }
        }
        let statistics = try store.read { try $0.statistics() }
        #expect(statistics.citations == 1)
        #expect(statistics.tasks == 0)
    }

    @Test func aDryRunWriteKeepsNothing() throws {
        let directory = try TemporaryDirectory()
        let store = try Store(path: directory.file("store.sqlite"))
        let result = try store.write(commit: false) { try $0.upsert(.citation(Citation(text: "Maybe.")), policy: .newest, provenance: nil) }
        #expect(result == .added)
        #expect(try store.read { try $0.statistics() }.citations == 0)
    }

    @Test func aFileThatIsNotAStoreIsReportedWithAHint() throws {
        let directory = try TemporaryDirectory()
        let path = try directory.write("notes.txt", String(repeating: "not a database\n", count: 100))
        #expect {
            _ = try Store(path: path)
        } throws: { error in
            let error = error as? CardportError
            return error?.code == .io && error?.message.contains("not a Cardport store") == true
        }
    }

    @Test(arguments: [Store.Access.writing, .reading])
    func anotherProgramsDatabaseIsRefusedAndLeftByteForByte(access: Store.Access) throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("Quotes.sqlite")
        let other = try DatabaseQueue(path: path)
        try other.write { db in
            try db.execute(sql: "CREATE TABLE ZQUOTE (Z_PK INTEGER PRIMARY KEY, ZTEXT TEXT); INSERT INTO ZQUOTE VALUES (1, 'Hi.')")
        }
        try other.close()
        let before = try Data(contentsOf: URL(fileURLWithPath: path))
        #expect {
            _ = try Store(path: path, access: access)
        } throws: { error in
            (error as? CardportError)?.message == "'\(path)' is not a Cardport store: it holds tables of another program (ZQUOTE)"
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["Quotes.sqlite"])
    }

    @Test(arguments: [Store.Access.writing, .reading])
    func anotherProgramsDatabaseWithAnUnfinishedTransactionIsRefusedAndLeftByteForByte(access: Store.Access) throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("Quotes.sqlite")
        // Another program dies in the middle of a transaction through a rollback journal, which it
        // leaves behind, hot: the next connection that may write would play it back.
        let python = try #require(ExternalProgram.find("python3", package: "python3"))
        let made = try ExternalProgram.run(python, ["-c", """
            import os, sqlite3, sys
            db = sqlite3.connect(sys.argv[1], isolation_level=None)
            db.execute("PRAGMA journal_mode = DELETE")
            db.execute("CREATE TABLE ZQUOTE (Z_PK INTEGER PRIMARY KEY, ZTEXT TEXT)")
            db.execute("INSERT INTO ZQUOTE VALUES (1, 'Hi.')")
            db.execute("PRAGMA cache_size = 4")
            db.execute("BEGIN")
            for i in range(2, 2000):
                db.execute("INSERT INTO ZQUOTE VALUES (?, ?)", (i, "x" * 500))
            os._exit(0)
            """, path])
        #expect(made.status == 0, "\(made.errors)")
        let journal = path + "-journal"
        let before = try [path, journal].map { try Data(contentsOf: URL(fileURLWithPath: $0)) }
        #expect(before[1].count > 512, "the journal holds pages")
        #expect {
            _ = try Store(path: path, access: access)
        } throws: { error in
            (error as? CardportError)?.message == "'\(path)' is not a Cardport store: it holds another program's unfinished transaction"
        }
        #expect(try [path, journal].map { try Data(contentsOf: URL(fileURLWithPath: $0)) } == before)
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted() == ["Quotes.sqlite", "Quotes.sqlite-journal"])
    }

    @Test func aDatabaseOfAnotherApplicationIDIsRefused() throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("other.sqlite")
        let other = try DatabaseQueue(path: path)
        try other.writeWithoutTransaction { db in try db.execute(sql: "PRAGMA application_id = 1234") }
        try other.close()
        #expect {
            _ = try Store(path: path)
        } throws: { error in
            (error as? CardportError)?.message == "'\(path)' is not a Cardport store: its application id is 0x000004D2, not Cardport's"
        }
    }

    @Test func aNewStoreCarriesCardportsApplicationID() throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("store.sqlite")
        _ = try Store(path: path)
        let id = try DatabaseQueue(path: path).read { db in try Int32.fetchOne(db, sql: "PRAGMA application_id") }
        #expect(id == 0x4352_4450)
    }

    @Test func aStoreMadeBeforeTheApplicationIDOpensAndGetsIt() throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("store.sqlite")
        try Store(path: path).write { _ = try $0.upsert(.citation(Citation(text: "Carpe diem.")), policy: .newest, provenance: nil) }
        try DatabaseQueue(path: path).writeWithoutTransaction { db in try db.execute(sql: "PRAGMA application_id = 0") }
        let store = try Store(path: path)
        #expect(try store.read { try $0.statistics() }.citations == 1)
        let id = try DatabaseQueue(path: path).read { db in try Int32.fetchOne(db, sql: "PRAGMA application_id") }
        #expect(id == 0x4352_4450)
    }

    @Test func theSearchIndexCatchesUpAtTheFirstSearchAfterAnImport() throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("store.sqlite")
        let store = try Store(path: path)
        try store.write { (transaction) in
            _ = try transaction.upsert(.citation(Citation(text: "The left hand of darkness.")), policy: .newest, provenance: nil)
            _ = try transaction.upsert(.citation(Citation(text: "Light is the right hand.")), policy: .newest, provenance: nil)
        }
        // The import indexed nothing: the state still says no citation is in the index.
        let indexed = { try DatabaseQueue(path: path).read { db in
            try Int64.fetchOne(db, sql: "SELECT indexed FROM search_state WHERE kind = 'citation'") } }
        #expect(try indexed() == 0)
        try store.catchUpSearch()
        #expect(try indexed() == 2)
        let hits = try store.read { try $0.search("left", filter: CardFilter(), limit: 10) }
        #expect(hits.map { if case .citation(let c) = $0.record { c.text } else { "" } } == ["The left hand of darkness."])
        // Caught up, a second call writes nothing: the index holds every card.
        try store.catchUpSearch()
        #expect(try indexed() == 2)
    }

    @Test func aFirstImportLeavesEveryIndexAndTriggerOfTheSchemaInPlace() throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("store.sqlite")
        let schema = { try DatabaseQueue(path: path).read { db in
            try Row.fetchAll(db, sql: """
                SELECT type, name, sql FROM sqlite_master WHERE type IN ('index', 'trigger') AND sql IS NOT NULL ORDER BY name
                """).map { "\($0[0] as String) \($0[1] as String): \($0[2] as String)" } } }
        let store = try Store(path: path)
        let before = try schema()
        try store.write(checkingReferences: false) { (transaction) in
            _ = try transaction.upsert(.citation(Citation(text: "Carpe diem.")), policy: .newest, provenance: nil)
            _ = try transaction.upsert(.bookmark(Bookmark(text: "https://example.org")), policy: .newest, provenance: nil)
        }
        #expect(try schema() == before)
        #expect(before.contains { $0.hasPrefix("index citation_id:") } && before.contains { $0.hasPrefix("trigger citation_search_insert:") })
    }

    @Test func aBulkWriteIntoAnEmptyStoreLeavesItInWALModeWhetherItCommitsOrNot() throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("store.sqlite")
        let store = try Store(path: path)
        let walHeader = { try Data(contentsOf: URL(fileURLWithPath: path)).prefix(20).suffix(2) == Data([2, 2]) }
        #expect(throws: CardportError.self) {
            try store.write(checkingReferences: false) { (transaction) in
                _ = try transaction.upsert(.citation(Citation(text: "Lost.")), policy: .newest, provenance: nil)
                throw CardportError(.invalidValue, "a bad record in the middle")
            }
        }
        #expect(try walHeader())
        #expect(try store.read { try $0.statistics() }.citations == 0)
        try store.write(checkingReferences: false) { (transaction) in
            _ = try transaction.upsert(.citation(Citation(text: "Kept.")), policy: .newest, provenance: nil)
        }
        #expect(try walHeader())
        #expect(try store.read { try $0.statistics() }.citations == 1)
        #expect(!FileManager.default.fileExists(atPath: path + "-journal"))
    }

    @Test func aCardGivenTheNumberOfADeletedIndexedCardIsFoundBySearch() throws {
        let directory = try TemporaryDirectory()
        let store = try Store(path: directory.file("store.sqlite"))
        func texts(_ word: String) throws -> [String] {
            try store.catchUpSearch()
            return try store.read { try $0.search(word, filter: CardFilter(), limit: 10) }
                .map { if case .citation(let c) = $0.record { c.text } else { "" } }
        }
        try store.write(checkingReferences: false) { (transaction) in
            _ = try transaction.upsert(.citation(Citation(text: "The left hand of darkness.")), policy: .newest, provenance: nil)
            _ = try transaction.upsert(.citation(Citation(text: "Light is the right hand.")), policy: .newest, provenance: nil)
        }
        #expect(try texts("hand").count == 2)
        try store.write { try $0.removeEverything() }
        #expect(try texts("hand").isEmpty)
        // The emptied table gives its numbers again, to cards the index once counted as held.
        try store.write(checkingReferences: false) { (transaction) in
            _ = try transaction.upsert(.citation(Citation(text: "A hand of cards.")), policy: .newest, provenance: nil)
        }
        #expect(try texts("hand") == ["A hand of cards."])
        try store.write { (transaction) in
            _ = try transaction.upsert(.citation(Citation(text: "A second hand.")), policy: .newest, provenance: nil)
        }
        #expect(try texts("hand").sorted() == ["A hand of cards.", "A second hand."])
    }
}
