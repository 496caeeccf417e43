/// A reader of a document that carries a store's provenance besides its records (the native
/// document, as `cardport backup` writes it).
///
/// The provenance is complete once ``RecordReader/next()`` has returned `nil`.
public protocol ProvenanceReader: RecordReader {
    /// The provenance entries read so far.
    var provenance: [Provenance] { get }
}

/// A writer of a document that can carry a store's provenance and a checksum of its content.
///
/// Set ``provenance`` before ``RecordWriter/finish()``; when the output has a
/// ``ByteOutput/digest``, the writer ends the document with the digest of every byte before it.
public protocol ProvenanceWriter: RecordWriter {
    /// The provenance entries to write at the end of the document.
    var provenance: [Provenance] { get set }
}
