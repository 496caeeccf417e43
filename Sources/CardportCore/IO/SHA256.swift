/// A SHA-256 digest computed in pieces (FIPS 180-4), for checksums of imported files and backups.
///
/// Foundation on Linux has no hash functions, and a checksum must read the same on every platform,
/// so Cardport carries its own. Feed bytes with ``update(_:)`` in any pieces, then ``finalize()``.
///
/// ```swift
/// var hash = SHA256()
/// hash.update(Array("abc".utf8))
/// hash.finalize().hex   // "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"
/// ```
public struct SHA256: Sendable {
    private var state: (UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32) =
        (0x6a09_e667, 0xbb67_ae85, 0x3c6e_f372, 0xa54f_f53a, 0x510e_527f, 0x9b05_688c, 0x1f83_d9ab, 0x5be0_cd19)
    private var pending: [UInt8] = []
    private var length: UInt64 = 0

    /// A hash of nothing yet.
    public init() {
        pending.reserveCapacity(64)
    }

    /// Adds bytes.
    public mutating func update(_ bytes: UnsafeRawBufferPointer) {
        guard bytes.count > 0 else { return }
        length &+= UInt64(bytes.count)
        var offset = 0
        if !pending.isEmpty {
            let take = Swift.min(64 - pending.count, bytes.count)
            pending.append(contentsOf: bytes[0..<take])
            offset = take
            guard pending.count == 64 else { return }
            pending.withUnsafeBytes { compress($0.baseAddress!) }
            pending.removeAll(keepingCapacity: true)
        }
        let whole = (bytes.count - offset) / 64
        if whole > 0 {
            compress(bytes.baseAddress! + offset, count: whole)
            offset += whole * 64
        }
        if offset < bytes.count { pending.append(contentsOf: bytes[offset...]) }
    }

    /// Adds bytes.
    public mutating func update(_ bytes: [UInt8]) {
        bytes.withUnsafeBytes { update($0) }
    }

    /// The digest of everything added; the hash itself is left as it was.
    public func finalize() -> Digest {
        var copy = self
        let bitLength = length &* 8
        var tail: [UInt8] = [0x80]
        while (pending.count + tail.count) % 64 != 56 { tail.append(0) }
        for shift in stride(from: 56, through: 0, by: -8) { tail.append(UInt8(truncatingIfNeeded: bitLength >> UInt64(shift))) }
        let total = copy.length
        copy.update(tail)
        copy.length = total
        let s = copy.state
        var bytes: [UInt8] = []
        bytes.reserveCapacity(32)
        for word in [s.0, s.1, s.2, s.3, s.4, s.5, s.6, s.7] {
            bytes += [UInt8(word >> 24), UInt8(truncatingIfNeeded: word >> 16), UInt8(truncatingIfNeeded: word >> 8),
                      UInt8(truncatingIfNeeded: word)]
        }
        return Digest(bytes: bytes)
    }

    /// The digest of a whole byte array.
    public static func hash(_ bytes: [UInt8]) -> Digest {
        var hash = SHA256()
        hash.update(bytes)
        return hash.finalize()
    }

    /// A finished digest: 32 bytes.
    public struct Digest: Sendable, Hashable, CustomStringConvertible {
        /// The 32 bytes of the digest.
        public let bytes: [UInt8]

        /// The digest as 64 lower-case hexadecimal digits.
        public var hex: String {
            let digits = Array("0123456789abcdef".utf8)
            var text: [UInt8] = []
            text.reserveCapacity(64)
            for byte in bytes {
                text.append(digits[Int(byte >> 4)])
                text.append(digits[Int(byte & 15)])
            }
            return String(decoding: text, as: UTF8.self)
        }

        public var description: String { hex }
    }

    private static let k: [UInt32] = [
        0x428a_2f98, 0x7137_4491, 0xb5c0_fbcf, 0xe9b5_dba5, 0x3956_c25b, 0x59f1_11f1, 0x923f_82a4, 0xab1c_5ed5,
        0xd807_aa98, 0x1283_5b01, 0x2431_85be, 0x550c_7dc3, 0x72be_5d74, 0x80de_b1fe, 0x9bdc_06a7, 0xc19b_f174,
        0xe49b_69c1, 0xefbe_4786, 0x0fc1_9dc6, 0x240c_a1cc, 0x2de9_2c6f, 0x4a74_84aa, 0x5cb0_a9dc, 0x76f9_88da,
        0x983e_5152, 0xa831_c66d, 0xb003_27c8, 0xbf59_7fc7, 0xc6e0_0bf3, 0xd5a7_9147, 0x06ca_6351, 0x1429_2967,
        0x27b7_0a85, 0x2e1b_2138, 0x4d2c_6dfc, 0x5338_0d13, 0x650a_7354, 0x766a_0abb, 0x81c2_c92e, 0x9272_2c85,
        0xa2bf_e8a1, 0xa81a_664b, 0xc24b_8b70, 0xc76c_51a3, 0xd192_e819, 0xd699_0624, 0xf40e_3585, 0x106a_a070,
        0x19a4_c116, 0x1e37_6c08, 0x2748_774c, 0x34b0_bcb5, 0x391c_0cb3, 0x4ed8_aa4a, 0x5b9c_ca4f, 0x682e_6ff3,
        0x748f_82ee, 0x78a5_636f, 0x84c8_7814, 0x8cc7_0208, 0x90be_fffa, 0xa450_6ceb, 0xbef9_a3f7, 0xc671_78f2,
    ]

    @inline(__always)
    private static func rotr(_ x: UInt32, _ n: UInt32) -> UInt32 { (x >> n) | (x << (32 - n)) }

    private mutating func compress(_ block: UnsafeRawPointer) {
        compress(block, count: 1)
    }

    /// Runs the compression function over `count` consecutive 64-byte blocks.
    private mutating func compress(_ blocks: UnsafeRawPointer, count: Int) {
        var (h0, h1, h2, h3, h4, h5, h6, h7) = state
        withUnsafeTemporaryAllocation(of: UInt32.self, capacity: 64) { w in
            SHA256.k.withUnsafeBufferPointer { k in
                for index in 0..<count {
                    let block = blocks + index * 64
                    for i in 0..<16 { w[i] = UInt32(bigEndian: block.loadUnaligned(fromByteOffset: i * 4, as: UInt32.self)) }
                    for i in 16..<64 {
                        let x = w[i - 15]
                        let y = w[i - 2]
                        let s0 = SHA256.rotr(x, 7) ^ SHA256.rotr(x, 18) ^ (x >> 3)
                        let s1 = SHA256.rotr(y, 17) ^ SHA256.rotr(y, 19) ^ (y >> 10)
                        w[i] = w[i - 16] &+ s0 &+ w[i - 7] &+ s1
                    }
                    var a = h0, b = h1, c = h2, d = h3, e = h4, f = h5, g = h6, h = h7
                    for i in 0..<64 {
                        let s1 = SHA256.rotr(e, 6) ^ SHA256.rotr(e, 11) ^ SHA256.rotr(e, 25)
                        let choice = (e & f) ^ (~e & g)
                        let t1 = h &+ s1 &+ choice &+ k[i] &+ w[i]
                        let s0 = SHA256.rotr(a, 2) ^ SHA256.rotr(a, 13) ^ SHA256.rotr(a, 22)
                        let majority = (a & b) ^ (a & c) ^ (b & c)
                        h = g; g = f; f = e; e = d &+ t1
                        d = c; c = b; b = a; a = t1 &+ s0 &+ majority
                    }
                    h0 &+= a; h1 &+= b; h2 &+= c; h3 &+= d; h4 &+= e; h5 &+= f; h6 &+= g; h7 &+= h
                }
            }
        }
        state = (h0, h1, h2, h3, h4, h5, h6, h7)
    }
}
