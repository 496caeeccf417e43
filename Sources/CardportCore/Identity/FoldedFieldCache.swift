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

    /// The folded UTF-8 of each value met, by the value's bytes.
    private var entries = ByteTable<[UInt8]>()
    private var scratch = FoldBuffer()

    /// Calls `body` with the folded UTF-8 of `field`.
    mutating func withFolded<R>(_ field: String, _ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
        return field.withUTF8Bytes { raw -> R in
            guard raw.count <= FoldedFieldCache.longestValue else {
                TextFolding.fold(field, into: &scratch)
                return scratch.withBytes(body)
            }
            let place: ByteTable<[UInt8]>.Place
            switch entries.find(UnsafeRawBufferPointer(raw)) {
            case .found(let index): return entries[index].withUnsafeBufferPointer(body)
            case .missing(let missing): place = missing
            }
            TextFolding.fold(field, into: &scratch)
            if entries.count < FoldedFieldCache.capacity {
                entries.add(UnsafeRawBufferPointer(raw), scratch.withBytes { Array($0) }, at: place)
            }
            return scratch.withBytes(body)
        }
    }
}
