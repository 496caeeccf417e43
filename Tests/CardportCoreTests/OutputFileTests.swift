import CardportCore
import CardportTestSupport
import Foundation
import Testing

@Suite struct OutputFileTests {
    let temporary: TemporaryDirectory
    var directory: String { temporary.path }

    init() throws {
        temporary = try TemporaryDirectory()
    }

    private func entries() throws -> [String] {
        temporary.entries
    }

    @Test func appearsOnlyOnCommit() throws {
        let path = directory + "/out.json"
        let file = try OutputFile(path: path)
        try file.output.write("hello")
        try file.output.flush()
        #expect(!FileManager.default.fileExists(atPath: path))
        try file.commit()
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "hello")
        #expect(try entries() == ["out.json"])
    }

    @Test func discardLeavesAnExistingFileAlone() throws {
        let path = directory + "/keep.json"
        try "original".write(toFile: path, atomically: true, encoding: .utf8)
        do {
            let file = try OutputFile(path: path)
            try file.output.write(String(repeating: "new", count: 1_000_000))
            // Dropped without a commit, as when a conversion fails.
        }
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "original")
        #expect(try entries() == ["keep.json"])
    }

    @Test func keepsThePermissionsOfAReplacedFile() throws {
        let path = directory + "/mode.json"
        try "x".write(toFile: path, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o640], ofItemAtPath: path)
        let file = try OutputFile(path: path)
        try file.commit()
        let mode = try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int
        #expect(mode == 0o640)
    }

    @Test func aMissingDirectoryIsAClearError() throws {
        #expect {
            try OutputFile(path: directory + "/missing/out.json")
        } throws: { error in
            let error = error as! CardportError
            return error.code == .io && error.message.hasSuffix("the directory '\(directory)/missing' does not exist")
        }
    }
}
