/// A 128-bit hash of byte strings that is the same on every platform and in every run.
///
/// Swift's `Hasher` is seeded per process, so it cannot name things that must come out the same
/// tomorrow. This hash takes eight bytes at a time (little-endian) into two lanes with different
/// multipliers and finishes each with a 64-bit avalanche mix; each field ends with its length and a
/// marker, so `("ab","c")` and `("a","bc")` differ and an absent field differs from an empty one.
/// It is for deterministic ids, not for security.
package struct StableHash: Sendable, Hashable {
    private var a: UInt64 = 0x243F_6A88_85A3_08D3
    private var b: UInt64 = 0x1319_8A2E_0370_7344
    private static let primeA: UInt64 = 0x9E37_79B9_7F4A_7C15
    private static let primeB: UInt64 = 0xC2B2_AE3D_27D4_EB4F

    /// A hash of nothing yet.
    package init() {}

    /// Adds one field's UTF-8 bytes.
    package mutating func combine(_ field: String) {
        field.withUTF8Bytes { combine(bytes: $0) }
    }

    /// Adds one field given as UTF-8 bytes; the same as ``combine(_:)-(String)`` of that string.
    package mutating func combine(bytes: UnsafeBufferPointer<UInt8>) {
        combine(bytes: UnsafeRawBufferPointer(bytes))
    }

    /// Adds one field given as raw UTF-8 bytes, for readers that hash a field before (or instead
    /// of) making its string; the same as ``combine(_:)-(String)`` of the string of those bytes.
    package mutating func combine(bytes raw: UnsafeRawBufferPointer) {
        // The lanes in locals and the words read through a pointer known to be there: the loop
        // then keeps both lanes in registers instead of storing them back for every word.
        var a = self.a, b = self.b
        let count = raw.count
        var tail: UInt64 = 0
        if let base = raw.baseAddress {
            var i = 0
            while i &+ 8 <= count {
                StableHash.add(UInt64(littleEndian: base.loadUnaligned(fromByteOffset: i, as: UInt64.self)), &a, &b)
                i &+= 8
            }
            // The last 0–7 bytes, zero-padded: taken from one load of the field's last eight bytes
            // when the field has that many, else byte by byte.
            let rest = count &- i
            if rest > 0 && count >= 8 {
                tail = UInt64(littleEndian: base.loadUnaligned(fromByteOffset: count &- 8, as: UInt64.self)) >> UInt64(64 &- 8 &* rest)
            } else {
                var shift: UInt64 = 0
                while i < count {
                    tail |= UInt64(base.load(fromByteOffset: i, as: UInt8.self)) << shift
                    shift &+= 8
                    i &+= 1
                }
            }
        }
        StableHash.add(tail, &a, &b)
        StableHash.add(UInt64(count) | 0xFF00_0000_0000_0000, &a, &b)
        self.a = a
        self.b = b
    }

    /// Adds a field that may be absent; absent is distinct from empty.
    package mutating func combine(_ field: String?) {
        if let field { combine(field) } else { add(0xFE00_0000_0000_0000) }
    }

    /// Adds a field given as raw UTF-8 bytes that may be absent; the same as
    /// ``combine(_:)-(String?)`` of the string of those bytes.
    package mutating func combine(bytes raw: UnsafeRawBufferPointer?) {
        if let raw { combine(bytes: raw) } else { add(0xFE00_0000_0000_0000) }
    }

    @inline(__always)
    private mutating func add(_ word: UInt64) {
        StableHash.add(word, &a, &b)
    }

    @inline(__always)
    private static func add(_ word: UInt64, _ a: inout UInt64, _ b: inout UInt64) {
        a = (a ^ word) &* StableHash.primeA
        a ^= a >> 32
        b = (b ^ (word << 29 | word >> 35)) &* StableHash.primeB
        b ^= b >> 29
    }

    private static func mix(_ value: UInt64) -> UInt64 {
        var z = value
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// The 128-bit digest as two 64-bit words.
    package func finalize() -> (UInt64, UInt64) {
        let high = StableHash.mix(a ^ StableHash.mix(b))
        return (high, StableHash.mix(b ^ high))
    }
}
