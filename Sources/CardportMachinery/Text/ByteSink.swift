/// A write cursor over memory its owner has sized for the worst case.
///
/// Normalising writes a byte at a time; through an array's `append` each byte costs a capacity and a
/// uniqueness check, several times the work of normalising it.
package struct ByteSink {
    /// The first byte of the memory.
    package let base: UnsafeMutablePointer<UInt8>
    /// Bytes written so far.
    package private(set) var count = 0

    package init(base: UnsafeMutablePointer<UInt8>) {
        self.base = base
    }

    /// Whether nothing has been written.
    package var isEmpty: Bool { count == 0 }

    @inline(__always)
    package mutating func append(_ byte: UInt8) {
        base[count] = byte
        count += 1
    }

    /// Writes the first `count` (at most eight) bytes of `word`, the low byte first; the memory
    /// must have room for all eight.
    @inline(__always)
    package mutating func append(word: UInt64, count: Int) {
        UnsafeMutableRawPointer(base + self.count).storeBytes(of: word.littleEndian, as: UInt64.self)
        self.count += count
    }

    /// Writes up to seven bytes packed in the low bytes of `packed` (first byte lowest), their
    /// number in its high byte; the memory must have room for eight.
    @inline(__always)
    package mutating func append(packed: UInt64) {
        UnsafeMutableRawPointer(base + count).storeBytes(of: packed.littleEndian, as: UInt64.self)
        count += Int(packed >> 56)
    }
}
