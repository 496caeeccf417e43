/// The scalar classes ``TextFolding`` works with: what counts as an edge to trim, which typographic
/// scalars are unified, and which scalars NFKC is known to leave alone.
enum FoldingScalars {
    /// ASCII whitespace as Unicode's `White_Space` has it: tab, line feed, vertical tab, form feed,
    /// carriage return and space.
    @inline(__always)
    static func isWhitespaceASCII(_ byte: UInt8) -> Bool {
        byte == 0x20 || (byte >= 0x09 && byte <= 0x0D)
    }

    /// Whether an ASCII byte is trimmed from the ends: whitespace, or punctuation (general category
    /// P*: `! " # % & ' ( ) * , - . / : ; ? @ [ \ ] _ { }`). Symbols such as `$ + < = > ^ | ~` stay.
    @inline(__always)
    static func isEdgeASCII(_ byte: UInt8) -> Bool {
        // One bit per byte value: 0x00–0x3F, then 0x40–0x7F.
        if byte < 0x40 { return 0x8C00_F7EF_0000_3E00 & (1 as UInt64) << UInt64(byte) != 0 }
        if byte < 0x80 { return 0x2800_0000_B800_0001 & (1 as UInt64) << UInt64(byte - 0x40) != 0 }
        return false
    }

    /// Whether a scalar is trimmed from the ends: whitespace or any punctuation.
    static func isEdge(_ scalar: Unicode.Scalar) -> Bool {
        if scalar.isASCII { return isEdgeASCII(UInt8(scalar.value)) }
        if scalar.properties.isWhitespace { return true }
        switch scalar.properties.generalCategory {
        case .connectorPunctuation, .dashPunctuation, .openPunctuation, .closePunctuation,
             .initialPunctuation, .finalPunctuation, .otherPunctuation:
            return true
        default:
            return false
        }
    }

    /// Appends a scalar with quotes, dashes and ellipses unified: `‘ ’ ‚ ‛ ‹ ›` → `'`,
    /// `“ ” „ ‟ « »` → `"`, `‐ ‑ ‒ – — ― −` → `-`, `…` → `...` (as NFKC has it, with `‥` → `..`
    /// and `․` → `.`).
    static func appendUnified(_ scalar: Unicode.Scalar, to scalars: inout [Unicode.Scalar]) {
        switch scalar.value {
        case 0x2018, 0x2019, 0x201A, 0x201B, 0x2039, 0x203A:
            scalars.append("'")
        case 0x201C, 0x201D, 0x201E, 0x201F, 0x00AB, 0x00BB:
            scalars.append("\"")
        case 0x2010...0x2015, 0x2212:
            scalars.append("-")
        case 0x2026:
            scalars.append(contentsOf: ["." , ".", "."])
        case 0x2025:
            scalars.append(contentsOf: [".", "."])
        case 0x2024:
            scalars.append(".")
        default:
            scalars.append(scalar)
        }
    }

    /// Whether `text` holds a scalar that NFKC might change (or that might change its neighbours).
    ///
    /// `false` means that NFKC followed by the rest of the fold gives the same result as the rest of
    /// the fold alone: every scalar is in a range checked to have no compatibility or singleton
    /// decomposition and no combining class, or is one the fold unifies the same way NFKC does
    /// (spaces, `…`). Anything else, combining marks included, goes through the normaliser.
    static func needsNormalisation(_ text: String) -> Bool {
        for scalar in text.unicodeScalars where !isKnownStable(scalar.value) { return true }
        return false
    }

    private static func isKnownStable(_ value: UInt32) -> Bool {
        switch value {
        case 0x0000...0x009F: return true
        case 0x00A0...0x024F: return !latinCompatibility.contains(value) || value == 0x00A0
        case 0x0250...0x02AF: return true                      // IPA
        case 0x0400...0x0482, 0x048A...0x04FF: return true     // Cyrillic, without its combining marks
        case 0x05D0...0x05EA: return true                      // Hebrew letters
        case 0x060C, 0x061B, 0x061F, 0x0621...0x064A, 0x0660...0x066D: return true  // Arabic letters, digits
        case 0x2000...0x200A, 0x2028, 0x2029, 0x202F, 0x205F, 0x3000: return true  // spaces: whitespace either way
        case 0x200B...0x200F: return true                      // zero-width and direction marks
        case 0x2010...0x2016, 0x2018...0x2027, 0x2030, 0x2032, 0x2039, 0x203A, 0x2212: return true
        case 0x2190...0x21FF, 0x2500...0x25FF, 0x2600...0x27BF: return true  // arrows, boxes, symbols, dingbats
        case 0x3001...0x3003, 0x3008...0x3011: return true     // CJK punctuation and brackets
        case 0x3041...0x3096, 0x30A1...0x30FA, 0x30FC: return true  // kana, without voicing marks
        case 0x3400...0x4DBF, 0x4E00...0x9FFF: return true     // CJK ideographs
        case 0xAC00...0xD7A3: return true                      // Hangul syllables
        case 0xFE00...0xFE0F: return true                      // variation selectors
        case 0x1F1E6...0x1F1FF, 0x1F300...0x1FAFF: return true // regional indicators, emoji
        case 0xE0020...0xE007F: return true                    // tag characters (flag sequences)
        default: return false
        }
    }

    /// Latin-1 and Latin Extended scalars with a compatibility decomposition.
    private static let latinCompatibility: Set<UInt32> = [
        0x00A8, 0x00AA, 0x00AF, 0x00B2, 0x00B3, 0x00B4, 0x00B5, 0x00B8, 0x00B9, 0x00BA, 0x00BC, 0x00BD, 0x00BE,
        0x0132, 0x0133, 0x013F, 0x0140, 0x0149, 0x017F, 0x01C4, 0x01C5, 0x01C6, 0x01C7, 0x01C8, 0x01C9,
        0x01CA, 0x01CB, 0x01CC, 0x01F1, 0x01F2, 0x01F3,
    ]
}
