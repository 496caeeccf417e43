public import CardportCore
import CardportMachinery
public import CardportStore
import CardportJSON

/// Writes everything a store holds to one native Cardport document with a checksum.
///
/// The document holds every card (ids, archived citations included), the tags, the settings, the
/// provenance entries and the origins by which re-imports find their cards, and ends with `"checksum": "sha256:…"`: the SHA-256 of every byte before
/// the checksum's opening quote. Records come in the order the store added them and tags by name,
/// so backing up a store restored from a backup gives the same bytes.
///
/// ```swift
/// let summary = try Backup(store: store).write(to: "cards-backup.json")
/// summary.records    // every record written
/// ```
public struct Backup: Sendable {
    /// The store to back up.
    public let store: Store

    /// Creates a backup of `store`.
    public init(store: Store) {
        self.store = store
    }

    /// Opens the store in `file` to read it (``StoreFile/Access/reading``).
    public init(opening file: StoreFile) throws(CardportError) {
        self.init(store: try file.open(.reading))
    }

    /// Writes the backup to `path` (`-` for standard output); the file appears only when complete.
    public func write(to path: String) throws(CardportError) -> BackupSummary {
        let file = try OutputFile(path: path)
        do throws(CardportError) {
            file.output.digest = BackupDigest()
            guard let writer = try NativeJSONFormat().makeWriter(file.output, options: WriteOptions()) as? any ProvenanceWriter
            else { throw CardportError(.io, "the native format cannot carry provenance") }
            var tally = KindTally()
            try store.read { (reader) in
                writer.origins = try reader.originLedger()
                try reader.forEach(.everything) { (record) in
                    tally[record.kind] += 1
                    try writer.write(record)
                }
                writer.provenance = try reader.provenance()
            }
            try writer.finish()
            let checksum = writer.checksum ?? ""
            try file.commit()
            return BackupSummary(path: path, records: tally.byPluralName, provenance: writer.provenance.count,
                                 origins: writer.origins.entries.count, checksum: checksum)
        } catch {
            file.discard()
            throw error
        }
    }
}
