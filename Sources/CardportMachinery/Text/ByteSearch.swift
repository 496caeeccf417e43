#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The byte scans of the C library, which it vectorises: finding one byte (`memchr`: line ends,
/// NUL bytes, quotes), comparing two runs of bytes (`memcmp`), measuring a C string (`strlen`).
package enum ByteSearch {
    /// The index in `bytes` of the first `byte` at or after `start`, or `nil`.
    package static func firstIndex(of byte: UInt8, in bytes: UnsafeRawBufferPointer, from start: Int = 0) -> Int? {
        guard start < bytes.count, let base = bytes.baseAddress,
              let hit = memchr(base + start, Int32(byte), bytes.count - start) else { return nil }
        return UnsafeRawPointer(hit) - base
    }

    /// The first `byte` in the `count` bytes from `start`, or `nil`.
    package static func first(_ byte: UInt8, from start: UnsafeRawPointer, count: Int) -> UnsafeRawPointer? {
        guard count > 0, let hit = memchr(start, Int32(byte), count) else { return nil }
        return UnsafeRawPointer(hit)
    }

    /// Whether the `count` bytes at `a` and at `b` are the same.
    package static func equal(_ a: UnsafeRawPointer, _ b: UnsafeRawPointer, count: Int) -> Bool {
        count == 0 || memcmp(a, b, count) == 0
    }

    /// The number of bytes before the NUL that ends a C string.
    package static func length(ofCString string: UnsafePointer<UInt8>) -> Int {
        string.withMemoryRebound(to: CChar.self, capacity: 1) { strlen($0) }
    }
}
