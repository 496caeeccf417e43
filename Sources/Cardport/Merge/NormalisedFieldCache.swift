import CardportCore
import CardportMachinery

/// Remembers the normalised form of short fields that repeat across a collection (authors, sources),
/// so that each distinct value is normalised once, not once per record.
///
/// A million citations have a few thousand authors: finding a normalised author by its bytes costs a
/// fraction of normalising it again. Values are matched on their exact UTF-8 bytes, so a hit gives
/// exactly what ``TextNormalisation/normalise(_:into:)`` would. The cache stops growing at ``capacity``
/// values (later ones are normalised each time), so memory stays small whatever the input.
///
/// Most authors and sources are short: a value of up to 32 bytes is first looked for in a small
/// table of the values met lately, read as four words and compared word by word, which costs a
/// fraction of digesting its bytes and comparing them in the full table. A value there is
/// replaced by the next one that lands on its slot.
struct NormalisedFieldCache {
    /// The most values remembered.
    static let capacity = 1 << 16
    /// Values longer than this are normalised each time: long values rarely repeat.
    static let longestValue = 256
    /// Slots of the table of values met lately.
    private static let recentSlots = 1 << 14

    /// The values met, by their bytes, numbered as their normalised UTF-8 in `normalised`.
    private var entries = ByteKeys()
    private var normalised: [[UInt8]] = []
    /// Values of up to 32 bytes met lately.
    private var recent = [Recent](repeating: Recent(words: Words(), count: -1, entry: 0), count: NormalisedFieldCache.recentSlots)
    private var scratch = NormalisationBuffer()

    /// Up to 32 bytes of a value, zero-padded.
    private struct Words: Equatable {
        var a: UInt64 = 0, b: UInt64 = 0, c: UInt64 = 0, d: UInt64 = 0
    }

    /// A value met lately, its length and the number of its normalised form in `normalised`.
    private struct Recent {
        var words: Words
        var count: Int32
        var entry: Int32
    }

    /// Calls `body` with the normalised UTF-8 of `field`.
    mutating func withNormalised<R>(_ field: String, _ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
        return field.withUTF8Bytes { raw -> R in
            guard raw.count <= NormalisedFieldCache.longestValue else {
                TextNormalisation.normalise(field, into: &scratch)
                return scratch.withBytes(body)
            }
            var words = Words()
            var slot = -1
            if raw.count <= MemoryLayout<Words>.size {
                if let base = raw.baseAddress {
                    withUnsafeMutableBytes(of: &words) { $0.baseAddress!.copyMemory(from: base, byteCount: raw.count) }
                }
                let mixed = (words.a &+ UInt64(raw.count)) &* 0x9E37_79B9_7F4A_7C15 ^ words.b &* 0xC2B2_AE3D_27D4_EB4F
                    ^ (words.c ^ words.d >> 7) &* 0xBF58_476D_1CE4_E5B9
                slot = Int(truncatingIfNeeded: mixed >> UInt64(64 - NormalisedFieldCache.recentSlots.trailingZeroBitCount))
                let known = recent[slot]
                if known.count == Int32(raw.count), known.words == words {
                    return normalised[Int(known.entry)].withUnsafeBufferPointer(body)
                }
            }
            let entry: Int
            switch entries.find(UnsafeRawBufferPointer(raw)) {
            case .found(let index):
                entry = index
            case .missing(let place):
                TextNormalisation.normalise(field, into: &scratch)
                guard entries.count < NormalisedFieldCache.capacity else { return scratch.withBytes(body) }
                entry = entries.add(UnsafeRawBufferPointer(raw), at: place)
                normalised.append(scratch.withBytes { Array($0) })
            }
            if slot >= 0 { recent[slot] = Recent(words: words, count: Int32(raw.count), entry: Int32(entry)) }
            return normalised[entry].withUnsafeBufferPointer(body)
        }
    }
}
