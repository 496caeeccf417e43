import CardportCore

extension MergeOutcome {
    /// The human summary `cardport import` prints on standard error: the merge table, then what the
    /// store holds.
    ///
    /// ```text
    /// INPUT                         FORMAT  READ  ADDED  UPDATED  UNCHANGED  EXACT  NEAR  REJECTED
    /// Samples/kindle-clippings.txt  kindle     8      8        0          0      0     0         0
    /// Samples/kindle-clippings.txt (source kindle:/home/me/Samples/kindle-clippings.txt): updated from the source 0, …
    /// the store holds 8 cards (cards.sqlite)
    /// ```
    public func importSummary(store: String, dryRun: Bool) -> String {
        var lines = tableLines
        for (input, counts) in zip(report.inputs, sync) {
            lines += counts.summaryLines(input: input.name == "-" ? "standard input" : input.name, policy: policy)
        }
        if skipped > 0 {
            lines.append("skipped \(ConversionReport.count(skipped, "record")) of other kinds (--kind)")
        }
        let cards = ConversionReport.count(report.recordsOut, "card")
        lines.append(dryRun ? "the store would hold \(cards); nothing kept (--dry-run)" : "the store holds \(cards) (\(store))")
        if report.total.rejected > 0 {
            lines.append("rejected \(ConversionReport.count(report.total.rejected, "record")):")
            lines.append(rejections(colour: false))
        }
        return lines.joined(separator: "\n") + "\n"
    }
}
