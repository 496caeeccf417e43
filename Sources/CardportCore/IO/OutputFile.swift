#if canImport(Glibc)
@preconcurrency import Glibc
#elseif canImport(Musl)
@preconcurrency import Musl
#elseif canImport(Darwin)
import Darwin
#endif

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
        var info = stat()
        if stat(directory, &info) != 0 {
            throw CardportError(.io, "cannot write '\(path)': the directory '\(directory)' does not exist",
                                hint: "create it first (mkdir -p '\(directory)')")
        }
        if stat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFDIR {
            throw POSIX.error(EISDIR, doing: "write", path: path)
        }
        if stat(path, &info) == 0, (info.st_mode & S_IFMT) != S_IFREG {
            let fd = open(path, O_WRONLY | O_CLOEXEC)
            guard fd >= 0 else { throw POSIX.error(errno, doing: "write", path: path) }
            temporaryPath = nil
            descriptor = fd
            isDirect = true
            output = ByteOutput(descriptor: fd, name: path)
            return
        }
        var template = Array("\(directory)/.\(base).cardport-XXXXXX".utf8CString)
        var fd: Int32 = -1
        let made = PendingOutputs.create(destination: path) { () -> String? in
            fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
            guard fd >= 0 else { return nil }
            return String(cString: template.withUnsafeBufferPointer { $0.baseAddress! })
        }
        guard let temporary = made.temporary else { throw POSIX.error(made.error, doing: "write", path: path) }
        var mode: mode_t
        if stat(path, &info) == 0 {
            mode = info.st_mode & 0o7777
        } else {
            let mask = umask(0)
            umask(mask)
            mode = 0o666 & ~mask
        }
        fchmod(fd, mode)
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
        if closeDescriptor(descriptor) != 0 {
            let code = errno
            discard()
            throw POSIX.error(code, doing: "write", path: path)
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
            if rename(temporaryPath, path) != 0 { code = errno }
        }
        // Not listed any more: a signal removed the temporary file, and the run is ending.
        guard listed else { throw CardportError(.io, "cannot write '\(path)': the run was interrupted") }
        if code != 0 {
            unlink(temporaryPath)
            throw POSIX.error(code, doing: "write", path: path)
        }
    }

    /// Deletes the temporary file; the destination is left as it was.
    public func discard() {
        guard !isFinished else { return }
        isFinished = true
        if isDirect, !isClosed {
            isClosed = true
            output.markClosed()
            _ = closeDescriptor(descriptor)
        }
        guard let temporaryPath else { return }
        if !isClosed {
            isClosed = true
            output.markClosed()
            _ = closeDescriptor(descriptor)
        }
        PendingOutputs.finish(pendingKey)
        unlink(temporaryPath)
    }

    private func closeDescriptor(_ fd: Int32) -> Int32 {
        #if canImport(Glibc)
        Glibc.close(fd)
        #elseif canImport(Musl)
        Musl.close(fd)
        #else
        Darwin.close(fd)
        #endif
    }

    static func directory(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        let directory = String(path[..<slash])
        return directory.isEmpty ? "/" : directory
    }
}
