import CardportMachinery
import Foundation

extension CardportError {
    /// The error a failed system call on `path` turns into, phrased for the user: `code` is the
    /// call's `errno`, `verb` what Cardport was doing (`read`, `write`).
    package static func posix(_ code: Int32, doing verb: String, path: String) -> CardportError {
        switch POSIXErrorCode(rawValue: code) {
        case .ENOENT:
            return CardportError(.fileNotFound, "cannot \(verb) '\(path)': no such file or directory",
                                 hint: "check the path; use '-' for standard input")
        case .EACCES, .EPERM:
            return CardportError(.io, "cannot \(verb) '\(path)': permission denied",
                                 hint: verb == "read" ? "check the file's permissions (ls -l)"
                                     : "check the permissions of the file and its directory (ls -ld), or write elsewhere")
        case .ENOSPC, .EDQUOT:
            return CardportError(.io, "cannot \(verb) '\(path)': no space left on the device",
                                 hint: "free some space and run the command again; nothing was changed")
        case .EFBIG:
            return CardportError(.io, "cannot \(verb) '\(path)': the file would be larger than this process may write (ulimit -f)",
                                 hint: "raise the limit (ulimit -f unlimited) or write elsewhere; nothing was changed")
        case .EBADF where path == "<stdin>" || path == "<stdout>":
            let stream = path == "<stdin>" ? "standard input" : "standard output"
            return CardportError(.io, "cannot \(verb) \(stream): it is closed",
                                 hint: path == "<stdin>" ? "pipe something in, or name a file instead of '-'"
                                     : "redirect standard output to a file, or write with -o FILE")
        case .EPIPE:
            return CardportError(.io, "cannot \(verb) '\(path)': the pipe was closed by the program reading it")
        case .EISDIR:
            return CardportError(.io, "cannot \(verb) '\(path)': it is a directory",
                                 hint: "give a file, or use --out-dir for a directory of outputs")
        case .EROFS:
            return CardportError(.io, "cannot \(verb) '\(path)': the file system is read-only")
        default:
            return CardportError(.io, "cannot \(verb) '\(path)': \(POSIXCalls.message(for: code))")
        }
    }
}
