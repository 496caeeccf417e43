/// A 64-bit digest of bytes for keys that a table or a `Hasher` then only mixes: one pass of
/// ``StableHash``, eight bytes at a time. It is not an identity: whoever finds two keys with the same
/// digest compares their bytes as well.
package enum ByteDigest {
    /// The digest of `bytes`.
    @inlinable package static func of(_ bytes: UnsafeRawBufferPointer) -> UInt64 {
        var hash = StableHash()
        hash.combine(bytes: bytes.assumingMemoryBound(to: UInt8.self))
        return hash.finalize().0
    }
}
