public import CardportCore
public import CardportStore
import Foundation

/// Imports files of any registered format into a store, in one transaction.
///
/// Inputs are resolved as ``Conversion`` resolves them, before anything is read. Every record is
/// merged into the store by ``StoreTransaction/upsert(_:policy:provenance:)``: a card the store has
/// (same identity key, else same id) is folded under the policy, a new one is added. Each file gets
/// a provenance entry with its SHA-256 and what became of its records. All inputs are imported in
/// one transaction: on any error the store is exactly as before, and importing the same file
/// again adds nothing.
///
/// ```swift
/// let store = try Store(path: "cards.sqlite")
/// let outcome = try Importing(registry: .standard, store: store).run(ImportRequest(inputs: ["My Clippings.txt"]))
/// outcome.report.total.added
/// ```
public struct Importing: Sendable {
    /// The formats inputs are resolved against.
    public let registry: FormatRegistry
    /// The store records go into.
    public let store: Store

    /// Creates an import into `store` that reads the formats in `registry`.
    public init(registry: FormatRegistry, store: Store) {
        self.registry = registry
        self.store = store
    }

    /// Runs the import and reports what it did; `progress` is called every few thousand records.
    public func run(_ request: ImportRequest,
                    progress: ((ConversionProgress) -> Void)? = nil) throws(CardportError) -> MergeOutcome {
        let conversion = Conversion(registry: registry)
        let plain = ConversionRequest(inputs: request.inputs, destination: .file("-"), from: request.from,
                                      kind: request.kind, keepGoing: request.keepGoing, readOptions: request.readOptions)
        let plan = try conversion.planInputs(plain)
        let checksums = plan.inputs.map { FileChecksum(path: $0.path) }
        // Done or not, no hashing thread outlives the import (a failed one returns early).
        defer { for checksum in checksums { checksum.stop() } }
        let startedAt = Timestamp(Date())

        return try store.write(commit: !request.dryRun, checkingReferences: false) { (transaction) in
            try importAll(plan, request: request, plain: plain, checksums: checksums, startedAt: startedAt,
                          into: transaction, progress: progress)
        }
    }

    /// Reads every input into the transaction.
    private func importAll(_ plan: Conversion.Plan, request: ImportRequest, plain: ConversionRequest,
                           checksums: [FileChecksum], startedAt: Timestamp, into transaction: StoreTransaction,
                           progress: ((ConversionProgress) -> Void)?) throws(CardportError) -> MergeOutcome {
        var report = MergeReport()
        var skipped = 0
        var status = ConversionProgress(bytesRead: 0, totalBytes: plan.totalBytes, records: 0)
        var finishedBytes = 0
        var lastBytes = 0
        for (index, input) in plan.inputs.enumerated() {
            report.inputs.append(MergeReport.Input(name: input.path, format: input.format.id))
            let number = report.inputs.count - 1
            let entry = Provenance(source: input.path, sha256: nil, format: input.format.id, importedAt: startedAt)
            let provenance = try transaction.addProvenance(entry)
            let resolution = input.resolution
            let options = plain.effectiveReadOptions
            let opener = InputOpener(input)
            let readAhead = ReadAhead(keepGoing: request.keepGoing) { () throws(CardportError) in
                let source = try opener.open()
                return (try resolution.makeReader(source, options: options), source)
            }
            defer { readAhead.cancel() }
            while var batch = try readAhead.next() {
                // Reversed (which moves no reference) so that each record is moved out by `popLast`,
                // not copied and released.
                batch.items.reverse()
                while let item = batch.items.popLast() {
                    let keyed: KeyedRecord
                    switch item {
                    case .rejected(let error):
                        report.inputs[number].counts.read += 1
                        report.reject(error, input: number)
                        continue
                    case .record(let record):
                        keyed = record
                    }
                    status.records += 1
                    if let kind = request.kind, keyed.record.kind != kind {
                        skipped += 1
                        continue
                    }
                    report.inputs[number].counts.read += 1
                    switch try transaction.upsert(keyed, policy: request.policy, provenance: provenance) {
                    case .added: report.inputs[number].counts.added += 1
                    case .updated: report.inputs[number].counts.updated += 1
                    case .unchanged: report.inputs[number].counts.unchanged += 1
                    case .duplicate: report.inputs[number].counts.exactDuplicates += 1
                    }
                }
                if let progress {
                    status.bytesRead = finishedBytes + batch.bytesRead
                    progress(status)
                }
                lastBytes = batch.bytesRead
            }
            finishedBytes += lastBytes
            let counts = report.inputs[number].counts
            var finished = entry
            finished.sha256 = checksums[index].value
            finished.read = counts.read
            finished.added = counts.added
            finished.updated = counts.updated
            finished.unchanged = counts.unchanged
            finished.duplicates = counts.exactDuplicates
            finished.rejected = counts.rejected
            try transaction.updateProvenance(provenance, with: finished)
        }
        report.recordsOut = try transaction.cardCount()
        return MergeOutcome(report: report, skipped: skipped)
    }
}

/// Hands a planned input to the thread that reads it: the input (and standard input's stream, which
/// was opened for sniffing) is used there alone from then on.
private struct InputOpener: @unchecked Sendable {
    let input: Conversion.PlannedInput

    init(_ input: Conversion.PlannedInput) {
        self.input = input
    }

    func open() throws(CardportError) -> ByteInput {
        try input.open()
    }
}
