import ArgumentParser
import Cardport
import CardportCore

extension CardportCommand {
    struct Stats: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "stats",
            abstract: "Say what the store holds and where its cards came from.",
            discussion: HelpText.reflowed("""
                Example:
                  cardport stats
                """)
        )

        @OptionGroup var store: StoreOptions

        @OptionGroup var output: OutputReportOptions

        func run() throws {
            var statistics: Statistics.Report?
            try Terminal.run { () throws(CardportError) in statistics = try Statistics(opening: try store.file).run() }
            if let statistics { output.print(statistics) }
        }
    }
}
