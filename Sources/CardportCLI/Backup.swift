import ArgumentParser
import Cardport
import CardportCore

extension CardportCommand {
    struct Backup: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "backup",
            abstract: "Write everything the store holds to one checksummed Cardport document.",
            discussion: HelpText.reflowed("""
                The backup is the native document (Formats.md): every card with its id, archived
                citations, tags, settings and where each import came from, ending with the SHA-256 of
                its content. 'cardport verify' checks it; 'cardport restore' brings it back.

                Example:
                  cardport backup -o cards-backup.json
                """)
        )

        @Option(name: [.short, .customLong("output")], help: ArgumentHelp("The backup file ('-' for standard output).", valueName: "file"))
        var output: String

        @OptionGroup var store: StoreOptions

        @OptionGroup var reporting: ReportOptions

        func run() throws {
            var summary: BackupSummary?
            try Terminal.run { () throws(CardportError) in
                summary = try Cardport.Backup(opening: try store.file).write(to: output)
            }
            if let summary { try reporting.finish(summary, dataOnStandardOutput: output == "-") }
        }
    }
}
