import Cardport
import CardportCore
import CardportStore
import CardportTestSupport
import Foundation
import Testing

@Suite struct BackupTests {
    @Test func backupRestoreIntoAnEmptyStoreAndBackupAgainGivesTheSameBytes() throws {
        let directory = try TemporaryDirectory()
        let original = try Store(path: directory.file("original.sqlite"))
        let importing = Importing(registry: .standard, store: original)
        for sample in ["backup.json", "kindle-clippings.txt", "mixed.jsonl", "study-topics.opml", "favourites.json"] {
            _ = try importing.run(ImportRequest(inputs: [PackagePaths.sample(sample)]))
        }
        _ = try original.write { try $0.setArchived(true, StoreFilter(author: "Seneca")) }
        let first = try Backup(store: original).write(to: directory.file("first.json"))

        let restored = try Store(path: directory.file("restored.sqlite"))
        _ = try Restoring(store: restored).run(directory.file("first.json"), mode: nil)
        let second = try Backup(store: restored).write(to: directory.file("second.json"))

        let bytes = try Data(contentsOf: URL(fileURLWithPath: directory.file("first.json")))
        #expect(bytes == (try Data(contentsOf: URL(fileURLWithPath: directory.file("second.json")))))
        #expect(first.records == second.records)
        #expect(first.checksum == second.checksum)
        #expect(first.provenance == 5)
        #expect(try restored.read { try $0.statistics() }.archived > 0)
    }
}
