/// Room to normalise texts into, reused from one text to the next: ``TextNormalisation/normalise(_:into:)-(_,NormalisationBuffer)``
/// leaves the normalised bytes of the last text in it.
///
/// Normalising into an array costs a sizing of it to the worst case and a cut to the bytes written
/// for every text: more than normalising a short text. The buffer only grows, and keeps where the
/// normalised bytes start and end.
///
/// ```swift
/// var buffer = NormalisationBuffer()
/// TextNormalisation.normalise("  Well begun… ", into: &buffer)
/// buffer.withBytes { String(decoding: $0, as: UTF8.self) }   // "well begun"
/// ```
package struct NormalisationBuffer {
    /// At least as many bytes as the largest normalisation so far needed; the last normalisation's are `start..<end`.
    private var storage: [UInt8] = []
    private var start = 0
    private var end = 0

    /// An empty buffer.
    package init() {}

    /// A buffer holding `bytes` as if they were a normalisation (for tests).
    package init(_ bytes: some Sequence<UInt8>) {
        storage = Array(bytes)
        end = storage.count
    }

    /// The number of normalised bytes.
    package var count: Int { end - start }

    /// Calls `body` with the normalised bytes.
    package func withBytes<R>(_ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
        storage.withUnsafeBufferPointer { body(UnsafeBufferPointer(rebasing: $0[start..<end])) }
    }

    /// Leaves no normalised bytes (keeping the room).
    package mutating func removeAll() {
        (start, end) = (0, 0)
    }

    /// Calls `write` with room for at least `capacity` bytes; it returns how many it wrote, or
    /// `nil` to leave the buffer empty. Then `trim` gives the part of the written bytes to keep.
    package mutating func fill(capacity: Int, _ write: (UnsafeMutablePointer<UInt8>) -> Int?,
                       trim: (UnsafeBufferPointer<UInt8>) -> Range<Int>) -> Bool {
        if storage.count < capacity {
            storage.append(contentsOf: repeatElement(0, count: Swift.max(capacity, storage.count * 2) - storage.count))
        }
        guard let written = storage.withUnsafeMutableBufferPointer({ write($0.baseAddress!) }) else {
            (start, end) = (0, 0)
            return false
        }
        let kept = storage.withUnsafeBufferPointer { trim(UnsafeBufferPointer(rebasing: $0[0..<written])) }
        (start, end) = (kept.lowerBound, kept.upperBound)
        return true
    }
}
