import Foundation

/// Decides whether one text holds another by whole words: the rule by which a Kindle edit replaces
/// the highlight it edits and by which a near duplicate folds into the card that contains it.
///
/// Both texts are first normalised as identity keys compare them (``TextFolding``: case, spacing,
/// quote style, and punctuation at either end of the text). The shorter must then occur in the
/// longer where a word starts and end where a word ends. A word edge is the end of the text, a space,
/// or punctuation (so `imagination` is a whole word of `imagination. The soundest`, and `truth` of
/// `"Truth is`). In scripts written without spaces (Chinese, Japanese) any character is an edge.
///
/// ```swift
/// WordContainment.contains("Truth is a matter of the imagination. The soundest fact…",
///                          "Truth is a matter of the imagination.")   // true
/// WordContainment.contains("the imagination", "imagin")                 // false: not a whole word
/// ```
public enum WordContainment {
    /// Whether `long` contains `short` by whole words, once both are normalised; a text contains itself.
    public static func contains(_ long: String, _ short: String) -> Bool {
        let haystack = Array(TextFolding.fold(long).utf8)
        let needle = Array(TextFolding.fold(short).utf8)
        return contains(folded: haystack, needle)
    }

    /// Whether either text contains the other by whole words.
    public static func eitherContains(_ a: String, _ b: String) -> Bool {
        let first = Array(TextFolding.fold(a).utf8)
        let second = Array(TextFolding.fold(b).utf8)
        return first.count >= second.count ? contains(folded: first, second) : contains(folded: second, first)
    }

    /// Whether the folded UTF-8 `haystack` contains the folded UTF-8 `needle` by whole words; for
    /// callers that fold each text once (``TextFolding/fold(_:into:)``) and compare it many times.
    public static func contains(folded haystack: [UInt8], _ needle: [UInt8]) -> Bool {
        guard needle.count <= haystack.count else { return false }
        guard !needle.isEmpty else { return true }
        return haystack.withUnsafeBufferPointer { hay in
            needle.withUnsafeBufferPointer { pin in
                let last = hay.count - pin.count
                var start = 0
                while start <= last {
                    guard let hit = firstMatch(of: pin, in: hay, from: start, through: last) else { return false }
                    if isWordEdge(hay, before: hit, needleStart: pin)
                        && isWordEdge(hay, after: hit + pin.count, needleEnd: pin) {
                        return true
                    }
                    start = hit + 1
                }
                return false
            }
        }
    }

    /// A text folded once, with a summary of its byte pairs, for comparing with many others.
    ///
    /// Every pair of adjacent bytes of a text that another contains is a pair of the other, so a
    /// pair the one has and the other lacks settles most comparisons without a search.
    ///
    /// ```swift
    /// let long = WordContainment.Folded("Truth is a matter of the imagination. The soundest fact")
    /// WordContainment.eitherContains(long, WordContainment.Folded("the imagination"))   // true
    /// ```
    public struct Folded: Sendable {
        /// The folded UTF-8 (``TextFolding``).
        public let bytes: [UInt8]
        /// One bit for each hashed pair of adjacent bytes.
        private let pairs: (UInt64, UInt64, UInt64, UInt64)

        /// Folds `text`.
        public init(_ text: String) {
            var bytes: [UInt8] = []
            TextFolding.fold(text, into: &bytes)
            self.init(folded: bytes)
        }

        /// A text already folded by ``TextFolding``.
        public init(folded bytes: [UInt8]) {
            self.bytes = bytes
            var words: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)
            withUnsafeMutableBytes(of: &words) { raw in
                let words = raw.bindMemory(to: UInt64.self)
                bytes.withUnsafeBufferPointer { b in
                    guard b.count > 1 else { return }
                    var previous = UInt32(b[0])
                    for i in 1..<b.count {
                        let byte = UInt32(b[i])
                        // An indexed store, not a branch per byte: which word a pair lands in is random.
                        let hash = (previous &* 0x9E37 ^ byte) & 0xFF
                        words[Int(hash >> 6)] |= 1 << UInt64(hash & 63)
                        previous = byte
                    }
                }
            }
            pairs = words
        }

        /// Whether every byte pair of `other` may be one of this text's (no false "no").
        func mayContain(_ other: Folded) -> Bool {
            other.pairs.0 & ~pairs.0 == 0 && other.pairs.1 & ~pairs.1 == 0
                && other.pairs.2 & ~pairs.2 == 0 && other.pairs.3 & ~pairs.3 == 0
        }
    }

    /// The pairs of adjacent ASCII letters and digits of a text as written, to rule a containment
    /// out without folding either text.
    ///
    /// Folding leaves ASCII letters and digits where they are (it only lower-cases them), unless a
    /// combining mark after one composes with it; so a pair followed by an ASCII byte or the end is a
    /// pair of the folded text too (the *own* pairs). Folding adds no pair of ASCII letters or digits
    /// to a text whose other characters are all of scripts and punctuation that fold to no ASCII
    /// letter or digit (accented Latin, Greek, Cyrillic, CJK, kana, Hangul, quotes, dashes, emoji);
    /// for such a text every raw pair (its *possible* pairs) covers the pairs of its folded form.
    /// Hence, when `long` has a pair of `short` neither among its possible pairs, `long` cannot
    /// contain `short` (``mayContain(_:_:)``). Full-width letters, ligatures, superscripts and the
    /// like fold to ASCII letters: a text with one says nothing.
    public struct Letters: Sendable {
        /// One bit for each hashed pair that folding keeps.
        private let own: (UInt64, UInt64, UInt64, UInt64)
        /// One bit for each hashed pair the folded text may have, when ``isComplete``.
        private let possible: (UInt64, UInt64, UInt64, UInt64)
        /// Whether ``possible`` covers every pair of ASCII letters or digits of the folded text.
        public let isComplete: Bool

        /// The pairs of `text`.
        public init(_ text: String) {
            var ownPairs: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)
            var allPairs: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)
            var ascii = true
            var complete = true
            var text = text
            text.withUTF8 { b in
                guard let base = b.baseAddress else { return }
                // All ASCII, eight bytes at a time: then every pair is kept.
                var high: UInt64 = 0
                var i = 0
                while i + 8 <= b.count {
                    high |= UnsafeRawPointer(base + i).loadUnaligned(as: UInt64.self)
                    i += 8
                }
                while i < b.count {
                    high |= UInt64(b[i])
                    i += 1
                }
                ascii = high & 0x8080_8080_8080_8080 == 0
                if !ascii {
                    // The scalars of the lead bytes, read straight from the (valid) UTF-8.
                    var i = 0
                    while i < b.count {
                        let lead = UInt32(b[i])
                        guard lead >= 0xC0 else { i += 1; continue }
                        let length = lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : 2
                        guard i + length <= b.count else { complete = false; break }
                        var value = lead & (0x7F >> UInt32(length))
                        for k in 1..<length { value = value << 6 | UInt32(b[i + k] & 0x3F) }
                        if !Letters.foldsToNoASCIIAlphanumeric(value) {
                            complete = false
                            break
                        }
                        i += length
                    }
                }
                WordContainment.alphanumeric.withUnsafeBufferPointer { table in
                    withUnsafeMutableBytes(of: &ownPairs) { ownRaw in
                        withUnsafeMutableBytes(of: &allPairs) { allRaw in
                            let owned = ownRaw.bindMemory(to: UInt64.self)
                            let all = allRaw.bindMemory(to: UInt64.self)
                            var previous: UInt32 = 0   // 0: not a letter or digit
                            for i in 0..<b.count {
                                let byte = UInt32(table[Int(b[i])])
                                // Without a branch per byte: word edges come every few bytes.
                                let isPair = UInt64((byte != 0) && (previous != 0) ? 1 : 0)
                                let hash = (previous &* 0x9E37 ^ byte) & 0xFF
                                let kept = !ascii && i + 1 < b.count && b[i + 1] >= 0x80 ? 0 : isPair
                                owned[Int(hash >> 6)] |= kept << UInt64(hash & 63)
                                all[Int(hash >> 6)] |= isPair << UInt64(hash & 63)
                                previous = byte
                            }
                        }
                    }
                }
            }
            own = ownPairs
            possible = allPairs
            isComplete = complete
        }

        /// Whether every own pair of `other` may be a pair of this folded text.
        fileprivate func holdsPairs(of other: Letters) -> Bool {
            other.own.0 & ~possible.0 == 0 && other.own.1 & ~possible.1 == 0
                && other.own.2 & ~possible.2 == 0 && other.own.3 & ~possible.3 == 0
        }

        /// Whether folding `scalar` (NFKC, lower-casing, quote and dash unification) surely gives no
        /// ASCII letter or digit. Conservative: blocks with a character that does are left out whole,
        /// but for the few such characters named here.
        public static func foldsToNoASCIIAlphanumeric(_ scalar: Unicode.Scalar) -> Bool {
            foldsToNoASCIIAlphanumeric(scalar.value)
        }

        private static func foldsToNoASCIIAlphanumeric(_ value: UInt32) -> Bool {
            switch value {
            case 0xA0, 0xAB, 0xBB, 0xC0...0xFF:                     // no-break space, guillemets, Latin-1 letters
                return true
            case 0x130, 0x132, 0x133, 0x13F, 0x140, 0x149, 0x17F:   // İ, Ĳ, ĳ, Ŀ, ŀ, ŉ, ſ
                return false
            case 0x100...0x17F,                                     // Latin Extended-A
                 0x300...0x36F,                                     // combining marks
                 0x370...0x3FF, 0x400...0x52F,                      // Greek, Cyrillic
                 0x2000...0x206F,                                   // spaces, dashes, quotes, ellipsis
                 0x3000...0x30FF, 0x3130...0x318F, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xAC00...0xD7A3,
                 0xFE00...0xFE0F,                                   // variation selectors
                 0xFF01...0xFF0F, 0xFF1A...0xFF20, 0xFF3B...0xFF40, 0xFF5B...0xFF65,  // full-width punctuation
                 0x1F300...0x1FAFF:                                 // emoji
                return true
            default:
                return false
            }
        }
    }

    /// ASCII letters (lower-cased) and digits by byte; 0 for every other byte.
    fileprivate static let alphanumeric: [UInt8] = (0..<256).map { byte in
        switch byte {
        case 0x30...0x39, 0x61...0x7A: return UInt8(byte)
        case 0x41...0x5A: return UInt8(byte | 0x20)
        default: return 0
        }
    }

    /// Whether the text summed up by `long` may contain the one summed up by `short` by whole words;
    /// `false` only when it surely does not (see ``Letters``).
    public static func mayContain(_ long: Letters, _ short: Letters) -> Bool {
        !long.isComplete || long.holdsPairs(of: short)
    }

    /// Whether either folded text contains the other by whole words.
    public static func eitherContains(_ a: Folded, _ b: Folded) -> Bool {
        let (long, short) = a.bytes.count >= b.bytes.count ? (a, b) : (b, a)
        return long.mayContain(short) && contains(folded: long.bytes, short.bytes)
    }

    /// The first position at or after `from` (and no later than `last`) where `needle` occurs:
    /// `memchr` finds the first byte, `memcmp` checks the rest.
    private static func firstMatch(of needle: UnsafeBufferPointer<UInt8>, in haystack: UnsafeBufferPointer<UInt8>,
                                   from: Int, through last: Int) -> Int? {
        let base = haystack.baseAddress!
        let first = Int32(needle[0])
        var position = from
        while position <= last {
            guard let hit = memchr(base + position, first, last - position + 1) else { return nil }
            let index = UnsafeRawPointer(hit) - UnsafeRawPointer(base)
            if needle.count == 1 || memcmp(base + index + 1, needle.baseAddress! + 1, needle.count - 1) == 0 { return index }
            position = index + 1
        }
        return nil
    }

    /// Whether a match starting at `index` starts a word: the text's start, or after a space or
    /// punctuation, or next to a character of a script written without spaces.
    private static func isWordEdge(_ haystack: UnsafeBufferPointer<UInt8>, before index: Int, needleStart needle: UnsafeBufferPointer<UInt8>) -> Bool {
        guard index > 0 else { return true }
        let outside = scalar(endingAt: index, in: haystack)
        let inside = scalar(startingAt: 0, in: needle)
        return separates(outside) || separates(inside) || isUnspaced(outside) || isUnspaced(inside)
    }

    /// Whether a match ending at `index` ends a word (see ``isWordEdge(_:before:needleStart:)``).
    private static func isWordEdge(_ haystack: UnsafeBufferPointer<UInt8>, after index: Int, needleEnd needle: UnsafeBufferPointer<UInt8>) -> Bool {
        guard index < haystack.count else { return true }
        let outside = scalar(startingAt: index, in: haystack)
        let inside = scalar(endingAt: needle.count, in: needle)
        return separates(outside) || separates(inside) || isUnspaced(outside) || isUnspaced(inside)
    }

    /// Whitespace and punctuation end a word.
    private static func separates(_ scalar: Unicode.Scalar) -> Bool {
        if scalar.isASCII {
            let value = scalar.value
            let isLetterOrDigit = (0x30...0x39).contains(value) || (0x41...0x5A).contains(value) || (0x61...0x7A).contains(value)
            return !isLetterOrDigit
        }
        switch scalar.properties.generalCategory {
        case .spaceSeparator, .lineSeparator, .paragraphSeparator, .connectorPunctuation, .dashPunctuation,
             .openPunctuation, .closePunctuation, .initialPunctuation, .finalPunctuation, .otherPunctuation,
             .mathSymbol, .currencySymbol, .otherSymbol, .control, .format:
            return true
        default:
            return false
        }
    }

    /// Han, kana and the other scripts written without spaces between words.
    private static func isUnspaced(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x2E80...0x2FFF, 0x3000...0x30FF, 0x3100...0x31FF, 0x3400...0x4DBF, 0x4E00...0x9FFF,
             0xF900...0xFAFF, 0xFF00...0xFFEF, 0x20000...0x3FFFF, 0x0E00...0x0EFF, 0x1000...0x109F, 0x1780...0x17FF:
            return true
        default:
            return false
        }
    }

    /// The scalar whose UTF-8 starts at `index`.
    private static func scalar(startingAt index: Int, in bytes: UnsafeBufferPointer<UInt8>) -> Unicode.Scalar {
        var end = index + 1
        while end < bytes.count, bytes[end] & 0xC0 == 0x80 { end += 1 }
        return decode(bytes[index..<end])
    }

    /// The scalar whose UTF-8 ends just before `index`.
    private static func scalar(endingAt index: Int, in bytes: UnsafeBufferPointer<UInt8>) -> Unicode.Scalar {
        var start = index - 1
        while start > 0, bytes[start] & 0xC0 == 0x80 { start -= 1 }
        return decode(bytes[start..<index])
    }

    private static func decode(_ bytes: Slice<UnsafeBufferPointer<UInt8>>) -> Unicode.Scalar {
        var iterator = bytes.makeIterator()
        var decoder = UTF8()
        if case .scalarValue(let scalar) = decoder.decode(&iterator) { return scalar }
        return " "
    }
}
