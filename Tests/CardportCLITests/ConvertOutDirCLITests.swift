import CardportTestSupport
import Foundation
import Testing

/// `convert … --out-dir DIR`: one output per input, named after it.
@Suite struct ConvertOutDirCLITests {
    @Test func koreaderSidecarsAreNamedAfterTheirBooks() throws {
        // Every book's sidecar is `metadata.epub.lua`: named after the file, a library's outputs
        // would all be `metadata.epub.jsonl`.
        let scratch = try TemporaryDirectory()
        let sidecar = try String(contentsOfFile: PackagePaths.root + "/Samples/koreader/Meditations.sdr/metadata.epub.lua", encoding: .utf8)
        for book in ["Stoics/Meditations", "Letters/Letters from a Stoic"] {
            try FileManager.default.createDirectory(atPath: scratch.file("Books/\(book).sdr"), withIntermediateDirectories: true)
            try scratch.write("Books/\(book).sdr/metadata.epub.lua", sidecar)
        }
        let result = try CLIRunner.run(["convert", scratch.file("Books"), "--out-dir", scratch.file("out"), "--to", "jsonl", "-q"])
        #expect(result == CLIRunner.Result(status: 0, stdout: "", stderr: ""))
        #expect(try FileManager.default.contentsOfDirectory(atPath: scratch.file("out")).sorted()
                == ["Letters from a Stoic.jsonl", "Meditations.jsonl"])
        // Two books of one name in two folders still cannot share an output.
        try FileManager.default.createDirectory(atPath: scratch.file("Books/Other/Meditations.sdr"), withIntermediateDirectories: true)
        try scratch.write("Books/Other/Meditations.sdr/metadata.epub.lua", sidecar)
        let clash = try CLIRunner.run(["convert", scratch.file("Books"), "--out-dir", scratch.file("again"), "--to", "jsonl"])
        #expect(clash == CLIRunner.Result(status: 64, stdout: "", stderr: """
            error: '\(scratch.file("Books/Other/Meditations.sdr/metadata.epub.lua"))' and '\(scratch.file("Books/Stoics/Meditations.sdr/metadata.epub.lua"))' would both be written to '\(scratch.file("again/Meditations.jsonl"))'
              hint: convert them in separate runs or rename one

            """))
        #expect(!FileManager.default.fileExists(atPath: scratch.file("again")))
    }
}
