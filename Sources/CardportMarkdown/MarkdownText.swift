/// Writes text so that a CommonMark parser reads back exactly the same characters.
///
/// Markdown gives meaning to punctuation, to the start of a line and to white space at either end
/// of a line, so text is escaped before it is written:
///
/// - ASCII punctuation that starts inline syntax (`\ ` * _ [ ] < > & ~ | #`) gets a backslash, and
///   so does a `-`, `+`, `=` or an ordered-list number's `.`/`)` at the start of a line;
/// - a line break between two pieces of text becomes a hard line break (`\` at the end of the line)
///   followed by `continuation` (the `> ` of a blockquote, the indent of a list item); one at either
///   end, or any line break where no break is possible (a heading, a link), becomes `&#10;`;
/// - a space at either end of a line, a tab, and control characters become numeric references
///   (`&#32;`, `&#9;`, `&#13;`), which CommonMark decodes back to the character.
///
/// ```swift
/// MarkdownText.escaped("*Ask* #1\nnow", continuation: "> ")   // "\\*Ask\\* \\#1\\\n> now"
/// ```
enum MarkdownText {
    /// `text` escaped for a paragraph whose lines after the first start with `continuation`;
    /// `nil` means the text must stay on one line (headings, link text, emphasis).
    static func escaped(_ text: String, continuation: String?) -> String {
        var out = ""
        append(text, to: &out, continuation: continuation)
        return out
    }

    /// Appends `text`, escaped as ``escaped(_:continuation:)`` describes, to `out`.
    static func append(_ text: String, to out: inout String, continuation: String?) {
        if isPlain(text) {
            out += text
            return
        }
        let scalars = Array(text.unicodeScalars)
        let firstContent = scalars.firstIndex { $0 != "\n" } ?? scalars.count
        let lastContent = scalars.lastIndex { $0 != "\n" } ?? -1
        var atLineStart = true
        var digitsAtLineStart = false
        for index in scalars.indices {
            let scalar = scalars[index]
            let lineStart = atLineStart
            atLineStart = false
            switch scalar {
            case "\n":
                if let continuation, index > firstContent, index < lastContent {
                    out += "\\\n"
                    out += continuation
                    atLineStart = true
                } else {
                    out += "&#10;"
                }
                digitsAtLineStart = false
                continue
            case " ":
                let next = index + 1 < scalars.count ? scalars[index + 1] : "\n"
                out += (lineStart || next == "\n") ? "&#32;" : " "
            case "\\", "`", "*", "_", "[", "]", "<", ">", "&", "~", "|", "#":
                out += "\\"
                out.unicodeScalars.append(scalar)
            case "-", "+", "=":
                if lineStart { out += "\\" }
                out.unicodeScalars.append(scalar)
            case ".", ")":
                if digitsAtLineStart { out += "\\" }
                out.unicodeScalars.append(scalar)
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F {
                    out += "&#\(scalar.value);"
                } else if scalar.value >= 0x80, scalar.properties.isWhitespace,
                          lineStart || index + 1 == scalars.count || scalars[index + 1] == "\n" {
                    // Emphasis does not open or close next to white space, so keep it out of sight.
                    out += "&#\(scalar.value);"
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
            digitsAtLineStart = (lineStart || digitsAtLineStart) && scalar.properties.numericType != nil
                && scalar.isASCII
        }
    }

    /// Whether `text` needs no escaping at all (most quotes): no special ASCII character, no line
    /// break or control character, no space at either end, and no digit or marker at the start.
    private static func isPlain(_ text: String) -> Bool {
        let utf8 = text.utf8
        guard let first = utf8.first, let last = utf8.last else { return true }
        if first == 0x20 || last == 0x20 || first >= 0x80 || last >= 0x80 || first == 0x2D || first == 0x2B || first == 0x3D
            || (first >= 0x30 && first <= 0x39) {
            return false
        }
        for byte in utf8 {
            switch byte {
            case 0x00..<0x20, 0x7F, 0x5C, 0x60, 0x2A, 0x5F, 0x5B, 0x5D, 0x3C, 0x3E, 0x26, 0x7E, 0x7C, 0x23:
                return false
            default:
                continue
            }
        }
        return true
    }

    /// `url` as a link destination in angle brackets (`<…>`), which may hold spaces; brackets,
    /// backslashes and `&` are escaped, line breaks and control characters written as references.
    static func destination(_ url: String) -> String {
        var out = "<"
        for scalar in url.unicodeScalars {
            switch scalar {
            case "<", ">", "\\", "&":
                out += "\\"
                out.unicodeScalars.append(scalar)
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F {
                    out += "&#\(scalar.value);"
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out + ">"
    }

    /// Whether `text` can be written as an autolink `<text>`: a URI scheme of 2–32 characters, a
    /// colon, and no spaces, control characters or angle brackets.
    static func isAutolink(_ text: String) -> Bool {
        guard let colon = text.firstIndex(of: ":") else { return false }
        let scheme = text[..<colon]
        guard (2...32).contains(scheme.count), let first = scheme.unicodeScalars.first,
              first.isASCII, first.properties.isAlphabetic else { return false }
        for scalar in scheme.unicodeScalars {
            guard scalar.isASCII, scalar.properties.isAlphabetic || scalar.properties.numericType != nil
                    || scalar == "+" || scalar == "." || scalar == "-" else { return false }
        }
        for scalar in text.unicodeScalars where scalar.value <= 0x20 || scalar.value == 0x7F || scalar == "<" || scalar == ">" {
            return false
        }
        return true
    }

    /// Whether `text` starts with a URI scheme (`https:`, `mailto:`), so it is written as a link.
    static func hasScheme(_ text: String) -> Bool {
        guard let colon = text.firstIndex(of: ":"), colon != text.startIndex else { return false }
        let scheme = text[..<colon]
        guard scheme.count <= 32, let first = scheme.unicodeScalars.first, first.isASCII,
              first.properties.isAlphabetic else { return false }
        return scheme.unicodeScalars.allSatisfy {
            $0.isASCII && ($0.properties.isAlphabetic || $0.properties.numericType != nil || $0 == "+" || $0 == "." || $0 == "-")
        }
    }
}
