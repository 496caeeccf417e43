import Foundation

/// Decides whether one text holds another by whole words: the rule by which a Kindle edit replaces
/// the highlight it edits and by which a near duplicate folds into the card that contains it.
///
/// Both texts are first normalised as identity keys compare them (``TextNormalisation``: case, spacing,
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
package enum WordContainment {
    /// Whether `long` contains `short` by whole words, once both are normalised; a text contains itself.
    package static func contains(_ long: String, _ short: String) -> Bool {
        let haystack = Array(TextNormalisation.normalise(long).utf8)
        let needle = Array(TextNormalisation.normalise(short).utf8)
        return contains(normalised: haystack, needle)
    }

    /// Whether either text contains the other by whole words.
    package static func eitherContains(_ a: String, _ b: String) -> Bool {
        let first = Array(TextNormalisation.normalise(a).utf8)
        let second = Array(TextNormalisation.normalise(b).utf8)
        return first.count >= second.count ? contains(normalised: first, second) : contains(normalised: second, first)
    }

    /// Whether the normalised UTF-8 `haystack` contains the normalised UTF-8 `needle` by whole words; for
    /// callers that normalise each text once (``TextNormalisation/normalise(_:into:)``) and compare it many times.
    package static func contains(normalised haystack: [UInt8], _ needle: [UInt8]) -> Bool {
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
        return separates(outside) || separates(inside) || UnspacedScript.contains(outside) || UnspacedScript.contains(inside)
    }

    /// Whether a match ending at `index` ends a word (see ``isWordEdge(_:before:needleStart:)``).
    private static func isWordEdge(_ haystack: UnsafeBufferPointer<UInt8>, after index: Int, needleEnd needle: UnsafeBufferPointer<UInt8>) -> Bool {
        guard index < haystack.count else { return true }
        let outside = scalar(startingAt: index, in: haystack)
        let inside = scalar(endingAt: needle.count, in: needle)
        return separates(outside) || separates(inside) || UnspacedScript.contains(outside) || UnspacedScript.contains(inside)
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
