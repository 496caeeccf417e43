import ArgumentParser
import Cardport
import CardportCore

extension CardportCommand {
    struct Search: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "search",
            abstract: "Find cards by their words, best match first.",
            discussion: HelpText.reflowed("""
                Every word must appear (case and accents do not matter) in a card's text, note, author or
                source, a bookmark's name, a task's description, a topic's title or notes, or one of its
                tags' names. Matches are marked: bold on a terminal, else *between stars*. The filters of
                'cardport list' narrow the search.

                Examples:
                  cardport search darkness
                  cardport search "left hand" --author "le guin" --json
                """)
        )

        @Argument(help: ArgumentHelp("The words to find.", valueName: "text"))
        var text: String

        @OptionGroup var filters: CardFilterOptions

        @Option(help: ArgumentHelp("At most this many cards.", valueName: "n"))
        var limit = 50

        @Flag(help: "Print a JSON array of the cards found (the jsonl format's objects), best first.")
        var json = false

        @Option(help: ArgumentHelp("Print table (default), json or jsonl.", valueName: "format"))
        var format: ListFormat = .table

        @OptionGroup var store: StoreOptions

        func validate() throws {
            try filters.check()
            if limit < 1 { throw ValidationError("--limit must be at least 1.") }
        }

        func run() throws {
            var text = ""
            var found = 0
            try Terminal.run { () throws(CardportError) in
                let results = try Searching(opening: try store.file).run(self.text, filter: try filters.filter(), limit: limit)
                found = results.count
                switch json ? .json : format {
                case .table: text = Searching.render(results, colour: ListFormat.colourOnStandardOutput)
                case .json: text = try Showing.jsonArray(results.map(\.entry.record))
                case .jsonl: text = try Showing.jsonLines(results.map(\.entry.record))
                }
            }
            Terminal.printOutput(text)
            if found == 0 && !json && format == .table { Terminal.printError("no cards match\n") }
        }
    }
}
