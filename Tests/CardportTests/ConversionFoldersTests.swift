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

    @Test func readsAMountedKoboWithKOReaderInOneCommand() throws {
        let device = try TemporaryDirectory()
        try FileManager.default.createDirectory(atPath: device.file(".kobo"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: device.file(".adds/koreader/docsettings/mnt/onboard/Books/A.sdr"),
                                                withIntermediateDirectories: true)
        guard let sqlite3 = ExternalProgram.find("sqlite3", package: "sqlite3") else { return }
        let made = try ExternalProgram.run(sqlite3, [device.file(".kobo/KoboReader.sqlite"), """
            CREATE TABLE content (ContentID TEXT, ContentType TEXT, Title TEXT, Attribution TEXT, VolumeIndex INTEGER);
            CREATE TABLE Bookmark (BookmarkID TEXT, VolumeID TEXT, ContentID TEXT, StartContainerPath TEXT, StartOffset INTEGER,
                EndContainerPath TEXT, EndOffset INTEGER, Text TEXT, Annotation TEXT, DateCreated TEXT, ChapterProgress REAL,
                DateModified TEXT, Hidden BOOL, Type TEXT);
            INSERT INTO content VALUES ('file:///mnt/onboard/Books/B.epub', '6', 'B', 'Author B', -1);
            INSERT INTO Bookmark VALUES ('k1', 'file:///mnt/onboard/Books/B.epub', 'x', 'p#point(/1:0)', 0, 'p#point(/1:5)', 0,
                'from the Kobo reader', NULL, '2024-01-01T00:00:00.000', 0.1, NULL, 'false', 'highlight');
            """])
        #expect(made.status == 0, "\(made.errors)")
        try device.write(".adds/koreader/docsettings/mnt/onboard/Books/A.sdr/metadata.epub.lua",
                         "return { [\"annotations\"] = { { [\"datetime\"] = \"2024-01-01 10:00:00\", [\"drawer\"] = \"lighten\", [\"text\"] = \"from KOReader\" } } }")
        let output = try TemporaryDirectory()
        let report = try conversion.run(ConversionRequest(inputs: [device.path], destination: .file(output.file("out.jsonl"))))
        #expect(report.inputs.map(\.format) == ["koreader", "kobo"])
        #expect(report.recordsWritten == 2)
        let written = try output.read("out.jsonl")
        #expect(written.contains("from the Kobo reader") && written.contains("from KOReader"))
        // Reading left nothing beside the database.
        #expect(try FileManager.default.contentsOfDirectory(atPath: device.file(".kobo")) == ["KoboReader.sqlite"])
    }

    @Test func readsAKoboDatabaseNamedDirectlyOrWithFrom() throws {
        guard let sqlite3 = ExternalProgram.find("sqlite3", package: "sqlite3") else { return }
        let directory = try TemporaryDirectory()
        let schema = "CREATE TABLE content (ContentID TEXT, ContentType TEXT, Title TEXT, Attribution TEXT); CREATE TABLE Bookmark (BookmarkID TEXT, VolumeID TEXT, ContentID TEXT, Text TEXT, Annotation TEXT, DateCreated TEXT); INSERT INTO Bookmark VALUES ('k', 'v', 'c', 'hello', NULL, NULL);"
        for name in ["KoboReader.sqlite", "backup.sqlite"] {
            #expect(try ExternalProgram.run(sqlite3, [directory.file(name), schema]).status == 0)
        }
        let named = try conversion.run(ConversionRequest(inputs: [directory.file("KoboReader.sqlite")], destination: .file(directory.file("a.jsonl"))))
        #expect(named.inputs.map(\.format) == ["kobo"] && named.recordsWritten == 1)
        let chosen = try conversion.run(ConversionRequest(inputs: [directory.file("backup.sqlite")], destination: .file(directory.file("b.jsonl")),
                                                          from: "kobo"))
        #expect(chosen.recordsWritten == 1)
    }

    @Test func aFolderWithNothingToReadIsAnError() throws {
        let directory = try TemporaryDirectory()
        try directory.write("notes.txt", "hello")
        let error = #expect(throws: CardportError.self) {
            try conversion.run(ConversionRequest(inputs: [directory.path], destination: .file(directory.file("out.jsonl"))))
        }
        #expect(error?.code == .fileNotFound)
        #expect(error?.message == "the folder '\(directory.path)' holds no file Cardport reads from folders")
        #expect(error?.hint?.contains("metadata.*.lua, KoboReader.sqlite, AEAnnotation*.sqlite") == true)
    }
}
