import ArgumentParser
import Cardport
import CardportCore

extension CardportCommand {
    struct Purge: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "purge",
            abstract: "Delete archived citations for good.",
            discussion: HelpText.reflowed("""
                Only archived citations are ever deleted, and only with --archived. Without ids or a
                filter, every archived citation goes.

                Examples:
                  cardport purge --archived
                  cardport purge --archived --tag drafts
                  cardport purge --archived --dry-run
                """)
        )

        @Argument(help: ArgumentHelp("Ids, or unique prefixes, of archived citations (default: all that the filters select).",
                                     valueName: "id"))
        var ids: [String] = []

        @Flag(help: "Delete archived citations (required: purge deletes nothing else).")
        var archived = false

        @Flag(name: .customLong("dry-run"), help: "Say how many would be deleted, and delete nothing.")
        var dryRun = false

        @OptionGroup var filters: StoreFilterOptions

        @OptionGroup var store: StoreOptions

        func validate() throws {
            if !archived { throw ValidationError("purge deletes archived citations only; pass --archived to say so.") }
        }

        func run() throws {
            var count = 0
            try Terminal.run { () throws(CardportError) in
                count = try Purging(opening: try store.file).run(filter: filters.filter(kinds: nil, archived: .only, ids: ids),
                                                                 dryRun: dryRun)
            }
            Terminal.printError("\(dryRun ? "would delete" : "deleted") \(ConversionReport.count(count, "archived citation"))"
                                + (dryRun ? " (dry run: nothing was deleted)" : "") + "\n")
        }
    }
}
