import CardportCore
import CardportTestSupport
import Foundation
import Testing

@Suite struct OutputDirectoryTests {
    @Test func filesAppearOnlyOnCommit() throws {
        let folder = try TemporaryDirectory()
        try folder.write("Old.md", "old")
        let directory = try OutputDirectory(path: folder.path)
        try directory.addFile(named: "A.md") { output throws(CardportError) in try output.write("a") }
        try directory.addFile(named: "Old.md") { output throws(CardportError) in try output.write("new") }
        // Only the hidden staging folder is there until the commit.
        #expect(folder.entries.filter { !$0.hasPrefix(".cardport-") } == ["Old.md"])
        #expect(try folder.read("Old.md") == "old")
        try directory.commit()
        #expect(folder.entries == ["A.md", "Old.md"])
        #expect(try folder.read("A.md") == "a")
        #expect(try folder.read("Old.md") == "new")
    }

    @Test func discardRemovesEverythingStaged() throws {
        let folder = try TemporaryDirectory()
        do {
            let directory = try OutputDirectory(path: folder.path)
            try directory.addFile(named: "A.md") { output throws(CardportError) in try output.write("a") }
            #expect(directory.contains("a.MD"))
            #expect(directory.names == ["A.md"])
        }
        #expect(folder.entries.isEmpty)
    }

    @Test func aFailingFileIsNotAdded() throws {
        let folder = try TemporaryDirectory()
        let directory = try OutputDirectory(path: folder.path)
        #expect(throws: CardportError.self) {
            try directory.addFile(named: "B.md") { _ throws(CardportError) in
                throw CardportError(.io, "disk full")
            }
        }
        #expect(directory.names.isEmpty)
        try directory.commit()
        #expect(folder.entries.isEmpty)
    }

    @Test func aMissingDestinationIsAnError() {
        #expect(throws: CardportError.self) { try OutputDirectory(path: "/nonexistent/cardport/notes") }
    }
}
