import Cardport
import CardportCore
import CardportStore
import CardportTestSupport
import Testing

@Suite struct ArchivingTests {
    /// A store holding Samples/backup.json: 7 citations, 1 of them (Sartre's) archived.
    private static func store(in directory: TemporaryDirectory) throws -> StoreFile {
        let file = StoreFile(path: directory.file("store.sqlite"))
        _ = try Importing(registry: .standard, opening: file).run(ImportRequest(inputs: [PackagePaths.sample("backup.json")]))
        return file
    }

    @Test func archivesByIDPrefixAndBringsBack() throws {
        let directory = try TemporaryDirectory()
        let file = try Self.store(in: directory)
        #expect(try Archiving(opening: file).run(archive: true, filter: CardFilter(ids: ["1174c3"])) == 1)
        let archived = try Listing(opening: file).run(filter: CardFilter(archived: .only), shortIDs: false)
        #expect(Set(archived.map(\.record.id)) == ["1174c354-b723-86f2-a358-835699a05e76", "f50daaa6-7908-8b31-9ff6-7747cb5ee956"])
        #expect(try Archiving(opening: file).run(archive: false, filter: CardFilter(archived: .only, ids: ["1174c3"])) == 1)
        #expect(try Listing(opening: file).run(filter: CardFilter(archived: .only)).count == 1)
    }

    @Test func archivesWhatTheFiltersSelect() throws {
        let directory = try TemporaryDirectory()
        let file = try Self.store(in: directory)
        // Two citations by Aristotle, neither archived.
        #expect(try Archiving(opening: file).run(archive: true, filter: CardFilter(author: "aristotle")) == 2)
        #expect(try Listing(opening: file).run(filter: CardFilter(archived: .only)).count == 3)
    }

    @Test func anUnknownPrefixChangesNothing() throws {
        let directory = try TemporaryDirectory()
        let file = try Self.store(in: directory)
        #expect(throws: CardportError.self) {
            _ = try Archiving(opening: file).run(archive: true, filter: CardFilter(ids: ["ffffff"]))
        }
        #expect(try Listing(opening: file).run(filter: CardFilter(archived: .only)).count == 1)
    }
}
