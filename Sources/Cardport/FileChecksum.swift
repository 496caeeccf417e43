import CardportCore
import Foundation

/// The SHA-256 of a file, computed on another thread while the caller reads the same file.
///
/// An import records the checksum of each file it reads; hashing beside the parser instead of
/// before it keeps the import's wall time that of parsing alone on a machine with a spare core.
final class FileChecksum: @unchecked Sendable {
    private let done = DispatchSemaphore(value: 0)
    private var digest: String?

    /// Starts hashing `path`; standard input (`-`) has no checksum, since it cannot be read twice.
    init(path: String) {
        guard path != "-" else {
            done.signal()
            return
        }
        Thread.detachNewThread { [self] in
            digest = FileChecksum.hash(path)
            done.signal()
        }
    }

    /// Waits for the hash: 64 hex digits, or `nil` for standard input or an unreadable file.
    var value: String? {
        done.wait()
        done.signal()
        return digest
    }

    static func hash(_ path: String) -> String? {
        guard let handle = FileHandle(forReadingAtPath: path) else { return nil }
        defer { try? handle.close() }
        var hash = SHA256()
        while true {
            guard let chunk = try? handle.read(upToCount: 1 << 20), !chunk.isEmpty else { break }
            chunk.withUnsafeBytes { hash.update($0) }
        }
        return hash.finalize().hex
    }
}
