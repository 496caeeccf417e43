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

    struct Unarchive: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Bring archived citations back.",
            discussion: """
                Name citations by id, or select them with --tag, --favourites or --author (or both).

                Example:
                  cardport unarchive --tag drafts
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
            try ArchiveCommand.run(archive: false, store: store, filter: filters.filter(kinds: nil, archived: .only, ids: ids))
        }
    }

    struct Purge: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Delete archived citations for good.",
            discussion: """
                Only archived citations are ever deleted, and only with --archived. Without ids or a
                filter, every archived citation goes.

                Examples:
                  cardport purge --archived
                  cardport purge --archived --tag drafts
                """
        )

        @Argument(help: ArgumentHelp("Ids of archived citations (default: all that the filters select).", valueName: "id"))
        var ids: [String] = []

        @Flag(help: "Delete archived citations (required: purge deletes nothing else).")
        var archived = false

        @OptionGroup var filters: StoreFilterOptions

        @OptionGroup var store: StoreOptions

        func validate() throws {
            if !archived { throw ValidationError("purge deletes archived citations only; pass --archived to say so.") }
        }

        func run() throws {
            var count = 0
            try Terminal.run { () throws(CardportError) in
                let opened = try store.open()
                count = try opened.write { (transaction) in
                    try transaction.purgeArchived(filters.filter(kinds: nil, archived: .only, ids: ids))
                }
            }
            Terminal.printError("deleted \(ConversionReport.count(count, "archived citation"))\n")
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
