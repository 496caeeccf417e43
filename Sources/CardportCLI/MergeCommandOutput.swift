import ArgumentParser
import Cardport
import CardportCore

/// Runs a merge for `merge` or `dedupe` and prints what it did, the same way for both.
enum MergeCommandOutput {
    static func run(_ request: MergeRequest, reporting: ReportOptions, plugins: PluginOptions) throws {
        let bar = reporting.quiet ? nil : ProgressBar.forTerminal()
        var outcome = MergeOutcome(report: MergeReport())
        try Terminal.run { () throws(CardportError) in
            defer { bar?.finish() }
            outcome = try Merging(registry: try plugins.registry()).run(request) { bar?.update($0) }
        }
        // A dry run's listing is its data: printed whatever the summary's style.
        if request.output == nil && reporting.report == .text { Terminal.printOutput(outcome.groupListing) }
        try reporting.finish(outcome, dataOnStandardOutput: request.output == "-")
    }
}
