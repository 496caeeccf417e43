import ArgumentParser
import Cardport
import CardportCore

extension CardportCommand {
    struct Verify: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "verify",
            abstract: "Check a backup: its checksum, then every record.",
            discussion: HelpText.reflowed("""
                Exits 0 and says what the backup holds when it is intact; exits 65 when it was changed
                or damaged.

                Example:
                  cardport verify cards-backup.json
                """)
        )

        @Argument(help: ArgumentHelp("The backup file.", valueName: "file"))
        var file: String

        @OptionGroup var output: OutputReportOptions

        func run() throws {
            var summary: BackupSummary?
            try Terminal.run { () throws(CardportError) in summary = try BackupVerification.verify(file) }
            guard let summary else { return }
            output.print(summary, text: "ok " + summary.summary)
        }
    }
}
