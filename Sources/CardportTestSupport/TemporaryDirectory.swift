import Foundation

/// A fresh directory for one test, removed with everything in it when the value goes away.
public final class TemporaryDirectory {
    /// The directory's absolute path.
    public let path: String

    /// Creates an empty directory under the system's temporary directory.
    public init() throws {
        path = FileManager.default.temporaryDirectory.appendingPathComponent("cardport-test-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(atPath: path) }

    /// The path of `name` inside the directory.
    public func file(_ name: String) -> String { path + "/" + name }

    /// Writes `text` as UTF-8 to `name` and returns its path.
    @discardableResult
    public func write(_ name: String, _ text: String) throws -> String {
        let target = file(name)
        try text.write(toFile: target, atomically: true, encoding: .utf8)
        return target
    }

    /// The UTF-8 text of `name`.
    public func read(_ name: String) throws -> String {
        try String(contentsOfFile: file(name), encoding: .utf8)
    }

    /// The names in the directory, sorted.
    public var entries: [String] { ((try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []).sorted() }
}
