import Cardport
import CardportCore
import CardportStore
import CardportTestSupport
import Testing

@Suite struct PurgingTests {
    @Test func aDryRunCountsAndDeletesNothingThenThePurgeDeletes() throws {
        let directory = try TemporaryDirectory()
        let file = StoreFile(path: directory.file("store.sqlite"))
        _ = try Importing(registry: .standard, opening: file).run(ImportRequest(inputs: [PackagePaths.sample("backup.json")]))
        // backup.json holds one archived citation (Sartre's) among 7.
        #expect(try Purging(opening: file).run(filter: CardFilter(archived: .only), dryRun: true) == 1)
        #expect(try Listing(opening: file).run(filter: CardFilter(kinds: [.citation], archived: .include)).count == 7)
        #expect(try Purging(opening: file).run(filter: CardFilter(archived: .only), dryRun: false) == 1)
        #expect(try Listing(opening: file).run(filter: CardFilter(kinds: [.citation], archived: .include)).count == 6)
    }

    @Test func onlyArchivedCitationsAreEverDeleted() throws {
        let directory = try TemporaryDirectory()
        let file = StoreFile(path: directory.file("store.sqlite"))
        _ = try Importing(registry: .standard, opening: file).run(ImportRequest(inputs: [PackagePaths.sample("backup.json")]))
        // Aristotle's two citations are not archived: the archive filter leaves them alone.
        #expect(try Purging(opening: file).run(filter: CardFilter(archived: .only, author: "aristotle"), dryRun: false) == 0)
        #expect(try Listing(opening: file).run(filter: CardFilter(author: "aristotle")).count == 2)
    }
}
