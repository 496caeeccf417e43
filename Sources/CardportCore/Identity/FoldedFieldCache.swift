import Glibc

/// Remembers the folded form of short fields that repeat across a collection (authors, sources),
/// so that each distinct value is folded once, not once per record.
///
/// A million citations have a few thousand authors: finding a folded author by its bytes costs a
/// fraction of folding it again. Values are matched on their exact UTF-8 bytes, so a hit gives
/// exactly what ``TextFolding/fold(_:into:)`` would. The cache stops growing at ``capacity``
/// values (later ones are folded each time), so memory stays small whatever the input.
struct FoldedFieldCache {
    /// The most values remembered.
    static let capacity = 1 << 16
    /// Values longer than this are folded each time: long values rarely repeat.
    static let longestValue = 256

    private var entries: [UInt64: (raw: [UInt8], folded: [UInt8])] = [:]
    private var scratch: [UInt8] = []

    /// Calls `body` with the folded UTF-8 of `field`.
    mutating func withFolded<R>(_ field: String, _ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
        var contiguous = field
        return contiguous.withUTF8 { raw -> R in
            guard raw.count <= FoldedFieldCache.longestValue else {
                TextFolding.fold(field, into: &scratch)
                return scratch.withUnsafeBufferPointer(body)
            }
            var hasher = StableHash()
            hasher.combine(bytes: raw)
            let hash = hasher.finalize().0
            if let entry = entries[hash], FoldedFieldCache.equal(entry.raw, raw) {
                return entry.folded.withUnsafeBufferPointer(body)
            }
            TextFolding.fold(field, into: &scratch)
            if entries.count < FoldedFieldCache.capacity, entries[hash] == nil {
                entries[hash] = (Array(raw), scratch)
            }
            return scratch.withUnsafeBufferPointer(body)
        }
    }

    /// Whether two byte strings are equal, compared as memory (a generic element-by-element
    /// comparison costs more than the look-up it confirms).
    private static func equal(_ stored: [UInt8], _ raw: UnsafeBufferPointer<UInt8>) -> Bool {
        stored.count == raw.count && stored.withUnsafeBufferPointer { bytes in
            bytes.isEmpty || memcmp(bytes.baseAddress!, raw.baseAddress!, bytes.count) == 0
        }
    }
}
