import Cardport
import CardportCore
import CardportStore
import CardportTestSupport
import Foundation
import Testing

/// A backup restored into an empty store gives back everything the store held. The store's tables
/// are read with the `sqlite3` program, by natural keys (card ids, tag names, source keys) rather
/// than row numbers, so the comparison does not go through the code that writes or reads backups.
@Suite struct BackupFidelityTests {
    /// One query per thing a store holds, each row named by natural keys and ordered by them.
    static let contents: [(name: String, sql: String)] = [
        ("citations", """
            SELECT id, key_high, key_low, text, author, source, favourite, archived, created_at, updated_at,
                   note, page, location_start, location_end FROM citation ORDER BY id
            """),
        ("citation tags", """
            SELECT c.id, l.position, t.name FROM citation_tag l JOIN citation c ON c.pk = l.citation
            JOIN tag t ON t.pk = l.tag ORDER BY 1, 2
            """),
        ("bookmarks", "SELECT id, key_high, key_low, name, text, created_at, updated_at FROM bookmark ORDER BY id"),
        ("bookmark tags", """
            SELECT b.id, l.position, t.name FROM bookmark_tag l JOIN bookmark b ON b.pk = l.bookmark
            JOIN tag t ON t.pk = l.tag ORDER BY 1, 2
            """),
        ("tasks", "SELECT id, key_high, key_low, description, progress, created_at, updated_at FROM task ORDER BY id"),
        ("topics", "SELECT id, key_high, key_low, title, due, status, notes, created_at, updated_at FROM topic ORDER BY id"),
        ("topic links", "SELECT t.id, l.position, l.url FROM topic_link l JOIN topic t ON t.pk = l.topic ORDER BY 1, 2"),
        ("topic questions", """
            SELECT t.id, q.position, q.text, q.answer, q.done FROM topic_question q JOIN topic t ON t.pk = q.topic ORDER BY 1, 2
            """),
        ("extras", """
            SELECT e.kind, CASE e.kind WHEN 'citation' THEN (SELECT id FROM citation WHERE pk = e.owner)
                   WHEN 'bookmark' THEN (SELECT id FROM bookmark WHERE pk = e.owner)
                   WHEN 'task' THEN (SELECT id FROM task WHERE pk = e.owner)
                   ELSE (SELECT id FROM topic WHERE pk = e.owner) END AS card, e.key, e.value
            FROM extra e ORDER BY 1, 2, 3
            """),
        ("tags", "SELECT name, key_high, key_low, colour FROM tag ORDER BY name"),
        ("settings", "SELECT show_favourite_on_top, appearance, language FROM settings"),
        ("widget tags", "SELECT position, name FROM settings_widget_tag ORDER BY position"),
        ("provenance", """
            SELECT source, sha256, format, imported_at, read, added, updated, unchanged, duplicates, rejected
            FROM provenance ORDER BY imported_at, source
            """),
    ]

    /// Each card's digest of its content, which a later import compares to tell an update from no change.
    static let digests = """
        SELECT 'citation', id, digest FROM citation UNION ALL SELECT 'bookmark', id, digest FROM bookmark
        UNION ALL SELECT 'task', id, digest FROM task UNION ALL SELECT 'topic', id, digest FROM topic ORDER BY 1, 2
        """

    /// Which import each card came from, by the import's source and time.
    static let cardProvenance = """
        SELECT 'citation', c.id, p.source, p.imported_at FROM citation c LEFT JOIN provenance p ON p.pk = c.provenance
        UNION ALL SELECT 'bookmark', b.id, p.source, p.imported_at FROM bookmark b LEFT JOIN provenance p ON p.pk = b.provenance
        UNION ALL SELECT 'task', t.id, p.source, p.imported_at FROM task t LEFT JOIN provenance p ON p.pk = t.provenance
        UNION ALL SELECT 'topic', t.id, p.source, p.imported_at FROM topic t LEFT JOIN provenance p ON p.pk = t.provenance
        ORDER BY 1, 2
        """

    /// What each source last gave, by source key and item: what `import --sync` and the Kindle replay rely on.
    static let origins = """
        SELECT s.key, s.format, o.item_high, o.item_low, o.kind,
               CASE o.kind WHEN 'citation' THEN (SELECT id FROM citation WHERE pk = o.card)
               WHEN 'bookmark' THEN (SELECT id FROM bookmark WHERE pk = o.card)
               WHEN 'task' THEN (SELECT id FROM task WHERE pk = o.card)
               ELSE (SELECT id FROM topic WHERE pk = o.card) END AS card,
               o.digest, o.base, o.book, o.location_start, o.location_end
        FROM origin o JOIN source s ON s.pk = o.source ORDER BY 1, 3, 4
        """

    /// A store with every kind, tags, settings, archived cards, several imports and a source seen twice.
    static func original(in directory: TemporaryDirectory) throws -> Store {
        let store = try Store(path: directory.file("original.sqlite"))
        let importing = Importing(registry: .standard, store: store)
        for sample in ["backup.json", "kindle-clippings.txt", "mixed.jsonl", "study-topics.opml", "favourites.json",
                       "firefox-bookmarks.html"] {
            _ = try importing.run(ImportRequest(inputs: [PackagePaths.sample(sample)]))
        }
        // The same file at two versions: the second import updates cards and keeps their origins' bases.
        let clippings = directory.file("My Clippings.txt")
        try FileManager.default.copyItem(atPath: PackagePaths.sample("sync-clippings-v1.txt"), toPath: clippings)
        _ = try importing.run(ImportRequest(inputs: [clippings]))
        try FileManager.default.removeItem(atPath: clippings)
        try FileManager.default.copyItem(atPath: PackagePaths.sample("sync-clippings-v2.txt"), toPath: clippings)
        _ = try importing.run(ImportRequest(inputs: [clippings]))
        _ = try store.write { try $0.setArchived(true, CardFilter(author: "Seneca")) }
        return store
    }

    static func query(_ path: String, _ sql: String) throws -> String {
        guard let sqlite = ExternalProgram.find("sqlite3", package: "sqlite3") else { return "" }
        let result = try ExternalProgram.run(sqlite, ["-readonly", "-cmd", ".mode quote", path, sql])
        #expect(result.status == 0, "sqlite3: \(result.errors)")
        return result.output
    }

    @Test func aRestoredStoreHoldsEverythingTheOriginalHeld() throws {
        let directory = try TemporaryDirectory()
        let original = try Self.original(in: directory)
        _ = try Backup(store: original).write(to: directory.file("backup.json"))
        let restored = try Store(path: directory.file("restored.sqlite"))
        _ = try Restoring(store: restored).run(directory.file("backup.json"), mode: nil)
        for (name, sql) in Self.contents {
            let before = try Self.query(directory.file("original.sqlite"), sql)
            #expect(!before.isEmpty, "the original store holds no \(name): the comparison would prove nothing")
            #expect(try Self.query(directory.file("restored.sqlite"), sql) == before, "\(name) differ after a restore")
        }
        // What each source last gave, and which import added each card, come back too: a restored
        // store re-imports its sources as the original does.
        let origins = try Self.query(directory.file("original.sqlite"), Self.origins)
        #expect(origins.split(separator: "\n").count > 10)
        #expect(try Self.query(directory.file("restored.sqlite"), Self.origins) == origins, "origins differ after a restore")
        let provenance = try Self.query(directory.file("original.sqlite"), Self.cardProvenance)
        #expect(!provenance.split(separator: "\n").contains { $0.hasSuffix(",NULL,NULL") })
        #expect(try Self.query(directory.file("restored.sqlite"), Self.cardProvenance) == provenance,
                "cards are tied to other imports after a restore")
        // A card's digest is of its tags as the store keeps them (a bookmark tagged "Swift" and
        // "swift" links one tag twice), so the restored card has the original's digest and a
        // re-import of the same file finds it unchanged.
        let digests = try Self.query(directory.file("original.sqlite"), Self.digests)
        #expect(!digests.isEmpty)
        #expect(try Self.query(directory.file("restored.sqlite"), Self.digests) == digests, "digests differ after a restore")
    }

    @Test(arguments: ["json", "jsonl", "md", "csv", "opml"])
    func exportingTheRestoredStoreGivesTheSameBytes(format: String) throws {
        let directory = try TemporaryDirectory()
        let original = try Self.original(in: directory)
        _ = try Backup(store: original).write(to: directory.file("backup.json"))
        let restored = try Store(path: directory.file("restored.sqlite"))
        _ = try Restoring(store: restored).run(directory.file("backup.json"), mode: nil)
        for (name, store) in [("original", original), ("restored", restored)] {
            _ = try Exporting(registry: .standard, store: store)
                .run(output: directory.file("\(name).\(format)"), filter: .everything)
        }
        let before = try Data(contentsOf: URL(fileURLWithPath: directory.file("original.\(format)")))
        #expect(before.count > 1000)
        #expect(try Data(contentsOf: URL(fileURLWithPath: directory.file("restored.\(format)"))) == before)
    }
}
