public import CardportCore
public import CardportStore
import CardportMarkdown
import Foundation

/// Imports files of any registered format into a store, in one transaction.
///
/// Inputs are resolved as ``Conversion`` resolves them, before anything is read. Every record is
/// merged into the store by ``StoreTransaction/sync(_:item:source:policy:provenance:)``: a card the
/// source gave before is found by its origin and merged three ways (what the source changed flows
/// in, store edits stay, a conflict goes by the policy); else a card with the same identity key is
/// folded under the policy; else a new one is added. With ``ImportRequest/mirror`` the citations
/// whose items are gone from a source are archived. Each file gets
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
    /// Records read and keyed ahead of the store's writer per batch, and the most batches waiting:
    /// the writer stores one batch while the next is parsed, and memory stays flat.
    static let batchSize = 2048
    static let batchesWaiting = 4

    /// The formats inputs are resolved against.
    public let registry: FormatRegistry
    /// The store records go into.
    public let store: Store
    /// Whether the store's pages are checked before the import commits (``StoreFile/Access/importing``).
    let checksPages: Bool

    /// Creates an import into `store` that reads the formats in `registry`.
    public init(registry: FormatRegistry, store: Store) {
        self.init(registry: registry, store: store, checksPages: false)
    }

    private init(registry: FormatRegistry, store: Store, checksPages: Bool) {
        self.registry = registry
        self.store = store
        self.checksPages = checksPages
    }

    /// Opens (and on first use makes) the store in `file` to change many cards
    /// (``StoreFile/Access/importing``), for an import of the formats in `registry`.
    public init(registry: FormatRegistry, opening file: StoreFile) throws(CardportError) {
        self.init(registry: registry, store: try file.open(.importing), checksPages: true)
    }

    /// Runs the import and reports what it did; `progress` is called every few thousand records.
    public func run(_ request: ImportRequest,
                    progress: ((ConversionProgress) -> Void)? = nil) throws(CardportError) -> MergeOutcome {
        let conversion = Conversion(registry: registry)
        let plain = ConversionRequest(inputs: request.inputs, destination: .file("-"), from: request.from,
                                      kind: request.kind, keepGoing: request.keepGoing, readOptions: request.readOptions)
        let plan = try conversion.planInputs(plain)
        if request.mirror, let input = plan.inputs.first(where: { !OriginItem.Scheme.listsEverything(format: $0.format.id) }) {
            throw CardportError(.usage, "--mirror needs inputs that list everything their source holds; '\(input.path)' is \(input.format.id)",
                                hint: "the formats that do are cardport, jsonl, taskwarrior, firefox, buku, kobo, koreader, boox, calibre and apple-books; import a Kindle file without --mirror")
        }
        let checksums = plan.inputs.map { FileChecksum(path: $0.path) }
        // Done or not, no hashing thread outlives the import (a failed one returns early).
        defer { for checksum in checksums { checksum.stop() } }
        let startedAt = Timestamp(Date())
        let pages = checksPages ? try PageCheck.start(store) : nil
        // Like the hashing, the check never outlives the import.
        defer { pages?.wait() }

        return try store.write(commit: !request.dryRun, checkingReferences: false) { (transaction) in
            let outcome: MergeOutcome
            do {
                outcome = try importAll(plan, request: request, plain: plain, checksums: checksums, startedAt: startedAt,
                                        into: transaction, progress: progress)
            } catch {
                // A damaged page may be what the import failed on: the check's verdict says so better.
                try pages?.verdict()
                throw error
            }
            try pages?.verdict()
            return outcome
        }
    }

    /// Reads every input into the transaction.
    private func importAll(_ plan: Conversion.Plan, request: ImportRequest, plain: ConversionRequest,
                           checksums: [FileChecksum], startedAt: Timestamp, into transaction: StoreTransaction,
                           progress: ((ConversionProgress) -> Void)?) throws(CardportError) -> MergeOutcome {
        var report = MergeReport()
        var syncs: [MergeOutcome.SyncCounts] = []
        var skipped = 0
        var status = ConversionProgress(bytesRead: 0, totalBytes: plan.totalBytes, records: 0)
        var finishedBytes = 0
        var lastBytes = 0
        var readBack = NoteReadBack()
        for (index, input) in plan.inputs.enumerated() {
            report.inputs.append(MergeReport.Input(name: input.path, format: input.format.id))
            let number = report.inputs.count - 1
            let entry = Provenance(source: input.path, sha256: nil, format: input.format.id, importedAt: startedAt)
            let provenance = try transaction.addProvenance(entry)
            let resolution = input.resolution
            let format = input.format
            // A vault note is the source its front matter names, wherever it was moved, and its
            // highlights are known by their block ids (NoteReadBack).
            let note = format.id == "markdown" && input.path != "-" ? MarkdownFormat.noteSource(atPath: input.path) : nil
            let sourceKey = note.map { "markdown:" + $0 } ?? Importing.sourceKey(format: format.id, path: input.path)
            let source = try transaction.source(key: sourceKey, format: format.id)
            let scheme = note == nil ? OriginItem.Scheme(format: format.id) : .ownID
            var sync = MergeOutcome.SyncCounts(source: sourceKey)
            let options = plain.effectiveReadOptions
            let opener = InputOpener(input)
            // Each record is keyed, and its origin item made, on the reading thread.
            let readAhead = RecordReadAhead(
                batchSize: Importing.batchSize, depth: Importing.batchesWaiting,
                open: { () throws(CardportError) in
                    let source = try opener.open()
                    return (try resolution.makeReader(source, options: options), source)
                },
                transform: OriginKeying(scheme: scheme))
            readAhead.start()
            // On a failure the reading thread is told to stop; it finishes on its own.
            defer { readAhead.stop(untilFinished: false) }
            var takenLast = false
            while !takenLast {
                var batch = readAhead.take()
                takenLast = batch.isLast
                for position in batch.items.indices {
                    var keyed: KeyedRecord
                    var origin: OriginItem
                    switch batch.items[position].take()! {
                    case .failure(let error):
                        guard request.keepGoing && error.isRecoverable else { throw error }
                        report.inputs[number].counts.read += 1
                        report.reject(error, input: number)
                        continue
                    case .value(let value):
                        (keyed, origin) = value
                    }
                    if note != nil, case .citation(let citation) = keyed.record {
                        let record = Record.citation(try readBack.resolve(citation, in: transaction))
                        keyed = KeyedRecord(record)
                        origin = OriginItem(record, key: keyed.key, scheme: .ownID)
                    }
                    status.records += 1
                    if let kind = request.kind, keyed.record.kind != kind {
                        skipped += 1
                        continue
                    }
                    report.inputs[number].counts.read += 1
                    let result = try transaction.sync(keyed, item: origin, source: source, policy: request.policy,
                                                      provenance: provenance)
                    switch result.result {
                    case .added: report.inputs[number].counts.added += 1
                    case .updated: report.inputs[number].counts.updated += 1
                    case .unchanged: report.inputs[number].counts.unchanged += 1
                    case .duplicate: report.inputs[number].counts.exactDuplicates += 1
                    }
                    sync.count(result)
                }
                if let progress {
                    status.bytesRead = finishedBytes + batch.bytesRead
                    progress(status)
                }
                lastBytes = batch.bytesRead
            }
            finishedBytes += lastBytes
            if request.mirror {
                sync.mirrored = true
                (sync.archived, sync.missingKept) = try transaction.archiveMissing(source: source)
            }
            try transaction.finishSource(source, provenance: provenance)
            // After the last batch the reading thread only has to finish: wait for it, for its notes.
            readAhead.stop(untilFinished: true)
            sync.notes = readAhead.notes.counts.map { ConversionReport.NamedCount(label: $0.label, count: $0.value) }
            sync.warnings = readAhead.notes.warningCount
            syncs.append(sync)
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
        var outcome = MergeOutcome(report: report, skipped: skipped)
        outcome.sync = syncs
        outcome.policy = request.policy
        return outcome
    }

    /// The name of an input's source in the store: its format and canonical path
    /// (`kindle:/home/me/My Clippings.txt`), or `FORMAT:-` for standard input.
    static func sourceKey(format: String, path: String) -> String {
        guard path != "-" else { return format + ":-" }
        let absolute = path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
        return format + ":" + (URL(fileURLWithPath: absolute).standardizedFileURL.resolvingSymlinksInPath().path)
    }
}

/// Keys each record, and makes its origin item by its input's scheme, on the reading thread.
private struct OriginKeying: RecordTransform {
    let scheme: OriginItem.Scheme

    func make(_ record: consuming Record) -> (KeyedRecord, OriginItem) {
        let keyed = KeyedRecord(record)
        return (keyed, OriginItem(keyed.record, key: keyed.key, scheme: scheme))
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
