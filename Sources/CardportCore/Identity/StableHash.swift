/// A 128-bit hash of byte strings that is the same on every platform and in every run.
///
/// Swift's `Hasher` is seeded per process, so it cannot name things that must come out the same
/// tomorrow. This is two FNV-1a lanes with different bases, each finished with a 64-bit avalanche
/// mix; fields are separated by a byte that UTF-8 never contains, so `("ab","c")` and `("a","bc")`
/// differ. It is for deterministic ids, not for security.
public struct StableHash: Sendable {
    private var a: UInt64 = 0xcbf2_9ce4_8422_2325
    private var b: UInt64 = 0x6c62_272e_07bb_0142
    private static let prime: UInt64 = 0x0000_0100_0000_01b3

    public init() {}

    /// Adds one field's UTF-8 bytes, then a separator.
    public mutating func combine(_ field: String) {
        var field = field
        field.withUTF8 { bytes in
            for byte in bytes { add(byte) }
        }
        add(0xFF)
    }

    /// Adds a field that may be absent; absent is distinct from empty.
    public mutating func combine(_ field: String?) {
        if let field {
            combine(field)
        } else {
            add(0xFE)
            add(0xFF)
        }
    }

    @inline(__always)
    private mutating func add(_ byte: UInt8) {
        a = (a ^ UInt64(byte)) &* StableHash.prime
        b = (b ^ UInt64(byte ^ 0x5A)) &* StableHash.prime
    }

    private static func mix(_ value: UInt64) -> UInt64 {
        var z = value
        z = (z ^ (z >> 30)) &* 0xbf58_476d_1ce4_e5b9
        z = (z ^ (z >> 27)) &* 0x94d0_49bb_1331_11eb
        return z ^ (z >> 31)
    }

    /// The 128-bit digest as two 64-bit words.
    public func finalize() -> (UInt64, UInt64) {
        (StableHash.mix(a), StableHash.mix(b ^ StableHash.mix(a)))
    }
}
