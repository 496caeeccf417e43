import Cardport
import CardportCore
import CardportStore
import CardportTestSupport
import Foundation
import Testing

@Suite struct BackupTests {
    @Test func backupRestoreIntoAnEmptyStoreAndBackupAgainGivesTheSameBytes() throws {
        let directory = try TemporaryDirectory()
        let original = try Store(path: directory.file("original.sqlite"))
        let importing = Importing(registry: .standard, store: original)
        for sample in ["backup.json", "kindle-clippings.txt", "mixed.jsonl", "study-topics.opml", "favourites.json"] {
            _ = try importing.run(ImportRequest(inputs: [PackagePaths.sample(sample)]))
        }
        _ = try original.write { try $0.setArchived(true, CardFilter(author: "Seneca")) }
        let first = try Backup(store: original).write(to: directory.file("first.json"))

        let restored = try Store(path: directory.file("restored.sqlite"))
        _ = try Restoring(store: restored).run(directory.file("first.json"), mode: nil)
        let second = try Backup(store: restored).write(to: directory.file("second.json"))

        let bytes = try Data(contentsOf: URL(fileURLWithPath: directory.file("first.json")))
        #expect(bytes == (try Data(contentsOf: URL(fileURLWithPath: directory.file("second.json")))))
        #expect(first.records == second.records)
        #expect(first.checksum == second.checksum)
        #expect(first.provenance == 5)
        #expect(try restored.read { try $0.statistics() }.archived > 0)
    }

    private func exported(_ store: Store, _ directory: TemporaryDirectory) throws -> String {
        let path = directory.file("export-\(UUID().uuidString).jsonl")
        _ = try Exporting(registry: .standard, store: store).run(output: path, filter: CardFilter(archived: .include))
        return try String(contentsOfFile: path, encoding: .utf8)
    }

    @Test func aRestoredStoreSyncsItsSourcesAsTheOriginalDoes() throws {
        let directory = try TemporaryDirectory()
        let input = directory.file("cards.jsonl")
        try FileManager.default.copyItem(atPath: PackagePaths.sample("sync-cards-v1.jsonl"), toPath: input)
        let original = try Store(path: directory.file("original.sqlite"))
        _ = try Importing(registry: .standard, store: original).run(ImportRequest(inputs: [input, PackagePaths.sample("sync-clippings-v1.txt")]))
        let summary = try Backup(store: original).write(to: directory.file("backup.json"))
        #expect(summary.origins == 3 + 2)
        let restored = try Store(path: directory.file("restored.sqlite"))
        _ = try Restoring(store: restored).run(directory.file("backup.json"), mode: nil)

        // The source changes: a tag removed, a favourite cleared, a card gone (archived by --mirror).
        // Only a store that knows the cards' origins sees the removals and the card gone.
        try FileManager.default.removeItem(atPath: input)
        try FileManager.default.copyItem(atPath: PackagePaths.sample("sync-cards-v2.jsonl"), toPath: input)
        let request = ImportRequest(inputs: [input], policy: .incoming, mirror: true)
        let first = try Importing(registry: .standard, store: original).run(request)
        let second = try Importing(registry: .standard, store: restored).run(request)
        #expect(second.sync.map(\.updatedFromSource) == [2])
        #expect(second.sync.map(\.archived) == [1])
        #expect(second.sync == first.sync)
        #expect(try exported(restored, directory) == (try exported(original, directory)))
        let sources = try restored.read { try $0.statistics() }.sources
        #expect(sources.map(\.cardsHeld) == [3, 2, 0])
    }

    @Test func aBackupOfAStoreWithoutOriginsIsAVersion1Document() throws {
        let directory = try TemporaryDirectory()
        let store = try Store(path: directory.file("store.sqlite"))
        try store.write { _ = try $0.upsert(.citation(Citation(text: "Carpe diem.")), policy: .newest, provenance: nil) }
        _ = try Backup(store: store).write(to: directory.file("backup.json"))
        let text = try String(contentsOfFile: directory.file("backup.json"), encoding: .utf8)
        #expect(text.hasPrefix("{\n  \"format\": \"cardport\",\n  \"version\": 1,\n"))
        #expect(!text.contains("\"origins\""))
    }

    @Test func verifyRefusesAnOriginThatNamesACardTheBackupDoesNotHold() throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("backup.json")
        let body = """
            {
              "format": "cardport",
              "version": 2,
              "citations": [
                {"id":"1","text":"Carpe diem."}
              ],
              "sources": [
                {"key":"jsonl:/cards.jsonl","format":"jsonl"}
              ],
              "origins": [
                {"source":0,"item":"000000000000000a000000000000000b","kind":"citation","card":1,"digest":7}
              ],
              "checksum": 
            """
        // The checksum covers every byte before its opening quote; coreutils computes it.
        try body.write(toFile: path, atomically: true, encoding: .utf8)
        let sum = try ExternalProgram.run("/usr/bin/sha256sum", [path])
        let digest = String(sum.output.prefix(64))
        try (body + "\"sha256:\(digest)\"\n}\n").write(toFile: path, atomically: true, encoding: .utf8)
        #expect(throws: CardportError.self) { _ = try BackupVerification.verify(path) }
        do {
            _ = try BackupVerification.verify(path)
        } catch {
            #expect(error.message == "\(path): an origin names a source or a citation the backup does not hold (source 0, card 1)")
        }
    }
}
