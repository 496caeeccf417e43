public import CardportCore
public import CardportStore
import CardportJSON

/// Restores a backup into a store, after verifying its checksum, in one transaction.
///
/// ``Mode/replace`` empties the store first; ``Mode/merge`` merges the backup's cards into what is
/// there under a policy, as an import does. Either way, on any error the store is as before.
///
/// ```swift
/// let outcome = try Restoring(store: store).run("cards-backup.json", mode: .replace)
/// ```
public struct Restoring: Sendable {
    /// How the backup meets what the store holds.
    public enum Mode: String, Sendable, Hashable, CaseIterable {
        /// Everything in the store is replaced by the backup.
        case replace
        /// The backup's cards are merged into the store's.
        case merge
    }

    /// The store to restore into.
    public let store: Store

    /// Creates a restore into `store`.
    public init(store: Store) {
        self.store = store
    }

    /// Verifies the backup at `path`, then restores it; `mode` `nil` is allowed only for an empty store.
    public func run(_ path: String, mode: Mode?, policy: MergePolicy = .newest) throws(CardportError) -> MergeOutcome {
        _ = try BackupVerification.checkChecksum(path)
        return try store.write(checkingReferences: false) { (transaction) in
            let cards = try transaction.cardCount()
            guard mode != nil || cards == 0 else {
                throw CardportError(.usage, "the store already holds \(ConversionReport.count(cards, "card"))",
                                    hint: "pass --replace to replace them with the backup, or --merge to merge it in")
            }
            if mode == .replace { try transaction.removeEverything() }
            let input = try ByteInput(path: path)
            guard let reader = try NativeJSONFormat().makeReader(input, options: ReadOptions()) as? any ProvenanceReader else {
                throw CardportError(.io, "the native format cannot carry provenance")
            }
            var report = MergeReport()
            report.inputs.append(MergeReport.Input(name: path, format: "cardport"))
            while let record = try reader.next() {
                report.inputs[0].counts.read += 1
                switch try transaction.upsert(record, policy: policy, provenance: nil) {
                case .added: report.inputs[0].counts.added += 1
                case .updated: report.inputs[0].counts.updated += 1
                case .unchanged: report.inputs[0].counts.unchanged += 1
                case .duplicate: report.inputs[0].counts.exactDuplicates += 1
                }
            }
            let known = Set(try transaction.provenanceEntries())
            for entry in reader.provenance where !known.contains(entry) {
                _ = try transaction.addProvenance(entry)
            }
            report.recordsOut = try transaction.cardCount()
            return MergeOutcome(report: report)
        }
    }
}
