import CardportCore
import CardportMachinery
import Foundation

/// The words of a search in scripts written without spaces between words (``UnspacedScript``):
/// Chinese, Japanese, Thai, Lao, Khmer and Myanmar.
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
        word.unicodeScalars.contains(where: UnspacedScript.contains)
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
