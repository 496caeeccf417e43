import ArgumentParser
import Cardport
import CardportCore

extension CardportCommand {
    struct Archive: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "archive",
            abstract: "Archive citations: the app hides them, and they are kept.",
            discussion: HelpText.reflowed("""
                Name citations by id, or select them with --tag, --favourites or --author (or both).

                Examples:
                  cardport archive 1174c3
                  cardport archive --tag drafts
                """)
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
    static func run(archive: Bool, store: StoreOptions, filter: CardFilter) throws {
        var count = 0
        try Terminal.run { () throws(CardportError) in
            count = try Archiving(opening: try store.file).run(archive: archive, filter: filter)
        }
        Terminal.printError("\(archive ? "archived" : "unarchived") \(ConversionReport.count(count, "citation"))\n")
    }
}
