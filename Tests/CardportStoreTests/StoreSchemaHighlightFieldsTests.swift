import CardportCore
import CardportStore
import CardportTestSupport
import Foundation
import GRDB
import Testing

/// Migration `6-highlight-fields`, and the fields it adds, through the store.
@Suite struct StoreSchemaHighlightFieldsTests {
    static let highlight = Citation(text: "Call me Ishmael.", source: "Moby-Dick", chapter: "Loomings", colour: "yellow",
                                    position: "epubcfi(/6/4!/4/2/1:0)", sourceID: "b-1", extras: ["position_end": "x"])

    @Test func aCitationKeepsItsHighlightFieldsInTheStore() throws {
        let directory = try TemporaryDirectory()
        let store = try Store(path: directory.file("store.sqlite"))
        let added = try store.write { try $0.upsert(.citation(Self.highlight), policy: .newest, provenance: nil) }
        #expect(added == .added)
        #expect(try StoreTransactionOriginsTests.citations(store) == [Self.highlight])
        let again = try store.write { try $0.upsert(.citation(Self.highlight), policy: .newest, provenance: nil) }
        #expect(again == .unchanged)
        var recoloured = Self.highlight
        recoloured.colour = "blue"
        #expect(try store.write { try $0.upsert(.citation(recoloured), policy: .incoming, provenance: nil) } == .updated)
        #expect(try StoreTransactionOriginsTests.citations(store).map(\.colour) == ["blue"])
    }

    /// A store made before migration 6 kept these fields in extras: they move to their columns, and
    /// the card's digest is made again, so the same highlight read today is unchanged.
    @Test func migrationSixMovesTheFieldsOutOfExtras() throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("store.sqlite")
        let old = Citation(text: "Call me Ishmael.", source: "Moby-Dick", extras: [
            "chapter": "Loomings", "color": "yellow", "position": "epubcfi(/6/4!/4/2/1:0)", "source_id": "b-1",
            "position_end": "x",
        ])
        var both = Citation(text: "Some years ago.", extras: ["colour": "blue", "color": "#0000ff"])
        both.id = "both"
        try Store(path: path).write { (t) in
            _ = try t.upsert(.citation(old), policy: .newest, provenance: nil)
            _ = try t.upsert(.citation(both), policy: .newest, provenance: nil)
        }
        // Take the store back to what migration 5 left.
        try DatabaseQueue(path: path).write { (db) in
            try db.execute(sql: """
                ALTER TABLE citation DROP COLUMN chapter; ALTER TABLE citation DROP COLUMN colour;
                ALTER TABLE citation DROP COLUMN position; ALTER TABLE citation DROP COLUMN source_id;
                DELETE FROM grdb_migrations WHERE identifier = '6-highlight-fields'
                """)
        }
        let store = try Store(path: path)
        var expected = Self.highlight
        expected.id = old.id
        var moved = both
        moved.colour = "blue"
        moved.extras = ["color": "#0000ff"]
        #expect(try StoreTransactionOriginsTests.citations(store) == [expected, moved])
        #expect(try store.write { try $0.upsert(.citation(expected), policy: .newest, provenance: nil) } == .unchanged)
        #expect(try store.integrityCheck() == ["ok"])
    }
}
