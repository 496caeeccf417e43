#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Finding one byte in a buffer through `memchr`, which the C library vectorises: line ends, NUL
/// bytes, quotes.
package enum ByteScan {
    /// The index in `bytes` of the first `byte` at or after `start`, or `nil`.
    package static func firstIndex(of byte: UInt8, in bytes: UnsafeRawBufferPointer, from start: Int = 0) -> Int? {
        guard start < bytes.count, let base = bytes.baseAddress,
              let hit = memchr(base + start, Int32(byte), bytes.count - start) else { return nil }
        return UnsafeRawPointer(hit) - base
    }
}
