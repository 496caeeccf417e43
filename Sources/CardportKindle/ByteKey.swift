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

/// A fast 64-bit digest of bytes, for keys that a `Hasher` then only mixes: not stable across
/// versions and not for anything but look-ups that compare the bytes too.
enum ByteDigest {
    static func of(_ bytes: UnsafeRawBufferPointer) -> UInt64 {
        var h: UInt64 = 0x9E37_79B9_7F4A_7C15 ^ UInt64(bytes.count)
        var i = 0
        while i + 8 <= bytes.count {
            h = (h ^ bytes.loadUnaligned(fromByteOffset: i, as: UInt64.self)) &* 0xBF58_476D_1CE4_E5B9
            h ^= h >> 31
            i += 8
        }
        var tail: UInt64 = 0
        var shift: UInt64 = 0
        while i < bytes.count {
            tail |= UInt64(bytes[i]) << shift
            shift += 8
            i += 1
        }
        h = (h ^ tail) &* 0x94D0_49BB_1331_11EB
        return h ^ (h >> 29)
    }
}
