import CardportCore
#if canImport(Glibc)
@preconcurrency import Glibc
#elseif canImport(Musl)
@preconcurrency import Musl
#elseif canImport(Darwin)
import Darwin
#endif

extension Conversion {
    /// The path with symbolic links resolved (`realpath`), or the path itself when it cannot be.
    static func resolvedPath(_ path: String) -> String {
        guard let resolved = realpath(path, nil) else { return path }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// Whether two paths name the same existing file (same device and inode).
    static func sameFile(_ a: String, _ b: String) -> Bool {
        var first = stat()
        var second = stat()
        guard stat(a, &first) == 0, stat(b, &second) == 0 else { return false }
        return first.st_dev == second.st_dev && first.st_ino == second.st_ino
    }

    /// Creates a directory and its parents, like `mkdir -p`; returns the directories it created,
    /// outermost first, so a failed run can remove them again.
    static func makeDirectory(_ path: String) throws(CardportError) -> [String] {
        var info = stat()
        if stat(path, &info) == 0 {
            guard (info.st_mode & S_IFMT) == S_IFDIR else {
                throw CardportError(.io, "'\(path)' exists and is not a directory", hint: "choose another --out-dir")
            }
            return []
        }
        var created: [String] = []
        let parent = path.split(separator: "/", omittingEmptySubsequences: false).dropLast().joined(separator: "/")
        if !parent.isEmpty, parent != path { created = try makeDirectory(parent) }
        if mkdir(path, 0o777) != 0 {
            let code = errno
            guard code == EEXIST else {
                for directory in created.reversed() { removeEmptyDirectory(directory) }
                throw CardportError(.io, "cannot create the directory '\(path)': \(String(cString: strerror(code)))")
            }
            return created
        }
        return created + [path]
    }

    /// Removes a directory if it is empty; leaves it otherwise.
    static func removeEmptyDirectory(_ path: String) {
        rmdir(path)
    }
}
