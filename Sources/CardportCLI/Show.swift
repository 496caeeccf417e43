import ArgumentParser
import Cardport
import CardportCore

extension CardportCommand {
    struct Show: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "show",
            abstract: "Print cards whole, named by id or unique id prefix.",
            discussion: HelpText.reflowed("""
                The cards are printed as a YAML document of the yaml format (what 'cardport edit' opens),
                or with --json as the jsonl format's objects.

                Examples:
                  cardport show 1174c3
                  cardport show 1174c3 85d869 --json
                """)
        )

        @Argument(help: ArgumentHelp("Ids of cards, or unique prefixes of them.", valueName: "id"))
        var ids: [String]

        @Flag(help: "Print a JSON array of the cards.")
        var json = false

        @OptionGroup var store: StoreOptions

        func run() throws {
            var text = ""
            try Terminal.run { () throws(CardportError) in
                let cards = try Showing(opening: try store.file).run(ids: ids)
                text = json ? try Showing.jsonArray(cards) : try Showing.yaml(cards)
            }
            Terminal.printOutput(text)
        }
    }
}
