import ArgumentParser
import Cardport

/// `--report` and `-q`: how a command prints what it did, the same for every command.
struct ReportOptions: ParsableArguments {
    @Option(help: ArgumentHelp("How to print the summary: text or json.", valueName: "style"))
    var report: ReportStyle = .text

    @Flag(name: [.short, .long], help: "Print no summary (errors and rejected records are still printed).")
    var quiet = false

    /// Prints `outcome` as asked, then ends the run with its exit status when that is not 0.
    ///
    /// The summary (`text` when the command words it itself) goes to standard error, and under
    /// `-q` only what must still be said; JSON goes to standard output, or to standard error when
    /// the command's data goes to standard output.
    func finish(_ outcome: some OperationReport, text: String? = nil, dataOnStandardOutput: Bool = false) throws {
        switch (report, quiet) {
        case (.json, _):
            let json = Terminal.json(outcome)
            if dataOnStandardOutput { Terminal.printError(json) } else { Terminal.printOutput(json) }
        case (.text, false):
            Terminal.printError(text ?? outcome.summary)
        case (.text, true):
            let essentials = outcome.essentials(colour: Terminal.usesColour)
            if !essentials.isEmpty { Terminal.printError(essentials) }
        }
        if outcome.exitStatus != 0 { throw ExitCode(outcome.exitStatus) }
    }
}

/// `--keep-going`, for every command that reads records.
struct KeepGoingOption: ParsableArguments {
    @Flag(name: .customLong("keep-going"), help: "Skip records that cannot be read, report them, go on with the rest (exits 65).")
    var keepGoing = false
}
