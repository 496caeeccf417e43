/// Tags written the way Obsidian recognises them: `#name`, with no spaces.
///
/// A tag keeps its letters, digits, marks, emoji, `-` and `/`; a space between two letters or digits
/// becomes `_`, which reads back as a space (so the tag `book club` is written `#book_club` and read
/// back as `book club`); spaces at either end are dropped, and any other character (a space next to
/// punctuation included) becomes `-`. Writers count a tag that does
/// not come back the same as a loss.
///
/// ```swift
/// MarkdownTag.written("book club")   // "#book_club"
/// MarkdownTag.read("#book_club")     // "book club"
/// ```
enum MarkdownTag {
    /// The `#tag` form of a tag name, or `nil` when nothing of it can be written.
    static func written(_ name: String) -> String? {
        var trimmed = Substring(name)
        while trimmed.first == " " { trimmed.removeFirst() }
        while trimmed.last == " " { trimmed.removeLast() }
        guard !trimmed.isEmpty else { return nil }
        var out = "#"
        let scalars = Array(trimmed.unicodeScalars)
        for (index, scalar) in scalars.enumerated() {
            if scalar == " " {
                // `_` next to punctuation could open or close emphasis; between letters it never does.
                let before = scalars[..<index].last { $0 != " " }
                let after = scalars[(index + 1)...].first { $0 != " " }
                out += before.map(isWordCharacter) == true && after.map(isWordCharacter) == true ? "_" : "-"
            } else if scalar == "-" || scalar == "/" || isTagCharacter(scalar) {
                out.unicodeScalars.append(scalar)
            } else {
                out += "-"
            }
        }
        return out
    }

    /// The tag name a `#tag` token stands for (`nil` when `token` is not one).
    static func read(_ token: Substring) -> String? {
        guard token.utf8.first == 0x23, token.utf8.count > 1 else { return nil }
        let body = token.dropFirst()
        for scalar in body.unicodeScalars {
            if scalar.isASCII {
                // Letters, digits, `_`, `-` and `/`: the common case, without a Unicode table look-up.
                let value = scalar.value
                guard (value >= 0x61 && value <= 0x7A) || (value >= 0x41 && value <= 0x5A) || (value >= 0x30 && value <= 0x39)
                        || value == 0x5F || value == 0x2D || value == 0x2F else { return nil }
            } else if !isTagCharacter(scalar) {
                return nil
            }
        }
        guard body.utf8.contains(0x5F) else { return String(body) }
        return String(body.map { $0 == "_" ? " " : $0 })
    }

    /// What the tag becomes after a round trip through Markdown (`nil` when it is not written).
    static func normalised(_ name: String) -> String? {
        written(name).flatMap { read(Substring($0)) }
    }

    private static func isWordCharacter(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter,
             .decimalNumber, .letterNumber, .otherNumber, .nonspacingMark, .spacingMark, .enclosingMark:
            return true
        default:
            return false
        }
    }

    private static func isTagCharacter(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter,
             .decimalNumber, .letterNumber, .otherNumber, .nonspacingMark, .spacingMark, .enclosingMark:
            return true
        case .otherSymbol:
            return !scalar.isASCII
        default:
            return false
        }
    }
}
