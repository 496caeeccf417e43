import Cardport
import CardportCore
import CardportDigests
import CardportMachinery
import CardportStore
import CardportTestSupport
import Foundation
import Testing

@Suite struct BackupVerificationTests {
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

    @Test func aDocumentWithoutAChecksumIsNotAVerifiableBackup() throws {
        #expect {
            _ = try BackupVerification.verify(PackagePaths.sample("backup.json"))
        } throws: { error in
            (error as? CardportError)?.message.contains("does not end with a checksum") == true
        }
    }
}

/// The length of a backup's trailer after the hashed bytes: `"sha256:`, 64 digits, `"`, `\n}\n`.
enum BackupVerificationShape {
    static let trailer = 8 + 64 + 1 + 3
}
