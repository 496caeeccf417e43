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
}
