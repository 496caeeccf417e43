#if canImport(Glibc)
@preconcurrency import Glibc
#elseif canImport(Musl)
@preconcurrency import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The calls to the platform's C library that byte input, byte output and atomic output make, so
/// that no module above this floor imports the platform: each returns what happened as a value
/// (a descriptor, a count, or an `errno` code, 0 for success), and the caller phrases the error.
package enum POSIXCalls {
    /// The calling thread's `errno`.
    package static var errorNumber: Int32 { errno }

    /// The C library's text for an `errno` code.
    package static func message(for code: Int32) -> String {
        String(cString: strerror(code))
    }

    /// What a path names, as far as reading folders and writing outputs need to know.
    package enum FileKind: Equatable {
        case missing, regular, directory
        /// A symbolic link, seen only when links are not followed.
        case symbolicLink
        /// A device, pipe or socket: written in place, never replaced.
        case special
    }

    /// What `path` names, following symbolic links unless `followingLinks` is false.
    package static func kind(of path: String, followingLinks: Bool = true) -> FileKind {
        status(of: path, followingLinks: followingLinks).kind
    }

    /// What `path` names and, for a regular file, its size in bytes.
    package static func status(of path: String, followingLinks: Bool = true) -> (kind: FileKind, size: Int?) {
        var info = stat()
        guard (followingLinks ? stat(path, &info) : lstat(path, &info)) == 0 else { return (.missing, nil) }
        switch info.st_mode & S_IFMT {
        case S_IFREG: return (.regular, Int(info.st_size))
        case S_IFDIR: return (.directory, nil)
        case S_IFLNK: return (.symbolicLink, nil)
        default: return (.special, nil)
        }
    }

    /// The size and the time of the last change (nanoseconds since 1970) of what `path` names, or
    /// `nil` when it cannot be looked at: together, whether a file changed since it was last read.
    package static func stamp(of path: String) -> (size: Int, modified: Int)? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        #if canImport(Darwin)
        let modified = Int(info.st_mtimespec.tv_sec) * 1_000_000_000 + Int(info.st_mtimespec.tv_nsec)
        #else
        let modified = Int(info.st_mtim.tv_sec) * 1_000_000_000 + Int(info.st_mtim.tv_nsec)
        #endif
        return (Int(info.st_size), modified)
    }

    /// Whether `path` is a regular file this process may run.
    package static func isExecutableFile(_ path: String) -> Bool {
        kind(of: path) == .regular && access(path, X_OK) == 0
    }

    /// Whether two paths name the same file (the same device and inode).
    package static func sameFile(_ a: String, _ b: String) -> Bool {
        var first = stat()
        var second = stat()
        guard stat(a, &first) == 0, stat(b, &second) == 0 else { return false }
        return first.st_dev == second.st_dev && first.st_ino == second.st_ino
    }

    /// The absolute path with every symbolic link resolved, or `nil` when it cannot be resolved.
    package static func resolvedPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// Makes a directory (mode 0777 before the umask); returns 0 or an `errno` code.
    package static func makeDirectory(_ path: String) -> Int32 {
        mkdir(path, 0o777) == 0 ? 0 : errno
    }

    /// The names in a directory but `.` and `..`, in the order the file system gives them, or the
    /// `errno` code of a directory that cannot be read.
    package static func names(inDirectory path: String) -> (names: [String], error: Int32) {
        guard let directory = opendir(path) else { return ([], errno) }
        defer { closedir(directory) }
        var names: [String] = []
        while let item = readdir(directory) {
            let name = withUnsafeBytes(of: item.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            if name != "." && name != ".." { names.append(name) }
        }
        return (names, 0)
    }

    /// Opens `path` for reading: the descriptor and the size of a regular file, or the `errno` code
    /// (`EISDIR` for a directory).
    package static func openForReading(_ path: String) -> (descriptor: Int32, size: Int?, error: Int32) {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return (-1, nil, errno) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { return (fd, nil, 0) }
        switch info.st_mode & S_IFMT {
        case S_IFDIR:
            close(fd)
            return (-1, nil, EISDIR)
        case S_IFREG:
            return (fd, Int(info.st_size), 0)
        default:
            return (fd, nil, 0)
        }
    }

    /// Opens an existing file (a device, a pipe) for writing in place: the descriptor or the `errno` code.
    package static func openForWriting(_ path: String) -> (descriptor: Int32, error: Int32) {
        let fd = open(path, O_WRONLY | O_CLOEXEC)
        return fd >= 0 ? (fd, 0) : (-1, errno)
    }

    /// Reads up to `count` bytes, retrying on interruption; 0 means end of file, -1 an error (see
    /// ``errorNumber``).
    package static func read(_ fd: Int32, into buffer: UnsafeMutableRawPointer, count: Int) -> Int {
        while true {
            #if canImport(Darwin)
            let n = Darwin.read(fd, buffer, count)
            #elseif canImport(Glibc)
            let n = Glibc.read(fd, buffer, count)
            #else
            let n = Musl.read(fd, buffer, count)
            #endif
            if n >= 0 || errno != EINTR { return n }
        }
    }

    /// Writes all bytes, retrying on interruption and short writes; returns 0 or an `errno` code.
    package static func writeAll(_ fd: Int32, _ buffer: UnsafeRawBufferPointer) -> Int32 {
        var done = 0
        while done < buffer.count {
            let n = write(fd, UnsafeRawBufferPointer(rebasing: buffer[done...]))
            if n < 0 { return errno }
            done += n
        }
        return 0
    }

    /// Writes what one call takes of `buffer`, retrying on interruption: the count written, or -1
    /// (see ``errorNumber``; `EPIPE` when the reader is gone).
    package static func write(_ fd: Int32, _ buffer: UnsafeRawBufferPointer) -> Int {
        while true {
            #if canImport(Darwin)
            let n = Darwin.write(fd, buffer.baseAddress, buffer.count)
            #elseif canImport(Glibc)
            let n = Glibc.write(fd, buffer.baseAddress, buffer.count)
            #else
            let n = Musl.write(fd, buffer.baseAddress, buffer.count)
            #endif
            if n >= 0 || errno != EINTR { return n }
        }
    }

    /// Closes a descriptor; returns 0 or an `errno` code (a late write error shows here).
    @discardableResult
    package static func close(_ fd: Int32) -> Int32 {
        #if canImport(Glibc)
        Glibc.close(fd) == 0 ? 0 : errno
        #elseif canImport(Musl)
        Musl.close(fd) == 0 ? 0 : errno
        #else
        Darwin.close(fd) == 0 ? 0 : errno
        #endif
    }

    /// Whether a descriptor is a terminal.
    package static func isTerminal(_ fd: Int32) -> Bool { isatty(fd) == 1 }

    /// Makes a new empty file from a `mkstemp` template (ending in `XXXXXX`): its path and open
    /// descriptor, or `nil` with ``errorNumber`` set.
    package static func makeTemporaryFile(_ template: String) -> (path: String, descriptor: Int32)? {
        var bytes = Array(template.utf8CString)
        let fd = bytes.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard fd >= 0 else { return nil }
        return (String(cString: bytes.withUnsafeBufferPointer { $0.baseAddress! }), fd)
    }

    /// Makes a new empty directory from a `mkdtemp` template: its path, or `nil` with
    /// ``errorNumber`` set.
    package static func makeTemporaryDirectory(_ template: String) -> String? {
        var bytes = Array(template.utf8CString)
        guard bytes.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) }) != nil else { return nil }
        return String(cString: bytes.withUnsafeBufferPointer { $0.baseAddress! })
    }

    /// Gives a new file the permissions of the file at `path` when there is one, else those a new
    /// file gets under the process's umask (`mkstemp` makes it 0600).
    package static func setPermissions(_ fd: Int32, like path: String) {
        var info = stat()
        var mode: mode_t
        if stat(path, &info) == 0 {
            mode = info.st_mode & 0o7777
        } else {
            let mask = umask(0)
            umask(mask)
            mode = 0o666 & ~mask
        }
        fchmod(fd, mode)
    }

    /// Renames `source` to `destination`, replacing it; returns 0 or an `errno` code.
    package static func rename(_ source: String, _ destination: String) -> Int32 {
        #if canImport(Glibc)
        Glibc.rename(source, destination) == 0 ? 0 : errno
        #elseif canImport(Musl)
        Musl.rename(source, destination) == 0 ? 0 : errno
        #else
        Darwin.rename(source, destination) == 0 ? 0 : errno
        #endif
    }

    /// Removes a file, ignoring failure (a temporary file that may already be gone).
    package static func removeFile(_ path: String) {
        _ = unlink(path)
    }

    /// Removes an empty directory, ignoring failure.
    package static func removeDirectory(_ path: String) {
        _ = rmdir(path)
    }

    /// Removes the files in a directory (not below it), then the directory, ignoring failures.
    /// Safe from a thread that is ending the process on a signal: nothing here takes a lock that a
    /// stopped thread may hold, beyond the C library's own.
    package static func removeDirectoryAndFiles(_ path: String) {
        for name in names(inDirectory: path).names { unlink(path + "/" + name) }
        rmdir(path)
    }

    /// Asks the kernel to back a large buffer with huge pages where it can: a whole file read into
    /// memory then costs a few dozen page faults instead of one per 4 KiB.
    package static func adviseHugePages(_ buffer: UnsafeMutableRawBufferPointer) {
        #if os(Linux)
        let huge = 2 << 20
        guard buffer.count >= 4 * huge, let base = buffer.baseAddress else { return }
        let start = (Int(bitPattern: base) + huge - 1) & ~(huge - 1)
        let end = (Int(bitPattern: base) + buffer.count) & ~(huge - 1)
        guard end > start, let aligned = UnsafeMutableRawPointer(bitPattern: start) else { return }
        _ = madvise(aligned, end - start, MADV_HUGEPAGE)
        #endif
    }
}
