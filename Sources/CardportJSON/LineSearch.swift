import CardportMachinery


/// The address of the next `\n` in `count` bytes from `start`, or `nil`: `memchr`, which the C
/// library vectorises, so finding line ends costs little next to parsing.
@inline(__always)
func memchrLine(_ start: UnsafeRawPointer, _ count: Int) -> UnsafeRawPointer? {
    ByteSearch.first(0x0A, from: start, count: count)
}
