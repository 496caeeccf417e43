import CardportMachinery
import Foundation

/// An output file that appears only when complete.
///
/// Bytes go to a hidden temporary file in the destination's directory; ``commit()`` renames it over
/// the destination in one step, and ``discard()`` (or deinit without a commit) deletes it. A failed
/// run therefore leaves no half-written file and never touches an existing one. A new file gets the
/// usual permissions (0666 less the umask); replacing a file keeps that file's permissions.
///
/// `-` means standard output, which is written directly, and so is an existing file that is not a
/// regular file (`/dev/null`, a named pipe, a terminal): renaming over one would replace the device.
///
/// ```swift
/// let file = try OutputFile(path: "quotes.json")
/// try writer.write(…, to: file.output)
/// try file.commit()
/// ```
public final class OutputFile {
    /// The destination as the user gave it.
    public let path: String
    /// Where writers put their bytes.
    public let output: ByteOutput
    private let temporaryPath: String?
    /// The temporary file's key in ``PendingOutputs``, so a signal can remove it.
    private var pendingKey = -1
    private let descriptor: Int32
    private var isFinished = false
    private var isClosed = false
    /// Whether ``descriptor`` is a special file opened directly, closed with the output.
    private let isDirect: Bool

    /// Creates the temporary file next to `path` (or uses standard output for `-`).
    public init(path: String) throws(CardportError) {
        self.path = path
        if path == "-" {
            temporaryPath = nil
            descriptor = 1
            isDirect = false
            output = ByteOutput.standardOutput()
            return
        }
        let directory = OutputFile.directory(of: path)
        let base = path.split(separator: "/").last.map(String.init) ?? path
        if POSIXCalls.kind(of: directory) == .missing {
            throw CardportError(.io, "cannot write '\(path)': the directory '\(directory)' does not exist",
                                hint: "create it first (mkdir -p '\(directory)')")
        }
        switch POSIXCalls.kind(of: path) {
        case .directory:
            throw CardportError.posix(Int32(POSIXErrorCode.EISDIR.rawValue), doing: "write", path: path)
        case .special:
            let (fd, code) = POSIXCalls.openForWriting(path)
            guard fd >= 0 else { throw CardportError.posix(code, doing: "write", path: path) }
            temporaryPath = nil
            descriptor = fd
            isDirect = true
            output = ByteOutput(descriptor: fd, name: path)
            return
        case .missing, .regular, .symbolicLink:
            break
        }
        var fd: Int32 = -1
        let made = PendingOutputs.create(destination: path) { () -> String? in
            guard let file = POSIXCalls.makeTemporaryFile("\(directory)/.\(base).cardport-XXXXXX") else { return nil }
            fd = file.descriptor
            return file.path
        }
        guard let temporary = made.temporary else { throw CardportError.posix(made.error, doing: "write", path: path) }
        POSIXCalls.setPermissions(fd, like: path)
        self.temporaryPath = temporary
        self.descriptor = fd
        self.isDirect = false
        self.output = ByteOutput(descriptor: fd, name: path)
        pendingKey = made.key
    }

    deinit { if !isFinished { discard() } }

    /// Flushes the bytes and closes the temporary file, keeping it until ``commit()`` or
    /// ``discard()``, so a batch of outputs does not hold a descriptor each.
    public func close() throws(CardportError) {
        guard !isClosed else { return }
        do {
            try output.flush()
        } catch {
            discard()
            throw error
        }
        isClosed = true
        output.markClosed()
        guard temporaryPath != nil || isDirect else { return }
        let code = POSIXCalls.close(descriptor)
        if code != 0 {
            discard()
            throw CardportError.posix(code, doing: "write", path: path)
        }
    }

    /// Flushes, closes and moves the finished file into place.
    public func commit() throws(CardportError) {
        precondition(!isFinished, "output committed or discarded twice")
        try close()
        isFinished = true
        guard let temporaryPath else { return }
        var code: Int32 = 0
        let path = path
        let listed = PendingOutputs.finish(pendingKey) {
            code = POSIXCalls.rename(temporaryPath, path)
        }
        // Not listed any more: a signal removed the temporary file, and the run is ending.
        guard listed else { throw CardportError(.io, "cannot write '\(path)': the run was interrupted") }
        if code != 0 {
            POSIXCalls.removeFile(temporaryPath)
            throw CardportError.posix(code, doing: "write", path: path)
        }
    }

    /// Deletes the temporary file; the destination is left as it was.
    public func discard() {
        guard !isFinished else { return }
        isFinished = true
        if isDirect, !isClosed {
            isClosed = true
            output.markClosed()
            POSIXCalls.close(descriptor)
        }
        guard let temporaryPath else { return }
        if !isClosed {
            isClosed = true
            output.markClosed()
            POSIXCalls.close(descriptor)
        }
        PendingOutputs.finish(pendingKey)
        POSIXCalls.removeFile(temporaryPath)
    }

    static func directory(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        let directory = String(path[..<slash])
        return directory.isEmpty ? "/" : directory
    }
}
