#if canImport(Glibc)
@preconcurrency import Glibc
#elseif canImport(Musl)
@preconcurrency import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Thin helpers over the POSIX calls the byte streams use, so the rest of the module never deals
/// with `errno` directly.
enum POSIX {
    static var errorNumber: Int32 { errno }

    static func message(for code: Int32) -> String {
        String(cString: strerror(code))
    }

    /// The error a failed call on `path` turns into, phrased for the user.
    static func error(_ code: Int32, doing verb: String, path: String) -> CardportError {
        switch code {
        case ENOENT:
            return CardportError(.fileNotFound, "cannot \(verb) '\(path)': no such file or directory",
                                 hint: "check the path; use '-' for standard input")
        case EACCES, EPERM:
            return CardportError(.io, "cannot \(verb) '\(path)': permission denied",
                                 hint: verb == "read" ? "check the file's permissions (ls -l)"
                                     : "check the permissions of the file and its directory (ls -ld), or write elsewhere")
        case ENOSPC, EDQUOT:
            return CardportError(.io, "cannot \(verb) '\(path)': no space left on the device",
                                 hint: "free some space and run the command again; nothing was changed")
        case EFBIG:
            return CardportError(.io, "cannot \(verb) '\(path)': the file would be larger than this process may write (ulimit -f)",
                                 hint: "raise the limit (ulimit -f unlimited) or write elsewhere; nothing was changed")
        case EBADF where path == "<stdin>" || path == "<stdout>":
            let stream = path == "<stdin>" ? "standard input" : "standard output"
            return CardportError(.io, "cannot \(verb) \(stream): it is closed",
                                 hint: path == "<stdin>" ? "pipe something in, or name a file instead of '-'"
                                     : "redirect standard output to a file, or write with -o FILE")
        case EPIPE:
            return CardportError(.io, "cannot \(verb) '\(path)': the pipe was closed by the program reading it")
        case EISDIR:
            return CardportError(.io, "cannot \(verb) '\(path)': it is a directory",
                                 hint: "give a file, or use --out-dir for a directory of outputs")
        case EROFS:
            return CardportError(.io, "cannot \(verb) '\(path)': the file system is read-only")
        default:
            return CardportError(.io, "cannot \(verb) '\(path)': \(message(for: code))")
        }
    }

    /// Reads up to `count` bytes, retrying on interruption; 0 means end of file.
    static func read(_ fd: Int32, into buffer: UnsafeMutableRawPointer, count: Int) -> Int {
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

    /// Writes all bytes, retrying on interruption and short writes; returns 0 or an `errno`.
    static func writeAll(_ fd: Int32, _ buffer: UnsafeRawBufferPointer) -> Int32 {
        var done = 0
        while done < buffer.count {
            #if canImport(Darwin)
            let n = Darwin.write(fd, buffer.baseAddress! + done, buffer.count - done)
            #elseif canImport(Glibc)
            let n = Glibc.write(fd, buffer.baseAddress! + done, buffer.count - done)
            #else
            let n = Musl.write(fd, buffer.baseAddress! + done, buffer.count - done)
            #endif
            if n < 0 {
                if errno == EINTR { continue }
                return errno
            }
            done += n
        }
        return 0
    }

    static func isTerminal(_ fd: Int32) -> Bool { isatty(fd) == 1 }
}
