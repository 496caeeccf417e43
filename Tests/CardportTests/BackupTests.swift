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

    @Test func verifyAcceptsABackupAndReportsWhatItHolds() throws {
        let directory = try TemporaryDirectory()
        let store = try Store(path: directory.file("store.sqlite"))
        _ = try Importing(registry: .standard, store: store).run(ImportRequest(inputs: [PackagePaths.sample("backup.json")]))
        let written = try Backup(store: store).write(to: directory.file("backup.json"))
        let verified = try BackupVerification.verify(directory.file("backup.json"))
        #expect(verified == written)
        #expect(SHA256.hash(Array(try Data(contentsOf: URL(fileURLWithPath: directory.file("backup.json"))))
            .dropLast(BackupVerificationShape.trailer)).hex == written.checksum)
    }

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

    @Test func aDocumentWithoutAChecksumIsNotAVerifiableBackup() throws {
        #expect {
            _ = try BackupVerification.verify(PackagePaths.sample("backup.json"))
        } throws: { error in
            (error as? CardportError)?.message.contains("does not end with a checksum") == true
        }
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
}

/// The length of a backup's trailer after the hashed bytes: `"sha256:`, 64 digits, `"`, `\n}\n`.
enum BackupVerificationShape {
    static let trailer = 8 + 64 + 1 + 3
}
