import CardportCore
import CardportDigests
import CardportMachinery
import Foundation

/// The SHA-256 of a file, computed on another thread while the caller reads the same file.
///
/// An import records the checksum of each file it reads; hashing beside the parser instead of
/// before it keeps the import's wall time that of parsing alone on a machine with a spare core.
///
/// An import that fails must ``stop()`` the hashing before it returns: a process that exits while
/// the thread is still inside libcrypto can crash in libcrypto's exit handlers.
final class FileChecksum: @unchecked Sendable {
    private let done = DispatchSemaphore(value: 0)
    private var digest: String?
    private let lock = NSLock()
    private var isStopped = false

    /// Starts hashing `path`; standard input (`-`) has no checksum, since it cannot be read twice.
    init(path: String) {
        guard path != "-" else {
            done.signal()
            return
        }
        Thread.detachNewThread { [self] in
            digest = hash(path)
            done.signal()
        }
    }

    /// Waits for the hash: 64 hex digits, or `nil` for standard input, an unreadable file, or a
    /// checksum stopped before it was done.
    var value: String? {
        done.wait()
        done.signal()
        return digest
    }

    /// Stops hashing at the next chunk and waits until the thread has left the hash.
    func stop() {
        lock.withLock { isStopped = true }
        _ = value
    }

    private func hash(_ path: String) -> String? {
        guard let handle = FileHandle(forReadingAtPath: path) else { return nil }
        defer { try? handle.close() }
        var hash = SHA256()
        while !lock.withLock({ isStopped }) {
            guard let chunk = try? handle.read(upToCount: 1 << 20), !chunk.isEmpty else {
                return hash.finalize().hex
            }
            chunk.withUnsafeBytes { hash.update($0) }
        }
        return nil
    }
}
