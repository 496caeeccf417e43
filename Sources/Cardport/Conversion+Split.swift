import CardportCore
import CardportMarkdown

extension Conversion {
    /// Runs a `--split` conversion: every input goes into one writer that spreads the records over
    /// files in the output directory, all of which appear only when the whole conversion succeeds.
    func runSplit(_ request: ConversionRequest, plan: Plan,
                  progress: ((ConversionProgress) -> Void)?) throws(CardportError) -> ConversionReport {
        guard let directoryPath = plan.outputDirectory, let format = plan.targets.first?.format else {
            preconditionFailure("a split plan has an output directory and a target")
        }
        var report = ConversionReport()
        var status = ConversionProgress(bytesRead: 0, totalBytes: plan.totalBytes, records: 0)
        var finishedBytes = 0
        var written = 0
        var createdDirectories: [String] = []
        var directory: OutputDirectory?
        do throws(CardportError) {
            createdDirectories = try Conversion.makeDirectory(directoryPath)
            let staged = try OutputDirectory(path: directoryPath)
            directory = staged
            guard let writer = try format.makeDirectoryWriter(staged, options: request.writeOptions) else {
                throw CardportError(.usage, "format '\(format.id)' writes single files and cannot --split",
                                    hint: "drop --split to write one file per input, or --to a format that splits (see Formats.md)")
            }
            var opened = OpenedInputs(plan.inputs, options: request.effectiveReadOptions)
            for _ in plan.inputs {
                try read(try opened.next(), into: writer, writable: KindSet(format.descriptor.writes), request: request,
                         report: &report, written: &written, status: &status, finishedBytes: &finishedBytes,
                         progress: progress)
            }
            try writer.finish()
            report.record(output: directoryPath, format: format.id, records: written, losses: writer.losses)
            try checkWroteSomething(report, formats: [format])
            if let notes = writer as? any NoteFolderWriter { report.notes = notes.noteSummary }
            try staged.commit()
        } catch {
            directory?.discard()
            for path in createdDirectories.reversed() { Conversion.removeEmptyDirectory(path) }
            throw error
        }
        return report
    }
}
