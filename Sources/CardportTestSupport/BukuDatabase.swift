import Foundation
public import Testing

/// buku with a database of its own in a scratch folder, for tests that check what buku makes of
/// Cardport's files.
///
/// ```swift
/// guard let buku = try BukuDatabase(in: scratch) else { return }   // a missing buku is a failure
/// try buku.importFile(path)
/// try buku.bookmarks()["https://example.org/"]?.tags               // ["a", "b"]
/// ```
public struct BukuDatabase {
    /// The `buku` program.
    public let program: String
    /// `HOME` and `XDG_DATA_HOME` in the scratch folder, so the user's own database is never touched.
    public let environment: [String: String]

    /// A buku with an empty database under `scratch`; `nil` (and a recorded failure) without buku.
    public init?(in scratch: TemporaryDirectory, sourceLocation: SourceLocation = #_sourceLocation) throws {
        guard let program = ExternalProgram.find("buku", package: "buku", sourceLocation: sourceLocation) else { return nil }
        self.program = program
        let home = scratch.file("buku-home-\(UUID().uuidString)")
        try FileManager.default.createDirectory(atPath: home, withIntermediateDirectories: true)
        environment = ["HOME": home, "XDG_DATA_HOME": home + "/.local/share"]
    }

    /// Runs `buku --nostdin --np ARGUMENTS`, which never waits for an answer.
    public func run(_ arguments: [String]) throws -> ExternalProgram.Result {
        try ExternalProgram.run(program, ["--nostdin", "--np"] + arguments, environment: environment)
    }

    /// `buku --tacit -i FILE` (folder names as tags, no questions), expecting success.
    public func importFile(_ path: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let result = try run(["--tacit", "-i", path])
        #expect(result.status == 0, "buku -i failed: \(result.errors)", sourceLocation: sourceLocation)
    }

    /// What the database holds, by URL: the title and the tags, as `buku -p -j` prints them.
    public func bookmarks() throws -> [String: (title: String, tags: [String])] {
        // An empty database prints nothing at all.
        let text = try run(["-p", "-j"]).output.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !text.isEmpty else { return [:] }
        let entries = try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [[String: Any]] ?? []
        var found: [String: (title: String, tags: [String])] = [:]
        for entry in entries {
            let tags = (entry["tags"] as? String ?? "").split(separator: ",").map(String.init)
            found[entry["uri"] as? String ?? ""] = (entry["title"] as? String ?? "", tags)
        }
        return found
    }
}
