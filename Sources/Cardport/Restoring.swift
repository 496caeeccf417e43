public import CardportCore
public import CardportStore
import CardportJSON
import Foundation

/// Restores a backup into a store, after verifying its checksum, in one transaction.
///
/// ``Mode/replace`` empties the store first; ``Mode/merge`` merges the backup's cards into what is
/// there under a policy, as an import does. Either way, on any error the store is as before.
/// A document without a checksum (a backup cleaned or edited by hand, or any file Cardport reads)
/// is restored only when the caller says it may be `unverified`.
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

    /// What the checksum check found.
    public enum Verification: Sendable, Hashable {
        /// The document's checksum matches its content.
        case verified
        /// The document carries no checksum, or one that does not match, and was read as it is (`--unverified`).
        case unverified(reason: String)
    }

    /// The store to restore into.
    public let store: Store

    /// The formats a document without a checksum is read with.
    public let registry: FormatRegistry

    /// Creates a restore into `store`.
    public init(store: Store, registry: FormatRegistry = .standard) {
        self.store = store
        self.registry = registry
    }

    /// Checks the document at `path` before any store is opened: its checksum must match, unless
    /// `unverified`, when a missing or wrong checksum is reported instead of refused.
    public static func verify(_ path: String, unverified: Bool) throws(CardportError) -> Verification {
        do {
            _ = try BackupVerification.checkChecksum(path)
            return .verified
        } catch where error.code != .fileNotFound && error.code != .io {
            guard unverified else {
                var refused = error
                refused.hint = (error.hint.map { $0 + "; " } ?? "") + "to restore an edited document as it is, pass --unverified"
                throw refused
            }
            return .unverified(reason: error.message)
        }
    }

    /// Verifies the document at `path`, opens (or makes) the store at `storePath`, checks its pages,
    /// and restores the document into it.
    ///
    /// Nothing is left behind by a restore that fails: the document is checked before the store is
    /// opened, and a store this call made is removed again.
    public static func run(_ path: String, storePath: String, mode: Mode?, policy: MergePolicy = .newest,
                           unverified: Bool = false,
                           registry: FormatRegistry = .standard) throws(CardportError) -> (MergeOutcome, Verification) {
        let verification = try verify(path, unverified: unverified)
        let existed = FileManager.default.fileExists(atPath: storePath)
        do throws(CardportError) {
            let store = try Store(path: storePath)
            if existed { try store.checkPages() }
            let outcome = try Restoring(store: store, registry: registry).run(path, mode: mode, policy: policy,
                                                                              verification: verification)
            return (outcome, verification)
        } catch {
            if !existed {
                for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: storePath + suffix) }
            }
            throw error
        }
    }

    /// Verifies the backup at `path`, then restores it; `mode` `nil` is allowed only for an empty store.
    public func run(_ path: String, mode: Mode?, policy: MergePolicy = .newest) throws(CardportError) -> MergeOutcome {
        try run(path, mode: mode, policy: policy, verification: try Restoring.verify(path, unverified: false))
    }

    private func run(_ path: String, mode: Mode?, policy: MergePolicy, verification: Verification) throws(CardportError) -> MergeOutcome {
        let reader: any RecordReader
        var format = "cardport"
        if verification == .verified {
            reader = try NativeJSONFormat().makeReader(try ByteInput(path: path), options: ReadOptions())
        } else {
            let input = try ByteInput(path: path)
            let chosen = try registry.readFormat(named: nil, path: path, prefix: try input.peek(upTo: 64 * 1024))
            format = chosen.id
            reader = try chosen.makeReader(input, options: ReadOptions().onMachineThreads)
        }
        return try store.write(checkingReferences: false) { (transaction) in
            let cards = try transaction.cardCount()
            guard mode != nil || cards == 0 else {
                throw CardportError(.usage, "the store already holds \(ConversionReport.count(cards, "card"))",
                                    hint: "pass --replace to replace them with the backup, or --merge to merge it in")
            }
            if mode == .replace { try transaction.removeEverything() }
            var report = MergeReport()
            report.inputs.append(MergeReport.Input(name: path, format: format))
            // What the backup's origins name: the card each of its cards became, and the version
            // of each card that was merged into one the store had rather than going in as it was.
            var restored: [RecordKind: [Int64]] = [:]
            var bases: [RecordKind: [Int: CardportCore.Record]] = [:]
            while let record = try reader.next() {
                report.inputs[0].counts.read += 1
                let result = try transaction.upsert(record, policy: policy, provenance: nil)
                switch result {
                case .added: report.inputs[0].counts.added += 1
                case .updated: report.inputs[0].counts.updated += 1
                case .unchanged: report.inputs[0].counts.unchanged += 1
                case .duplicate: report.inputs[0].counts.exactDuplicates += 1
                }
                let kind = record.kind
                guard kind != .tag, kind != .settings else { continue }
                if result != .added { bases[kind, default: [:]][restored[kind, default: []].count] = record }
                restored[kind, default: []].append(transaction.lastCardPK)
            }
            if let provenanceReader = reader as? any ProvenanceReader {
                var known: [Provenance: Int64] = [:]
                for (pk, entry) in try transaction.provenanceRows() { known[entry] = pk }
                var imports: [Int64] = []
                for entry in provenanceReader.provenance {
                    if let pk = known[entry] {
                        imports.append(pk)
                    } else {
                        let pk = try transaction.addProvenance(entry)
                        known[entry] = pk
                        imports.append(pk)
                    }
                }
                let ledger = provenanceReader.origins
                if !ledger.isEmpty {
                    _ = try transaction.restoreOrigins(ledger, cards: restored, imports: imports, bases: bases)
                }
            }
            report.recordsOut = try transaction.cardCount()
            return MergeOutcome(report: report)
        }
    }
}
