import CardportCore
import CardportDigests

/// The SHA-256 of the bytes a backup's output writes, which its `checksum` member ends it with.
final class BackupDigest: OutputDigest {
    private var hash = SHA256()

    func update(_ bytes: UnsafeRawBufferPointer) { hash.update(bytes) }

    var hex: String { hash.finalize().hex }
}
