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

/// `--report`, for the commands whose report is what they print (`inspect`, `stats`, `verify`): the
/// summary, or the same report as JSON, goes to standard output.
struct OutputReportOptions: ParsableArguments {
    @Option(help: ArgumentHelp("How to print: text or json.", valueName: "style"))
    var report: ReportStyle = .text

    /// `--json`, the name `inspect` first gave `--report json`; kept so that scripts keep working.
    @Flag(name: .customLong("json"), help: .hidden)
    var json = false

    var style: ReportStyle { json ? .json : report }

    /// Prints `report` as asked: its summary (or `text`, when the command words it itself) or its JSON.
    func print(_ report: some OperationReport, text: String? = nil) {
        Terminal.printOutput(style == .json ? Terminal.json(report) : text ?? report.summary)
    }

    /// Prints the reports of several inputs: each one's summary on its own line, or one JSON array.
    func print(_ reports: [some OperationReport]) {
        if style == .json {
            Terminal.printOutput(Terminal.json(reports))
        } else {
            for report in reports { Terminal.printOutput(report.summary + "\n") }
        }
    }
}

/// `--keep-going`, for every command that reads records.
struct KeepGoingOption: ParsableArguments {
    @Flag(name: .customLong("keep-going"), help: "Skip records that cannot be read, report them, go on with the rest (exits 65).")
    var keepGoing = false
}
