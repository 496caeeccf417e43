import Cardport
import CardportCore
import CardportStore
import CardportTestSupport
import Foundation
import Testing

/// Importing what e-readers keep, in one command per device or library: a folder of KOReader
/// sidecars, a Kobo database, Boox, calibre and Apple Books files; and importing it again adds nothing.
@Suite struct EReaderImportTests {
    @Test func importingAReaderFolderTwiceAddsNothingTheSecondTime() throws {
        let directory = try TemporaryDirectory()
        let store = try Store(path: directory.file("store.sqlite"))
        let importing = Importing(registry: .standard, store: store)
        let request = ImportRequest(inputs: [PackagePaths.sample("koreader"), PackagePaths.sample("koreader-export.json"),
                                             PackagePaths.sample("boox-reading-notes.txt"),
                                             PackagePaths.sample("calibre-highlights.calibre_highlights")])
        let first = try importing.run(request)
        let second = try importing.run(request)
        // 3 + 2 sidecar citations, 3 exported, 3 Boox, 2 calibre.
        #expect(first.report.total.read == 13)
        #expect(first.report.total.added > 0)
        #expect(second.report.total.added == 0 && second.report.total.updated == 0)
        #expect(second.report.total.unchanged == second.report.total.read)
    }

    @Test func aNoteEditedOnTheDeviceKeepsTheCardsID() throws {
        // The id comes from KOReader's creation time, so the edited highlight is the same card.
        let directory = try TemporaryDirectory()
        let sidecar = "return { [\"partial_md5_checksum\"] = \"abc\", [\"doc_props\"] = { [\"title\"] = \"T\" }, [\"annotations\"] = { { [\"datetime\"] = \"2024-01-01 10:00:00\", [\"drawer\"] = \"lighten\", [\"text\"] = \"kept text\", [\"note\"] = \"NOTE\" } } }"
        try FileManager.default.createDirectory(atPath: directory.file("T.sdr"), withIntermediateDirectories: true)
        let path = try directory.write("T.sdr/metadata.epub.lua", sidecar.replacingOccurrences(of: "NOTE", with: "first thought"))
        let conversion = Conversion(registry: .standard)
        _ = try conversion.run(ConversionRequest(inputs: [directory.file("T.sdr")], destination: .file(directory.file("a.jsonl"))))
        try sidecar.replacingOccurrences(of: "NOTE", with: "second thought").write(toFile: path, atomically: true, encoding: .utf8)
        _ = try conversion.run(ConversionRequest(inputs: [directory.file("T.sdr")], destination: .file(directory.file("b.jsonl"))))
        func id(_ name: String) throws -> String? {
            let line = try directory.read(name)
            return line.range(of: "\"id\":\"").map { String(line[$0.upperBound...].prefix(36)) }
        }
        #expect(try id("a.jsonl") != nil)
        #expect(try id("a.jsonl") == id("b.jsonl"))
        #expect(try directory.read("b.jsonl").contains("second thought"))
    }

    /// The item is the reader's own id: a highlight lengthened on the device updates its card, and
    /// one deleted there is archived by `--mirror`.
    @Test func aHighlightChangedOrDeletedOnTheDeviceSyncs() throws {
        let directory = try TemporaryDirectory()
        func sidecar(_ annotations: [(time: String, text: String)]) -> String {
            let entries = annotations.map { "{ [\"datetime\"] = \"\($0.time)\", [\"drawer\"] = \"lighten\", [\"text\"] = \"\($0.text)\" }" }
            return "return { [\"doc_props\"] = { [\"title\"] = \"Ficciones\", [\"authors\"] = \"Jorge Luis Borges\" }, "
                + "[\"annotations\"] = { \(entries.joined(separator: ", ")) } }"
        }
        try FileManager.default.createDirectory(atPath: directory.file("Ficciones.sdr"), withIntermediateDirectories: true)
        let path = directory.file("Ficciones.sdr/metadata.epub.lua")
        try sidecar([("2024-01-01 10:00:00", "Truth is a matter of the imagination."),
                     ("2024-01-01 10:05:00", "The universe is composed of galleries.")])
            .write(toFile: path, atomically: true, encoding: .utf8)
        let store = try Store(path: directory.file("store.sqlite"))
        let importing = Importing(registry: .standard, store: store)
        let request = ImportRequest(inputs: [directory.file("Ficciones.sdr")])
        #expect(try importing.run(request).report.total.added == 2)
        // On the device: the first highlight lengthened (KOReader keeps its creation time).
        try sidecar([("2024-01-01 10:00:00", "Truth is a matter of the imagination. The soundest fact may fail."),
                     ("2024-01-01 10:05:00", "The universe is composed of galleries.")])
            .write(toFile: path, atomically: true, encoding: .utf8)
        let changed = try importing.run(request)
        #expect(changed.report.total.added == 0 && changed.report.total.updated == 1)
        // Then the second deleted.
        try sidecar([("2024-01-01 10:00:00", "Truth is a matter of the imagination. The soundest fact may fail.")])
            .write(toFile: path, atomically: true, encoding: .utf8)
        var mirrored = request
        mirrored.mirror = true
        #expect(try importing.run(mirrored).sync.map(\.archived) == [1])
        let cards = try store.read { (reader) in
            var all: [(String, Bool)] = []
            try reader.forEach(CardFilter(kinds: [.citation], archived: .include)) {
                if case .citation(let c) = $0 { all.append((c.text, c.isArchived)) }
            }
            return all
        }
        #expect(cards.map(\.0) == ["Truth is a matter of the imagination. The soundest fact may fail.",
                                   "The universe is composed of galleries."])
        #expect(cards.map(\.1) == [false, true])
    }
}
