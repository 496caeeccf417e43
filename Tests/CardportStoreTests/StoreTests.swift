import CardportCore
import CardportStore
import CardportTestSupport
import Foundation
import Testing

@Suite struct StoreTests {
    @Test func anEmptyFileGetsEveryMigrationAndPassesTheIntegrityCheck() throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("nested/dir/store.sqlite")
        let store = try Store(path: path)
        #expect(FileManager.default.fileExists(atPath: path))
        #expect(try store.appliedMigrations() == ["1-cards", "2-origins"])
        #expect(try store.integrityCheck() == ["ok"])
        #expect(try store.read { try $0.statistics() } == StoreStatistics())
    }

    @Test func reopeningAStoreAppliesNothingTwiceAndKeepsItsCards() throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("store.sqlite")
        try Store(path: path).write { _ = try $0.upsert(.citation(Citation(text: "Carpe diem.")), policy: .newest, provenance: nil) }
        let again = try Store(path: path)
        #expect(try again.appliedMigrations() == ["1-cards", "2-origins"])
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
}
