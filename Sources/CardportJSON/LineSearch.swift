#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The address of the next `\n` in `count` bytes from `start`, or `nil`: `memchr`, which the C
/// library vectorises, so finding line ends costs little next to parsing.
@inline(__always)
func memchrLine(_ start: UnsafeRawPointer, _ count: Int) -> UnsafeRawPointer? {
    guard count > 0, let hit = memchr(start, 0x0A, count) else { return nil }
    return UnsafeRawPointer(hit)
}
