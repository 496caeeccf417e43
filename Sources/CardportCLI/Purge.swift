import ArgumentParser
import Cardport
import CardportCore
import CardportStore

extension CardportCommand {
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
