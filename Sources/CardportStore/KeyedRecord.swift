public import CardportCore

/// A record with what the store looks it up by: its identity key and the digest of its content.
///
/// Computing both is most of an import's work outside SQLite, and needs nothing but the record, so
/// an import makes them on the thread that reads the file while the store writes the previous ones.
///
/// ```swift
/// let keyed = KeyedRecord(.citation(Citation(text: "Carpe diem.")))
/// try transaction.upsert(keyed, policy: .newest, provenance: nil)
/// ```
public struct KeyedRecord: Sendable {
    /// The record.
    public let record: CardportCore.Record
    /// ``CardportCore/Record/identityKey`` of the record.
    public let key: IdentityKey
    /// A digest of the record's whole content.
    let digest: Int64

    /// Keys a record.
    public init(_ record: CardportCore.Record) {
        self.record = record
        self.key = record.identityKey
        self.digest = RecordDigest.digest(record)
    }
}
