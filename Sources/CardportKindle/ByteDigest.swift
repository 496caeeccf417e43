import CardportCore

/// A 64-bit digest of bytes for keys that a `Hasher` then only mixes: one pass of ``StableHash``,
/// eight bytes at a time, with the bytes compared as well on every match.
enum ByteDigest {
    static func of(_ bytes: UnsafeRawBufferPointer) -> UInt64 {
        var hash = StableHash()
        hash.combine(bytes: bytes.assumingMemoryBound(to: UInt8.self))
        return hash.finalize().0
    }
}
