import Cardport
import CardportCore
import CardportTestSupport
import Foundation
import Testing

/// A folder given as an input (a mounted e-reader, a library, one book's `.sdr` folder) is read as
/// the files in it that a format looks for in folders.
@Suite struct ConversionFoldersTests {
    let conversion = Conversion(registry: .standard)

    @Test func readsEverySidecarInAFolderInNameOrder() throws {
        let directory = try TemporaryDirectory()
        let report = try conversion.run(ConversionRequest(inputs: [PackagePaths.sample("koreader")],
                                                          destination: .file(directory.file("out.jsonl"))))
        #expect(report.inputs.map(\.path) == [
            PackagePaths.sample("koreader/Meditations.sdr/metadata.epub.lua"),
            PackagePaths.sample("koreader/Анна Каренина.sdr/metadata.fb2.lua"),
        ])
        #expect(report.inputs.allSatisfy { $0.format == "koreader" })
        #expect(report.recordsWritten == 5)
    }

    @Test func skipsKOReadersBackupsAndOtherFiles() throws {
        let directory = try TemporaryDirectory()
        try FileManager.default.createDirectory(atPath: directory.file("device/books/A.sdr"), withIntermediateDirectories: true)
        let sidecar = "return { [\"annotations\"] = { { [\"datetime\"] = \"2024-01-01 10:00:00\", [\"drawer\"] = \"lighten\", [\"text\"] = \"kept\" } } }"
        try directory.write("device/books/A.sdr/metadata.epub.lua", sidecar)
        try directory.write("device/books/A.sdr/metadata.epub.lua.old", sidecar.replacingOccurrences(of: "kept", with: "old"))
        try directory.write("device/books/A.epub", "not a sidecar")
        try directory.write("device/books/notes.txt", "not looked at")
        let report = try conversion.run(ConversionRequest(inputs: [directory.file("device")],
                                                          destination: .file(directory.file("out.jsonl"))))
        #expect(report.inputs.map(\.path) == [directory.file("device/books/A.sdr/metadata.epub.lua")])
        let written = try directory.read("out.jsonl")
        #expect(written.contains("\"text\":\"kept\"") && !written.contains("\"old\""))
    }

    @Test func aFolderWithNothingToReadIsAnError() throws {
        let directory = try TemporaryDirectory()
        try directory.write("notes.txt", "hello")
        let error = #expect(throws: CardportError.self) {
            try conversion.run(ConversionRequest(inputs: [directory.path], destination: .file(directory.file("out.jsonl"))))
        }
        #expect(error?.code == .fileNotFound)
        #expect(error?.message == "the folder '\(directory.path)' holds no file Cardport reads from folders")
        #expect(error?.hint?.contains("metadata.*.lua") == true)
    }
}
