import Foundation

/// Normalises text to the form identity keys compare: the same words, whatever their case, spacing,
/// quote style or edge punctuation.
///
/// Normalising applies, in order: Unicode NFKC, lower-casing (Unicode full lower-case mapping), the
/// typographic unification of ``NormalisingScalars`` (curly quotes and guillemets to `'` and `"`, dashes
/// to `-`, an ellipsis to `...`), collapsing every run of whitespace to one space, and trimming
/// punctuation and whitespace from both ends. A text that is nothing but punctuation normalises to its
/// lower-cased, whitespace-collapsed self, so it still has a key of its own.
///
/// ```swift
/// TextNormalisation.normalise("  “Well begun   is half done…”  ")   // "well begun is half done"
/// TextNormalisation.normalise("Well begun is half done.")            // "well begun is half done"
/// ```
///
/// The normalised text is for comparing only; records keep their text as written. Most texts take a
/// fast path: runs of plain ASCII are normalised eight bytes at a time (``ASCIIWord``), common
/// non-ASCII scalars come from a table (``NormalisedScalarTable``), and text whose every scalar is known
/// to be unchanged by NFKC (Latin, Cyrillic, CJK, emoji, …) skips Foundation's normaliser, which
/// costs several times more than the rest of the normalisation.
package enum TextNormalisation {
    /// The normalised form of `text`.
    package static func normalise(_ text: String) -> String {
        var buffer = NormalisationBuffer()
        normalise(text, into: &buffer)
        return buffer.withBytes { String(decoding: $0, as: UTF8.self) }
    }

    /// Replaces the contents of `out` with the normalised UTF-8 of `text`, without making a string.
    package static func normalise(_ text: String, into out: inout [UInt8]) {
        var buffer = NormalisationBuffer()
        normalise(text, into: &buffer)
        out.removeAll(keepingCapacity: true)
        buffer.withBytes { out.append(contentsOf: $0) }
    }

    /// Puts the normalised UTF-8 of `text` in `buffer`, which keeps its room for the next text: for
    /// callers that normalise millions of texts only to hash them.
    package static func normalise(_ text: String, into buffer: inout NormalisationBuffer) {
        let done = text.withUTF8Bytes { normalise($0, normalised: false, wordAtATime: true, into: &buffer) }
        if !done { normaliseThroughNFKC(text, into: &buffer) }
    }

    /// The same as ``normalise(_:)``, but always through NFKC and the scalar-by-scalar path, a byte at a
    /// time; the fast paths must agree with it, which the tests check.
    static func normaliseThroughNFKC(_ text: String) -> String {
        var buffer = NormalisationBuffer()
        normaliseThroughNFKC(text, into: &buffer, wordAtATime: false)
        return buffer.withBytes { String(decoding: $0, as: UTF8.self) }
    }

    /// The normalisation without the normaliser and without the word and table fast paths, a scalar at a
    /// time; `nil` when the text needs the normaliser. For the tests of the fast paths.
    static func normaliseScalarByScalar(_ text: String) -> String? {
        var text = text
        var buffer = NormalisationBuffer()
        guard text.withUTF8({ normalise($0, normalised: false, wordAtATime: false, into: &buffer) }) else { return nil }
        return buffer.withBytes { String(decoding: $0, as: UTF8.self) }
    }

    private static func normaliseThroughNFKC(_ text: String, into buffer: inout NormalisationBuffer, wordAtATime: Bool = true) {
        var normalised = text.precomposedStringWithCompatibilityMapping
        normalised.withUTF8 { _ = normalise($0, normalised: true, wordAtATime: wordAtATime, into: &buffer) }
    }

    /// Normalises `input` into `buffer` and trims its edges; `false` (and an empty buffer) when a
    /// scalar needs the normaliser first (only when `normalised` is false).
    private static func normalise(_ input: UnsafeBufferPointer<UInt8>, normalised: Bool, wordAtATime: Bool,
                             into buffer: inout NormalisationBuffer) -> Bool {
        // Lower-casing can grow a scalar by half (`İ` → `i̇`, `Ⱥ` → `ⱥ`): twice the input always fits.
        buffer.fill(capacity: input.count * 2 + 8, { base in
            var sink = ByteSink(base: base)
            return normaliseScalars(input, normalised: normalised, wordAtATime: wordAtATime, into: &sink) ? sink.count : nil
        }, trim: edgeTrimmed)
    }

    /// Lower-cases, unifies and collapses whitespace into `out`, which has room for twice the
    /// input.
    ///
    /// With `normalised` false the input has not been through NFKC: the first scalar that NFKC
    /// might change stops the normalisation and the result is `false`.
    private static func normaliseScalars(_ input: UnsafeBufferPointer<UInt8>, normalised: Bool, wordAtATime: Bool,
                                    into out: inout ByteSink) -> Bool {
        var i = 0
        let count = input.count
        var pendingSpace = false
        let raw = UnsafeRawPointer(input.baseAddress)
        while i < count {
            // Plain ASCII eight bytes at a time (no control character, no two spaces in a row, no
            // space last): those bytes normalise to themselves lower-cased, exactly as the loop below
            // would normalise them. A word that stops part way still gives the bytes before the stop.
            if wordAtATime, let raw, count >= 8 {
                let word: UInt64
                if i + 8 <= count {
                    word = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: i, as: UInt64.self))
                } else {
                    // The last bytes, from the text's last eight; the zero bytes shifted in stop the run.
                    word = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self))
                        >> UInt64(8 * (i + 8 - count))
                }
                let (normalised, run) = ASCIIWord.normalisedPrefix(word)
                if run > 0, !out.isEmpty || word & 0xFF != 0x20 {
                    if pendingSpace {
                        if word & 0xFF != 0x20 { out.append(0x20) }
                        pendingSpace = false
                    }
                    out.append(word: normalised, count: run)
                    i += run
                    continue
                }
            }
            let b0 = input[i]
            var value: UInt32
            if b0 < 0x80 {
                // Most bytes of most texts: no table, no switch.
                i += 1
                if NormalisingScalars.isWhitespaceASCII(b0) {
                    pendingSpace = !out.isEmpty
                    continue
                }
                if pendingSpace {
                    out.append(0x20)
                    pendingSpace = false
                }
                out.append(b0 &- 0x41 < 26 ? b0 | 0x20 : b0)
                continue
            } else if b0 < 0xE0 {
                value = UInt32(b0 & 0x1F) << 6 | UInt32(input[i + 1] & 0x3F)
                i += 2
            } else if b0 < 0xF0 {
                value = UInt32(b0 & 0x0F) << 12 | UInt32(input[i + 1] & 0x3F) << 6 | UInt32(input[i + 2] & 0x3F)
                i += 3
            } else {
                value = UInt32(b0 & 0x07) << 18 | UInt32(input[i + 1] & 0x3F) << 12
                    | UInt32(input[i + 2] & 0x3F) << 6 | UInt32(input[i + 3] & 0x3F)
                i += 4
            }
            if wordAtATime && !normalised {
                // Common scalars from a table; CJK ideographs and Hangul as they are.
                let packed = NormalisedScalarTable.shared.normalised(value)
                if packed != 0 || NormalisedScalarTable.normalisesToItself(value) {
                    if pendingSpace {
                        out.append(0x20)
                        pendingSpace = false
                    }
                    if packed != 0 {
                        out.append(packed: packed)
                    } else {
                        out.append(input[i - 3])
                        out.append(input[i - 2])
                        out.append(input[i - 1])
                    }
                    continue
                }
            }
            if !normalised {
                guard NormalisingScalars.isKnownStable(value) else { return false }
                // NFKC maps full-width ASCII to ASCII; doing it here keeps both paths equal.
                if value >= 0xFF01 && value <= 0xFF5E { value -= 0xFEE0 }
            }
            if NormalisingScalars.isWhitespace(value) {
                pendingSpace = !out.isEmpty
                continue
            }
            if pendingSpace {
                out.append(0x20)
                pendingSpace = false
            }
            NormalisingScalars.appendLowercasedUnified(value, normalised: normalised, to: &out)
        }
        return true
    }

    /// The part of normalised bytes left when edge punctuation is trimmed: all of them when nothing
    /// would be left.
    private static func edgeTrimmed(_ bytes: UnsafeBufferPointer<UInt8>) -> Range<Int> {
        var start = 0
        var end = bytes.count
        while start < end {
            let byte = bytes[start]
            if byte < 0x80 {
                guard NormalisingScalars.isEdgeASCII(byte) else { break }
                start += 1
                continue
            }
            let (scalar, length) = NormalisingScalars.decode(bytes, at: start)
            guard NormalisingScalars.isEdge(scalar) else { break }
            start += length
        }
        while end > start {
            let byte = bytes[end - 1]
            if byte < 0x80 {
                guard NormalisingScalars.isEdgeASCII(byte) else { break }
                end -= 1
                continue
            }
            var first = end - 1
            while bytes[first] & 0xC0 == 0x80 { first -= 1 }
            guard NormalisingScalars.isEdge(NormalisingScalars.decode(bytes, at: first).0) else { break }
            end = first
        }
        return start == end ? 0..<bytes.count : start..<end
    }
}
