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

        @Argument(help: ArgumentHelp("Ids of the citations.", valueName: "id"))
        var ids: [String] = []

        @OptionGroup var filters: StoreFilterOptions

        @OptionGroup var store: StoreOptions

        func validate() throws {
            if ids.isEmpty && !filters.isSet {
                throw ValidationError("Name citations by id, or select them with --tag, --favourites or --author.")
            }
        }

        func run() throws {
            try ArchiveCommand.run(archive: true, store: store, filter: filters.filter(kinds: nil, archived: .exclude, ids: ids))
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
