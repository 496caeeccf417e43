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

        @Option(help: ArgumentHelp("How to print: text or json.", valueName: "style"))
        var report: ReportStyle = .text

        func run() throws {
            var summary: BackupSummary?
            try Terminal.run { () throws(CardportError) in summary = try BackupVerification.verify(file) }
            guard let summary else { return }
            Terminal.printOutput(report == .json ? Terminal.json(summary) : "ok " + summary.summary)
        }
    }
}
