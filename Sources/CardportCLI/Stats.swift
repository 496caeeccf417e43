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

        @Option(help: ArgumentHelp("How to print: text or json.", valueName: "style"))
        var report: ReportStyle = .text

        func run() throws {
            var text = ""
            try Terminal.run { () throws(CardportError) in
                let statistics = try Statistics(opening: try store.file).run()
                text = report == .json ? Terminal.json(statistics) : statistics.summary
            }
            Terminal.printOutput(text)
        }
    }
}
