import Foundation

/// The words of a search in scripts written without spaces between words: Chinese, Japanese,
/// Korean Hangul, Thai, Lao, Khmer and Myanmar.
///
/// The full-text index splits text into words at spaces and punctuation, so a whole sentence of
/// Japanese is one word to it, and `資本論` would never find `人新世の「資本論」を読む`. Such words are
/// looked for as they are written, anywhere in a field (``StoreReader/search(_:filter:limit:)``).
///
/// ```swift
/// UnspacedWords.words("資本論 marx")   // ["資本論"]
/// ```
enum UnspacedWords {
    /// The runs of letters and digits of `text` that hold a character of such a script, exactly
    /// as typed (folding accents would change kana: `が` is not `か`).
    static func words(_ text: String) -> [String] {
        text.split(whereSeparator: { !($0.isLetter || $0.isNumber) }).map(String.init).filter(holdsUnspaced)
    }

    /// Whether `word` holds a character of a script written without spaces.
    static func holdsUnspaced(_ word: String) -> Bool {
        word.unicodeScalars.contains { isUnspaced($0.value) }
    }

    /// Whether the scalar `value` is in a block of a script written without spaces.
    static func isUnspaced(_ value: UInt32) -> Bool {
        switch value {
        case 0x0E00...0x0EFF,    // Thai, Lao
             0x1000...0x109F,    // Myanmar
             0x1100...0x11FF,    // Hangul Jamo
             0x1780...0x17FF,    // Khmer
             0x3040...0x30FF,    // Hiragana, Katakana
             0x3130...0x318F,    // Hangul compatibility Jamo
             0x31F0...0x31FF,    // Katakana phonetic extensions
             0x3400...0x4DBF,    // CJK extension A
             0x4E00...0x9FFF,    // CJK unified ideographs
             0xAC00...0xD7AF,    // Hangul syllables
             0xF900...0xFAFF,    // CJK compatibility ideographs
             0xFF66...0xFF9F,    // half-width Katakana
             0x20000...0x323AF:  // CJK extensions B to H
            return true
        default:
            return false
        }
    }

    /// Up to `radius` characters each side of the first place `word` is in `field`, with it marked
    /// as ``SearchHit`` marks a match, and `…` where the field goes on; `nil` when it is not there.
    static func excerpt(of field: String, around word: String, radius: Int = 24) -> String? {
        guard let range = field.range(of: word) else { return nil }
        let start = field.index(range.lowerBound, offsetBy: -radius, limitedBy: field.startIndex) ?? field.startIndex
        let end = field.index(range.upperBound, offsetBy: radius, limitedBy: field.endIndex) ?? field.endIndex
        return (start > field.startIndex ? "…" : "") + field[start..<range.lowerBound]
            + String(SearchHit.matchStart) + field[range] + String(SearchHit.matchEnd)
            + field[range.upperBound..<end] + (end < field.endIndex ? "…" : "")
    }
}
