/// A writer of a document that can carry a store's provenance and a checksum of its content.
///
/// Set ``origins`` before the first record and ``provenance`` before ``RecordWriter/finish()``;
/// when the output has a ``ByteOutput/digest``, the writer ends the document with the digest of
/// every byte before it.
public protocol ProvenanceWriter: RecordWriter {
    /// The provenance entries to write at the end of the document.
    var provenance: [Provenance] { get set }
    /// The sources and origins to write at the end of the document; set before the first record,
    /// since a document that carries them says so in its header.
    var origins: OriginLedger { get set }
    /// The checksum written at the end (64 hex digits), once ``RecordWriter/finish()`` has run on an
    /// output with a digest.
    var checksum: String? { get }
}
