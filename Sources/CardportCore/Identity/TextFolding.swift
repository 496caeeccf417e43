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
/// fast path: pure ASCII is folded byte by byte, and text whose every scalar is known to be
/// unchanged by NFKC (Latin, Cyrillic, CJK, emoji, …) skips Foundation's normaliser, which costs
/// several times more than the rest of the fold.
public enum TextFolding {
    /// The folded form of `text`.
    public static func fold(_ text: String) -> String {
        var text = text
        if let folded = text.withUTF8({ foldASCII($0) }) { return folded }
        return foldUnicode(text, normalise: FoldingScalars.needsNormalisation(text))
    }

    /// The same as ``fold(_:)``, but always through NFKC and the scalar-by-scalar path; the fast
    /// paths must agree with it, which the tests check.
    static func foldThroughNormaliser(_ text: String) -> String {
        foldUnicode(text, normalise: true)
    }

    /// Folds pure ASCII byte by byte; returns `nil` when a byte is not ASCII.
    private static func foldASCII(_ bytes: UnsafeBufferPointer<UInt8>) -> String? {
        var nonASCII: UInt8 = 0
        for byte in bytes { nonASCII |= byte }
        guard nonASCII < 0x80 else { return nil }
        var start = 0
        var end = bytes.count
        while start < end, FoldingScalars.isEdgeASCII(bytes[start]) { start += 1 }
        while end > start, FoldingScalars.isEdgeASCII(bytes[end - 1]) { end -= 1 }
        if start == end { return foldASCIIPunctuation(bytes) }
        return String(unsafeUninitializedCapacity: end - start) { out in
            var count = 0
            var pendingSpace = false
            for i in start..<end {
                let byte = bytes[i]
                if FoldingScalars.isWhitespaceASCII(byte) {
                    pendingSpace = true
                    continue
                }
                if pendingSpace {
                    out[count] = 0x20
                    count += 1
                    pendingSpace = false
                }
                out[count] = byte &- 0x41 < 26 ? byte | 0x20 : byte
                count += 1
            }
            return count
        }
    }

    /// ASCII text with nothing but punctuation and whitespace: lower-cased and collapsed, untrimmed.
    private static func foldASCIIPunctuation(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        var pendingSpace = false
        for byte in bytes {
            if FoldingScalars.isWhitespaceASCII(byte) {
                pendingSpace = !out.isEmpty
                continue
            }
            if pendingSpace { out.append(0x20); pendingSpace = false }
            out.append(byte)
        }
        return String(decoding: out, as: UTF8.self)
    }

    private static func foldUnicode(_ text: String, normalise: Bool) -> String {
        let lowered = (normalise ? text.precomposedStringWithCompatibilityMapping : text).lowercased()
        var scalars: [Unicode.Scalar] = []
        scalars.reserveCapacity(lowered.unicodeScalars.count)
        var pendingSpace = false
        for scalar in lowered.unicodeScalars {
            if scalar.properties.isWhitespace {
                pendingSpace = !scalars.isEmpty
                continue
            }
            if pendingSpace { scalars.append(" "); pendingSpace = false }
            FoldingScalars.appendUnified(scalar, to: &scalars)
        }
        var start = 0
        var end = scalars.count
        while start < end, FoldingScalars.isEdge(scalars[start]) { start += 1 }
        while end > start, FoldingScalars.isEdge(scalars[end - 1]) { end -= 1 }
        if start == end { start = 0; end = scalars.count }
        var out = String.UnicodeScalarView()
        out.append(contentsOf: scalars[start..<end])
        return String(out)
    }
}
