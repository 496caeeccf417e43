internal import CLibCrypto

/// A SHA-256 digest computed in pieces, for checksums of imported files and backups, through the
/// system's libcrypto.
///
/// A value type: a copy hashes on independently of the original (the libcrypto context is copied
/// the first time one of them changes). Feed bytes with ``update(_:)-(UnsafeRawBufferPointer)`` in
/// any pieces, then ``finalize()``.
///
/// ```swift
/// var hash = SHA256()
/// hash.update(Array("abc".utf8))
/// hash.finalize().hex   // "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"
/// ```
package struct SHA256: Sendable {
    private var context = Context()

    /// A hash of nothing yet.
    package init() {}

    /// Adds bytes.
    package mutating func update(_ bytes: UnsafeRawBufferPointer) {
        guard bytes.count > 0 else { return }
        if !isKnownUniquelyReferenced(&context) { context = context.copy() }
        context.update(bytes)
    }

    /// Adds bytes.
    package mutating func update(_ bytes: [UInt8]) {
        bytes.withUnsafeBytes { update($0) }
    }

    /// The digest of everything added; the hash itself is left as it was.
    package func finalize() -> Digest {
        Digest(bytes: context.copy().finish())
    }

    /// The digest of a whole byte array.
    package static func hash(_ bytes: [UInt8]) -> Digest {
        var hash = SHA256()
        hash.update(bytes)
        return hash.finalize()
    }

    /// A finished digest: 32 bytes.
    package struct Digest: Sendable, Hashable, CustomStringConvertible {
        /// The 32 bytes of the digest.
        package let bytes: [UInt8]

        /// The digest as 64 lower-case hexadecimal digits.
        package var hex: String {
            let digits = Array("0123456789abcdef".utf8)
            var text: [UInt8] = []
            text.reserveCapacity(64)
            for byte in bytes {
                text.append(digits[Int(byte >> 4)])
                text.append(digits[Int(byte & 15)])
            }
            return String(decoding: text, as: UTF8.self)
        }

        package var description: String { hex }
    }

    /// Owns one libcrypto digest context. It is changed only through a ``SHA256`` that holds the
    /// sole reference, so sharing it between threads is safe.
    private final class Context: @unchecked Sendable {
        private let handle: OpaquePointer

        init() {
            // Only an allocation failure inside libcrypto can fail these.
            guard let handle = EVP_MD_CTX_new() else { fatalError("libcrypto could not allocate a digest context") }
            precondition(EVP_DigestInit_ex(handle, EVP_sha256(), nil) == 1, "libcrypto could not start a SHA-256 digest")
            self.handle = handle
        }

        private init(copying other: Context) {
            guard let handle = EVP_MD_CTX_new() else { fatalError("libcrypto could not allocate a digest context") }
            precondition(EVP_MD_CTX_copy_ex(handle, other.handle) == 1, "libcrypto could not copy a digest context")
            self.handle = handle
        }

        deinit { EVP_MD_CTX_free(handle) }

        func copy() -> Context { Context(copying: self) }

        func update(_ bytes: UnsafeRawBufferPointer) {
            precondition(EVP_DigestUpdate(handle, bytes.baseAddress, bytes.count) == 1, "libcrypto could not hash")
        }

        /// Ends this context's digest (the context cannot take more bytes afterwards).
        func finish() -> [UInt8] {
            var out = [UInt8](repeating: 0, count: Int(EVP_MAX_MD_SIZE))
            var length: UInt32 = 0
            let ok = out.withUnsafeMutableBufferPointer { EVP_DigestFinal_ex(handle, $0.baseAddress, &length) }
            precondition(ok == 1, "libcrypto could not finish a SHA-256 digest")
            return Array(out[0..<Int(length)])
        }
    }
}
