/// A running hash of the bytes a ``ByteOutput`` writes (``ByteOutput/digest``): a backup's writer
/// ends the document with the checksum of every byte before it. The operations give one over
/// SHA-256; the core names no digest of its own.
package protocol OutputDigest: AnyObject {
    /// Adds bytes.
    func update(_ bytes: UnsafeRawBufferPointer)
    /// The digest of the bytes added so far, in lower-case hexadecimal; the hash goes on.
    var hex: String { get }
}
