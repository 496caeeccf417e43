import Cardport
import CardportCore
import CardportStore
import CardportTestSupport
import Foundation
import Testing

/// An import checks the pages of a store that holds cards while it reads and writes, and commits
/// only when the check finds them sound.
@Suite struct PageCheckTests {
    /// A store of 3,000 citations made by an import, and a second input of new ones.
    private func storeWithCards(in directory: TemporaryDirectory) throws -> (store: StoreFile, more: String) {
        let lines = (0..<3000).map { "{\"text\":\"Citation number \($0), long enough to fill pages of the store.\"}" }
        let first = try directory.write("first.jsonl", lines.joined(separator: "\n") + "\n")
        let more = try directory.write("more.jsonl", "{\"text\":\"One more.\"}\n{\"text\":\"And another.\"}\n")
        let store = StoreFile(path: directory.file("store.sqlite"))
        #expect(try Importing(registry: .standard, opening: store).run(ImportRequest(inputs: [first])).report.total.added == 3000)
        return (store, more)
    }

    @Test func anImportIntoASoundStoreThatHoldsCardsCommits() throws {
        let directory = try TemporaryDirectory()
        let (store, more) = try storeWithCards(in: directory)
        let outcome = try Importing(registry: .standard, opening: store).run(ImportRequest(inputs: [more]))
        #expect(outcome.report.total.added == 2)
        #expect(try store.open(.reading).read { (reader) in try reader.statistics() }.citations == 3002)
    }

    @Test func anImportIntoADamagedStoreIsRefusedAndChangesNothing() throws {
        let directory = try TemporaryDirectory()
        let (store, more) = try storeWithCards(in: directory)
        // Overwrite one page in the middle of the file, past the schema's pages.
        var bytes = try Data(contentsOf: URL(fileURLWithPath: store.path))
        let pageSize = 4096
        let page = bytes.count / pageSize / 2
        for offset in (page * pageSize + 8)..<((page + 1) * pageSize) { bytes[offset] = 0x5A }
        try bytes.write(to: URL(fileURLWithPath: store.path))
        for dryRun in [false, true] {
            let importing = try Importing(registry: .standard, opening: store)
            let error = #expect(throws: CardportError.self) {
                try importing.run(ImportRequest(inputs: [more], dryRun: dryRun))
            }
            #expect(error?.code == .io)
            #expect(error?.message.hasPrefix("the store '\(store.path)' is damaged: ") == true, "\(String(describing: error))")
            #expect(error?.hint == "nothing was changed; restore it from a backup ('cardport restore BACKUP --replace'), or pass another --store")
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: store.path)) == bytes)
    }
}
