/// The scripts written without spaces between words: Han, kana, Thai, Lao, Myanmar, Khmer, with
/// their punctuation and full-width forms.
///
/// In such text a word can start or end at any character, so a match beside one of these is at a
/// word's edge (``WordContainment``), and a search for one of their words looks inside runs of text
/// rather than for whole space-separated words.
///
/// ```swift
/// UnspacedScript.contains("先")   // true
/// UnspacedScript.contains("a")    // false
/// ```
package enum UnspacedScript {
    /// Whether `scalar` belongs to a script written without spaces.
    package static func contains(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x2E80...0x2FFF, 0x3000...0x30FF, 0x3100...0x31FF, 0x3400...0x4DBF, 0x4E00...0x9FFF,
             0xF900...0xFAFF, 0xFF00...0xFFEF, 0x20000...0x3FFFF, 0x0E00...0x0EFF, 0x1000...0x109F, 0x1780...0x17FF:
            return true
        default:
            return false
        }
    }
}
