public import CardportCore
import Foundation

/// Merges files of any registered formats into one file without duplicates, or deduplicates one.
///
/// Inputs and the output are resolved and checked as ``Conversion`` does (same formats, same errors,
/// no output over an input) before any record is read. Every record goes through a ``MergeEngine``;
/// the merged collection is then written to a temporary file that replaces the output only when
/// everything succeeded.
///
/// ```swift
/// let request = MergeRequest(inputs: ["backup.json", "kindle.jsonl"], output: "all.json")
/// let outcome = try Merging(registry: .standard).run(request)
/// outcome.report.total.exactDuplicates
/// ```
public struct Merging: Sendable {
    /// The formats inputs and the output are resolved against.
    public let registry: FormatRegistry

    /// Creates a merge that uses the formats in `registry`.
    public init(registry: FormatRegistry) {
        self.registry = registry
    }

    /// Runs a merge and reports what it did.
    ///
    /// `progress` is called every few thousand records read. Throws the first error that stops the
    /// merge; records rejected under `--keep-going` are in the report instead.
    public func run(_ request: MergeRequest,
                    progress: ((ConversionProgress) -> Void)? = nil) throws(CardportError) -> MergeOutcome {
        let conversion = Conversion(registry: registry)
        var plain = ConversionRequest(inputs: request.inputs, destination: .file(request.output ?? "-"),
                                      from: request.from, to: request.to, kind: request.kind,
                                      keepGoing: request.keepGoing, readOptions: request.readOptions,
                                      writeOptions: request.writeOptions)
        plain.inPlace = request.inPlace
        var plan = try conversion.planInputs(plain)
        if request.output != nil { try conversion.planTargets(plain, into: &plan) }

        var engine = MergeEngine(options: request.options)
        var skipped = 0
        var status = ConversionProgress(bytesRead: 0, totalBytes: plan.totalBytes, records: 0)
        var finishedBytes = 0
        for input in plan.inputs {
            let number = engine.beginInput(name: input.path, format: input.format.id)
            let source = try input.open()
            let reader = PrefetchingReader(try input.resolution.makeReader(source, options: plain.effectiveReadOptions),
                                           source: source)
            defer { reader.close() }
            while true {
                var next: Record?
                do {
                    next = try reader.next()
                } catch where error.isRecoverable && request.keepGoing {
                    engine.reject(error, input: number)
                    continue
                }
                // Taken out of the optional, not copied: the engine keeps the record itself.
                guard let record = next.take() else { break }
                status.records += 1
                if status.records == Merging.estimateAfter, let total = plan.totalBytes {
                    let read = finishedBytes + reader.bytesRead
                    if read > 0 { engine.reserveCapacity(Merging.estimatedCount(records: status.records, read: read, total: total)) }
                }
                if let progress, status.records % Conversion.progressInterval == 0 {
                    status.bytesRead = finishedBytes + reader.bytesRead
                    progress(status)
                }
                if let kind = request.kind, record.kind != kind {
                    skipped += 1
                    continue
                }
                engine.addIncoming(consume record, input: number)
            }
            reader.close()
            finishedBytes += source.bytesRead
        }

        var result = engine.finish()
        var outcome = MergeOutcome(report: result.report, skipped: skipped, groups: result.groups)
        var records: [Record] = []
        swap(&records, &result.records)
        if let target = plan.targets.first {
            do {
                try write(records, to: target, options: request.writeOptions, outcome: &outcome)
            } catch {
                Merging.release(consume records)
                throw error
            }
        }
        Merging.release(consume records)
        return outcome
    }

    /// After how many records the size of the whole collection is guessed.
    static let estimateAfter = 65_536
    /// The guess is never more than this many times the records read: short records first and
    /// long ones after would otherwise ask for room for far more records than the inputs hold.
    static let largestEstimateFactor = 32

    /// The records of all inputs, guessed from the bytes the first `records` took, with a tenth to
    /// spare: the collection then grows once instead of twenty times.
    static func estimatedCount(records: Int, read: Int, total: Int) -> Int {
        let guess = Double(records) * Double(total) / Double(max(read, 1)) * 1.1
        return Int(min(guess, Double(records * largestEstimateFactor)))
    }

    /// Frees a large merged collection on a thread of its own: freeing a million records takes
    /// a noticeable part of a second that the caller need not wait for.
    private static func release(_ records: consuming [Record]) {
        guard records.count >= 10_000 else { return }
        // The box holds the only reference, so the array is freed where the box lets go of it.
        let box = DoomedRecords(consume records)
        Thread.detachNewThread { box.free() }
    }

    /// Writes the merged records; the output appears only when all of them are written.
    private func write(_ records: [Record], to target: Conversion.Target, options: WriteOptions,
                       outcome: inout MergeOutcome) throws(CardportError) {
        let file = try OutputFile(path: target.path)
        do {
            let writer = try target.format.makeWriter(file.output, options: options)
            let writable = KindSet(target.format.descriptor.writes)
            var dropped = KindTally()
            var written = 0
            var losses = LossReport()
            if ParallelLineEncoder.applies(to: target.format, count: records.count) {
                let totals = try ParallelLineEncoder.write(records, format: target.format, options: options,
                                                           writable: writable, to: file.output)
                (dropped, written, losses) = (totals.dropped, totals.written, totals.losses)
            } else {
                for record in records {
                    guard writable.contains(record.kind) else {
                        dropped[record.kind] += 1
                        continue
                    }
                    try writer.write(record)
                    written += 1
                }
            }
            try writer.finish()
            losses.merge(writer.losses)
            try file.commit()
            outcome.output = ConversionReport.OutputSummary(path: target.path, format: target.format.id,
                                                            records: written, droppedFields: losses.fields)
            outcome.droppedRecords = dropped.byPluralName
            for (kind, count) in losses.records { outcome.droppedRecords[kind.pluralName, default: 0] += count }
        } catch {
            file.discard()
            throw error
        }
    }
}

/// Merged records on their way to another thread to be freed; only that thread touches them.
private final class DoomedRecords: @unchecked Sendable {
    private var records: [Record]

    init(_ records: consuming [Record]) {
        self.records = records
    }

    func free() {
        records = []
    }
}
