import Foundation

/// Folds text to the form identity keys compare: the same words, whatever their case, spacing,
/// quote style or edge punctuation.
///
/// Folding applies, in order: Unicode NFKC, lower-casing (Unicode full lower-case mapping), the
/// typographic unification of ``FoldingScalars`` (curly quotes and guillemets to `'` and `"`, dashes
/// to `-`, an ellipsis to `...`), collapsing every run of whitespace to one space, and trimming
/// punctuation and whitespace from both ends. A text that is nothing but punctuation folds to its
/// lower-cased, whitespace-collapsed self, so it still has a key of its own.
///
/// ```swift
/// TextFolding.fold("  “Well begun   is half done…”  ")   // "well begun is half done"
/// TextFolding.fold("Well begun is half done.")            // "well begun is half done"
/// ```
///
/// The folded text is for comparing only; records keep their text as written. Most texts take a
/// fast path: runs of plain ASCII are folded eight bytes at a time (``ASCIIWord``), common
/// non-ASCII scalars come from a table (``FoldedScalarTable``), and text whose every scalar is known
/// to be unchanged by NFKC (Latin, Cyrillic, CJK, emoji, …) skips Foundation's normaliser, which
/// costs several times more than the rest of the fold.
public enum TextFolding {
    /// The folded form of `text`.
    public static func fold(_ text: String) -> String {
        var out: [UInt8] = []
        fold(text, into: &out)
        return String(decoding: out, as: UTF8.self)
    }

    /// Replaces the contents of `out` with the folded UTF-8 of `text`.
    ///
    /// For callers that fold millions of texts only to hash them: reusing one buffer saves making a
    /// string (an allocation and a UTF-8 check) per text.
    public static func fold(_ text: String, into out: inout [UInt8]) {
        let done = text.withUTF8Bytes { bytes in foldScalars(bytes, normalised: false, into: &out) }
        if done {
            trimEdges(&out)
        } else {
            foldThroughNormaliser(text, into: &out)
        }
    }

    /// The same as ``fold(_:)``, but always through NFKC and the scalar-by-scalar path, a byte at a
    /// time; the fast paths must agree with it, which the tests check.
    static func foldThroughNormaliser(_ text: String) -> String {
        var out: [UInt8] = []
        foldThroughNormaliser(text, into: &out, wordAtATime: false)
        return String(decoding: out, as: UTF8.self)
    }

    /// The fold without the normaliser and without the word and table fast paths, a scalar at a
    /// time; `nil` when the text needs the normaliser. For the tests of the fast paths.
    static func foldScalarByScalar(_ text: String) -> String? {
        var text = text
        var out: [UInt8] = []
        guard text.withUTF8({ foldScalars($0, normalised: false, wordAtATime: false, into: &out) }) else { return nil }
        trimEdges(&out)
        return String(decoding: out, as: UTF8.self)
    }

    /// Puts the folded UTF-8 of `text` in `buffer`: the same bytes as ``fold(_:into:)-(_,[UInt8])``,
    /// without resizing an array for each text.
    static func fold(_ text: String, into buffer: inout FoldBuffer) {
        let done = text.withUTF8Bytes { bytes in
            // Lower-casing can grow a scalar by half: twice the input always fits.
            buffer.fill(capacity: bytes.count * 2 + 8, { base in
                var sink = ByteSink(base: base)
                return foldScalars(bytes, normalised: false, wordAtATime: true, into: &sink) ? sink.count : nil
            }, trim: edgeTrimmed)
        }
        if !done {
            var out: [UInt8] = []
            foldThroughNormaliser(text, into: &out)
            buffer = FoldBuffer(out)
        }
    }

    private static func foldThroughNormaliser(_ text: String, into out: inout [UInt8], wordAtATime: Bool = true) {
        out.removeAll(keepingCapacity: true)
        var normalised = text.precomposedStringWithCompatibilityMapping
        normalised.withUTF8 { bytes in _ = foldScalars(bytes, normalised: true, wordAtATime: wordAtATime, into: &out) }
        trimEdges(&out)
    }

    /// Zero bytes appended in blocks to size the output buffer: appending a repeated element goes a
    /// byte at a time, copying a block does not.
    private static let zeros = [UInt8](repeating: 0, count: 4096)

    /// Makes `out` hold exactly `count` bytes to be overwritten.
    private static func resize(_ out: inout [UInt8], to count: Int) {
        if out.count > count {
            out.removeLast(out.count - count)
            return
        }
        var missing = count - out.count
        while missing > 0 {
            let chunk = Swift.min(missing, zeros.count)
            out.append(contentsOf: zeros[0..<chunk])
            missing -= chunk
        }
    }

    /// Lower-cases, unifies and collapses whitespace, scalar by scalar, into `out`.
    ///
    /// With `normalised` false the input has not been through NFKC: the first scalar that NFKC
    /// might change stops the fold and the result is `false`.
    private static func foldScalars(_ input: UnsafeBufferPointer<UInt8>, normalised: Bool, wordAtATime: Bool = true,
                                    into out: inout [UInt8]) -> Bool {
        // Lower-casing can grow a scalar by half (`İ` → `i̇`, `Ⱥ` → `ⱥ`): twice the input always fits.
        resize(&out, to: input.count * 2 + 8)
        let written = out.withUnsafeMutableBufferPointer { buffer -> Int? in
            var sink = ByteSink(base: buffer.baseAddress!)
            return foldScalars(input, normalised: normalised, wordAtATime: wordAtATime, into: &sink) ? sink.count : nil
        }
        guard let written else { return false }
        out.removeLast(out.count - written)
        return true
    }

    private static func foldScalars(_ input: UnsafeBufferPointer<UInt8>, normalised: Bool, wordAtATime: Bool,
                                    into out: inout ByteSink) -> Bool {
        var i = 0
        let count = input.count
        var pendingSpace = false
        let raw = UnsafeRawPointer(input.baseAddress)
        while i < count {
            // Plain ASCII eight bytes at a time (no control character, no two spaces in a row, no
            // space last): those bytes fold to themselves lower-cased, exactly as the loop below
            // would fold them. A word that stops part way still gives the bytes before the stop.
            if wordAtATime, let raw, count >= 8 {
                let word: UInt64
                if i + 8 <= count {
                    word = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: i, as: UInt64.self))
                } else {
                    // The last bytes, from the text's last eight; the zero bytes shifted in stop the run.
                    word = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self))
                        >> UInt64(8 * (i + 8 - count))
                }
                let (folded, run) = ASCIIWord.foldedPrefix(word)
                if run > 0, !out.isEmpty || word & 0xFF != 0x20 {
                    if pendingSpace {
                        if word & 0xFF != 0x20 { out.append(0x20) }
                        pendingSpace = false
                    }
                    out.append(word: folded, count: run)
                    i += run
                    continue
                }
            }
            let b0 = input[i]
            var value: UInt32
            if b0 < 0x80 {
                // Most bytes of most texts: no table, no switch.
                i += 1
                if FoldingScalars.isWhitespaceASCII(b0) {
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
                let packed = FoldedScalarTable.shared.folded(value)
                if packed != 0 || FoldedScalarTable.foldsToItself(value) {
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
                guard FoldingScalars.isKnownStable(value) else { return false }
                // NFKC maps full-width ASCII to ASCII; doing it here keeps both paths equal.
                if value >= 0xFF01 && value <= 0xFF5E { value -= 0xFEE0 }
            }
            if FoldingScalars.isWhitespace(value) {
                pendingSpace = !out.isEmpty
                continue
            }
            if pendingSpace {
                out.append(0x20)
                pendingSpace = false
            }
            FoldingScalars.appendLowercasedUnified(value, normalised: normalised, to: &out)
        }
        return true
    }

    /// Trims edge punctuation from folded bytes, unless nothing would be left.
    private static func trimEdges(_ out: inout [UInt8]) {
        let kept = out.withUnsafeBufferPointer(edgeTrimmed)
        if kept.upperBound < out.count { out.removeLast(out.count - kept.upperBound) }
        if kept.lowerBound > 0 { out.removeFirst(kept.lowerBound) }
    }

    /// The part of folded bytes left when edge punctuation is trimmed: all of them when nothing
    /// would be left.
    private static func edgeTrimmed(_ bytes: UnsafeBufferPointer<UInt8>) -> Range<Int> {
        var start = 0
        var end = bytes.count
        while start < end {
            let byte = bytes[start]
            if byte < 0x80 {
                guard FoldingScalars.isEdgeASCII(byte) else { break }
                start += 1
                continue
            }
            let (scalar, length) = FoldingScalars.decode(bytes, at: start)
            guard FoldingScalars.isEdge(scalar) else { break }
            start += length
        }
        while end > start {
            let byte = bytes[end - 1]
            if byte < 0x80 {
                guard FoldingScalars.isEdgeASCII(byte) else { break }
                end -= 1
                continue
            }
            var first = end - 1
            while bytes[first] & 0xC0 == 0x80 { first -= 1 }
            guard FoldingScalars.isEdge(FoldingScalars.decode(bytes, at: first).0) else { break }
            end = first
        }
        return start == end ? 0..<bytes.count : start..<end
    }
}
