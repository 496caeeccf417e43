import CardportCore

/// Bytes as a dictionary key, hashed once and compared byte for byte.
///
/// `String` keys hash through Unicode normalisation, which costs more than the rest of reading an
/// entry; the title lines and metadata line shapes of one file repeat byte for byte, so bytes are
/// the right key. The bytes are digested once, eight at a time, when the key is made: a dictionary
/// then hashes eight bytes per look-up instead of the whole line.
struct ByteKey: Hashable {
    let bytes: [UInt8]
    private let digest: UInt64

    init(_ bytes: UnsafeRawBufferPointer) {
        self.bytes = Array(bytes)
        digest = ByteDigest.of(bytes)
    }

    init(_ bytes: [UInt8]) {
        self.bytes = bytes
        digest = bytes.withUnsafeBytes { ByteDigest.of($0) }
    }

    static func == (lhs: ByteKey, rhs: ByteKey) -> Bool {
        lhs.digest == rhs.digest && lhs.bytes == rhs.bytes
    }

    func hash(into hasher: inout Hasher) {
        hasher.combine(digest)
    }
}

/// A 64-bit digest of bytes for keys that a `Hasher` then only mixes: one pass of ``StableHash``,
/// eight bytes at a time, with the bytes compared as well on every match.
enum ByteDigest {
    static func of(_ bytes: UnsafeRawBufferPointer) -> UInt64 {
        var hash = StableHash()
        hash.combine(bytes: bytes.assumingMemoryBound(to: UInt8.self))
        return hash.finalize().0
    }
}
