import ArgumentParser
import Cardport
import CardportCore
import CardportStore

extension CardportCommand {
    struct Stats: ParsableCommand {
        static let configuration = CommandConfiguration(
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
                let opened = try store.openForReading()
                let statistics = try opened.read { (reader) in try reader.statistics() }
                text = report == .json ? Terminal.json(statistics) : statistics.summary(store: opened.path)
            }
            Terminal.printOutput(text)
        }
    }
}
