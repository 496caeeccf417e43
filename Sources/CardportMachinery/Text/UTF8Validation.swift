#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Fast UTF-8 checks on raw bytes, for readers that build strings from input without going
/// through the standard library's generic (and, on this path, slow) validating initialisers.
package enum UTF8Validation {
    /// Whether every byte is below 0x80, eight (or sixteen) bytes at a time.
    ///
    /// ASCII bytes are valid UTF-8 on their own, so a reader can take its fast way for a cell or a
    /// whole record without a further check.
    ///
    /// ```swift
    /// UTF8Validation.isASCII(UnsafeRawBufferPointer(...))  // true for "Carpe diem.", false for "Zoë"
    /// ```
    @inlinable
    package static func isASCII(_ bytes: UnsafeRawBufferPointer) -> Bool {
        let count = bytes.count
        guard count > 0 else { return true }
        let base = bytes.baseAddress!
        let highs: UInt64 = 0x8080_8080_8080_8080
        var i = 0
        // Two words a turn: one branch per sixteen bytes.
        while i + 16 <= count {
            let word = base.loadUnaligned(fromByteOffset: i, as: UInt64.self)
                | base.loadUnaligned(fromByteOffset: i + 8, as: UInt64.self)
            if word & highs != 0 { return false }
            i += 16
        }
        if count >= 8 {
            // The rest, as one or two words that overlap bytes already checked.
            var word = base.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self)
            if i + 8 < count { word |= base.loadUnaligned(fromByteOffset: i, as: UInt64.self) }
            return word & highs == 0
        }
        var any: UInt8 = 0
        while i < count {
            any |= base.load(fromByteOffset: i, as: UInt8.self)
            i += 1
        }
        return any & 0x80 == 0
    }

    /// The offset of the first byte that does not start a well-formed UTF-8 sequence (overlong
    /// forms, surrogates and values past U+10FFFF are ill-formed), or `nil` when all bytes are valid.
    package static func firstInvalidOffset(_ bytes: UnsafeRawBufferPointer) -> Int? {
        let count = bytes.count
        var i = 0
        while i < count {
            // Eight ASCII bytes at a time.
            while i + 8 <= count, bytes.loadUnaligned(fromByteOffset: i, as: UInt64.self) & 0x8080_8080_8080_8080 == 0 {
                i += 8
            }
            guard i < count else { return nil }
            let lead = bytes[i]
            if lead < 0x80 {
                i += 1
                continue
            }
            let length: Int
            var low: UInt8 = 0x80
            var high: UInt8 = 0xBF
            switch lead {
            case 0xC2...0xDF: length = 2
            case 0xE0: length = 3; low = 0xA0
            case 0xE1...0xEC, 0xEE...0xEF: length = 3
            case 0xED: length = 3; high = 0x9F
            case 0xF0: length = 4; low = 0x90
            case 0xF1...0xF3: length = 4
            case 0xF4: length = 4; high = 0x8F
            default: return i
            }
            guard i + length <= count else { return i }
            let second = bytes[i + 1]
            guard second >= low && second <= high else { return i }
            if length > 2 {
                guard bytes[i + 2] & 0xC0 == 0x80 else { return i }
                if length > 3 {
                    guard bytes[i + 3] & 0xC0 == 0x80 else { return i }
                }
            }
            i += length
        }
        return nil
    }

    /// The bytes as a `String`, or `nil` with the offset of the first bad byte.
    package static func string(_ bytes: UnsafeRawBufferPointer) -> Result<String, InvalidByte> {
        // Not `String(decoding:as:)`: its generic path asks at run time whether the bytes are
        // contiguous. This initialiser validates as it copies and repairs what is invalid, so the
        // bytes came through unchanged exactly when they were valid; comparing them costs less
        // than validating twice.
        var text = String(unsafeUninitializedCapacity: bytes.count) { buffer in
            UnsafeMutableRawBufferPointer(buffer).copyMemory(from: bytes)
            return bytes.count
        }
        let unchanged = text.withUTF8 { copy in
            copy.count == bytes.count && (copy.isEmpty || memcmp(copy.baseAddress!, bytes.baseAddress!, copy.count) == 0)
        }
        if unchanged { return .success(text) }
        return .failure(InvalidByte(offset: firstInvalidOffset(bytes) ?? 0))
    }

    /// Where invalid UTF-8 starts, relative to the bytes checked.
    package struct InvalidByte: Error, Sendable, Hashable {
        /// The offset of the first invalid byte.
        package let offset: Int
    }
}
