import ArgumentParser
import Cardport
import CardportCore
import CardportStore

extension CardportCommand {
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
}
