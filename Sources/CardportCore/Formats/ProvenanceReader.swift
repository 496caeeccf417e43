/// A reader of a document that carries a store's provenance besides its records (the native
/// document, as `cardport backup` writes it).
///
/// The provenance and origins are complete once ``RecordReader/next()`` has returned `nil`.
public protocol ProvenanceReader: RecordReader {
    /// The provenance entries read so far.
    var provenance: [Provenance] { get }
    /// The sources and origins read so far.
    var origins: OriginLedger { get }
}
