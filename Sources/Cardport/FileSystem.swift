import CardportCore
import CardportMachinery
import Foundation

extension Conversion {
    /// The path with symbolic links resolved (`realpath`), or the path itself when it cannot be.
    static func resolvedPath(_ path: String) -> String {
        POSIXCalls.resolvedPath(path) ?? path
    }

    /// Whether two paths name the same existing file (same device and inode).
    static func sameFile(_ a: String, _ b: String) -> Bool {
        POSIXCalls.sameFile(a, b)
    }

    /// Creates a directory and its parents, like `mkdir -p`; returns the directories it created,
    /// outermost first, so a failed run can remove them again.
    static func makeDirectory(_ path: String) throws(CardportError) -> [String] {
        let kind = POSIXCalls.kind(of: path)
        if kind != .missing {
            guard kind == .directory else {
                throw CardportError(.io, "'\(path)' exists and is not a directory", hint: "choose another --out-dir")
            }
            return []
        }
        var created: [String] = []
        let parent = path.split(separator: "/", omittingEmptySubsequences: false).dropLast().joined(separator: "/")
        if !parent.isEmpty, parent != path { created = try makeDirectory(parent) }
        let code = POSIXCalls.makeDirectory(path)
        if code != 0 {
            guard POSIXErrorCode(rawValue: code) == .EEXIST else {
                for directory in created.reversed() { removeEmptyDirectory(directory) }
                throw CardportError(.io, "cannot create the directory '\(path)': \(POSIXCalls.message(for: code))")
            }
            return created
        }
        return created + [path]
    }

    /// Removes a directory if it is empty; leaves it otherwise.
    static func removeEmptyDirectory(_ path: String) {
        POSIXCalls.removeDirectory(path)
    }
}
