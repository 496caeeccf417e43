import ArgumentParser
import Cardport
import CardportCore

/// Runs a merge for `merge` or `dedupe` and prints what it did, the same way for both.
enum MergeCommandOutput {
    static func run(_ request: MergeRequest, report style: ReportStyle, quiet: Bool, plugins: PluginOptions) throws {
        let bar = quiet ? nil : ProgressBar.forTerminal()
        var outcome = MergeOutcome(report: MergeReport())
        try Terminal.run { () throws(CardportError) in
            defer { bar?.finish() }
            outcome = try Merging(registry: try plugins.registry()).run(request) { bar?.update($0) }
        }
        let dataOnStdout = request.output == "-"
        switch (style, quiet) {
        case (.json, _):
            let text = Terminal.json(outcome)
            if dataOnStdout { Terminal.printError(text) } else { Terminal.printOutput(text) }
        case (.text, false):
            if request.output == nil { Terminal.printOutput(outcome.groupListing) }
            Terminal.printError(outcome.summary)
        case (.text, true):
            if request.output == nil { Terminal.printOutput(outcome.groupListing) }
            if outcome.hasRejections { Terminal.printError(outcome.rejections(colour: Terminal.usesColour) + "\n") }
        }
        if outcome.hasRejections { throw ExitCode(65) }
    }
}
