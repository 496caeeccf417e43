import ArgumentParser
import Cardport
import CardportCore
import CardportStore

extension CardportCommand {
    struct Archive: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Archive citations: the app hides them, and they are kept.",
            discussion: """
                Name citations by id, or select them with --tag, --favourites or --author (or both).

                Examples:
                  cardport archive 5f0c2d1e-…
                  cardport archive --tag drafts
                """
        )

        @OptionGroup var selection: CitationSelection

        @OptionGroup var store: StoreOptions

        func run() throws {
            try ArchiveCommand.run(archive: true, store: store, filter: selection.filter(archived: .exclude))
        }
    }
}

/// The shared body of `archive` and `unarchive`.
enum ArchiveCommand {
    static func run(archive: Bool, store: StoreOptions, filter: StoreFilter) throws {
        var count = 0
        try Terminal.run { () throws(CardportError) in
            let opened = try store.open()
            count = try opened.write { (transaction) in try transaction.setArchived(archive, filter) }
        }
        Terminal.printError("\(archive ? "archived" : "unarchived") \(ConversionReport.count(count, "citation"))\n")
    }
}
