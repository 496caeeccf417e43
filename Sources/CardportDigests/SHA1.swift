internal import CLibCrypto

/// SHA-1 through the system's libcrypto, for what needs it by standard: name-based (version 5)
/// UUIDs (RFC 9562).
///
/// SHA-1 is broken for signatures; a version-5 UUID only spreads a name over 128 bits the way
/// every other implementation does, so the ids agree with theirs.
///
/// ```swift
/// SHA1.digest(Array("abc".utf8)).count   // 20
/// ```
package enum SHA1 {
    /// The 20-byte digest of `message`.
    package static func digest(_ message: [UInt8]) -> [UInt8] {
        message.withUnsafeBytes { digest($0) }
    }

    /// The 20-byte digest of the bytes.
    package static func digest(_ message: UnsafeRawBufferPointer) -> [UInt8] {
        var out = [UInt8](repeating: 0, count: Int(EVP_MAX_MD_SIZE))
        var length: UInt32 = 0
        let ok = out.withUnsafeMutableBufferPointer { buffer in
            EVP_Digest(message.baseAddress, message.count, buffer.baseAddress, &length, EVP_sha1(), nil)
        }
        // Only an allocation failure inside libcrypto can fail a one-shot digest.
        precondition(ok == 1, "libcrypto could not compute a SHA-1 digest")
        return Array(out[0..<Int(length)])
    }
}
