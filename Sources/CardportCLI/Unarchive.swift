import ArgumentParser
import Cardport
import CardportCore

extension CardportCommand {
    struct Unarchive: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "unarchive",
            abstract: "Bring archived citations back.",
            discussion: HelpText.reflowed("""
                Name citations by id, or select them with --tag, --favourites or --author (or both).

                Example:
                  cardport unarchive --tag drafts
                """)
        )

        @OptionGroup var selection: CitationSelection

        @OptionGroup var store: StoreOptions

        func run() throws {
            try ArchiveCommand.run(archive: false, store: store, filter: selection.filter(archived: .only))
        }
    }
}
