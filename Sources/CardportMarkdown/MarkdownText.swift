import CardportCore
import CardportMachinery

/// Writes text so that a CommonMark parser reads back exactly the same characters.
///
/// Markdown gives meaning to punctuation, to the start of a line and to white space at either end
/// of a line, so text is escaped before it is written:
///
/// - ASCII punctuation that starts inline syntax (`\ ` * _ [ ] < > & ~ | #`) gets a backslash, and
///   so does a `-`, `+`, `=`, `:` or an ordered-list number's `.`/`)` at the start of a line;
/// - a line break between two pieces of text becomes a hard line break (`\` at the end of the line)
///   followed by `continuation` (the `> ` of a blockquote, the indent of a list item); one at either
///   end, or any line break where no break is possible (a heading, a link), becomes `&#10;`;
/// - a space (or any other white space) at either end of a line, a tab, and control characters
///   become numeric references (`&#32;`, `&#9;`, `&#13;`), which CommonMark decodes back to the
///   character.
///
/// ```swift
/// MarkdownText.escaped("*Ask* #1\nnow", continuation: "> ")   // "\\*Ask\\* \\#1\\\n> now"
/// ```
enum MarkdownText {
    /// `text` escaped for a paragraph whose lines after the first start with `continuation`;
    /// `nil` means the text must stay on one line (headings, link text, emphasis).
    static func escaped(_ text: String, continuation: String?) -> String {
        var out: [UInt8] = []
        append(text, to: &out, continuation: continuation)
        return String(decoding: out, as: UTF8.self)
    }

    /// Appends `text`, escaped as ``escaped(_:continuation:)`` describes, to `out` as UTF-8.
    static func append(_ text: String, to out: inout [UInt8], continuation: String?) {
        text.withUTF8Bytes { bytes in append(bytes, to: &out, continuation: continuation) }
    }

    /// Works on the bytes: runs of ordinary characters are copied at once, and only ASCII bytes and
    /// characters at the edges of a line need a decision.
    private static func append(_ bytes: UnsafeBufferPointer<UInt8>, to out: inout [UInt8], continuation: String?) {
        let count = bytes.count
        guard count > 0 else { return }
        var firstContent = 0
        while firstContent < count, bytes[firstContent] == 0x0A { firstContent += 1 }
        var lastContent = count - 1
        while lastContent >= 0, bytes[lastContent] == 0x0A { lastContent -= 1 }
        var runStart = 0
        var index = 0
        var atLineStart = true
        var digitsAtLineStart = false
        func flush(_ end: Int) {
            if end > runStart { out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<end])) }
        }
        func reference(_ value: UInt32) {
            out += "&#\(value);"
        }
        while index < count {
            if !atLineStart, !digitsAtLineStart {
                // Inside a line, most bytes need nothing: skip them in a tight loop.
                while index < count {
                    let byte = bytes[index]
                    if byte < 0x80, MarkdownText.ordinary[Int(byte)] {
                        index += 1
                    } else if byte == 0x20, index + 1 < count, bytes[index + 1] != 0x0A {
                        index += 1
                    } else {
                        break
                    }
                }
                if index == count { break }
            }
            let byte = bytes[index]
            let lineStart = atLineStart
            atLineStart = false
            if byte >= 0x80 {
                // A multi-byte character: only white space at either end of a line needs care.
                var length = 2
                if byte >= 0xF0 { length = 4 } else if byte >= 0xE0 { length = 3 }
                let end = min(index + length, count)
                if lineStart || end == count || bytes[end] == 0x0A {
                    let scalar = decode(bytes, index, length)
                    if let scalar, scalar.properties.isWhitespace {
                        flush(index)
                        reference(scalar.value)
                        runStart = end
                    }
                }
                digitsAtLineStart = false
                index = end
                continue
            }
            var replacement: UInt8? = nil
            var escape = false
            switch byte {
            case 0x0A:
                flush(index)
                if let continuation, index > firstContent, index < lastContent {
                    out += "\\\n"
                    out += continuation
                    atLineStart = true
                } else {
                    reference(10)
                }
                runStart = index + 1
                digitsAtLineStart = false
                index += 1
                continue
            case 0x20:
                if lineStart || index + 1 == count || bytes[index + 1] == 0x0A { replacement = byte }
            case 0x5C, 0x60, 0x2A, 0x5F, 0x5B, 0x5D, 0x3C, 0x3E, 0x26, 0x7E, 0x7C, 0x23:
                escape = true
            case 0x2D, 0x2B, 0x3D, 0x3A:
                // `:` too: a line such as `:-` under a paragraph line would start a GFM table.
                escape = lineStart
            case 0x2E, 0x29:
                escape = digitsAtLineStart
            default:
                if byte < 0x20 || byte == 0x7F { replacement = byte }
            }
            if let replacement {
                flush(index)
                reference(UInt32(replacement))
                runStart = index + 1
            } else if escape {
                flush(index)
                out.append(0x5C)
                runStart = index
            }
            digitsAtLineStart = (lineStart || digitsAtLineStart) && byte >= 0x30 && byte <= 0x39
            index += 1
        }
        flush(count)
    }

    /// The ASCII bytes that need no care once a line has started: printable characters other than
    /// the ones that start inline syntax (a space needs a look at what follows).
    private static let ordinary: [Bool] = (0..<128).map { byte in
        byte > 0x20 && byte < 0x7F && !"\\`*_[]<>&~|#".utf8.contains(UInt8(byte))
    }

    /// The scalar whose UTF-8 encoding starts at `index` (`nil` for a truncated sequence).
    private static func decode(_ bytes: UnsafeBufferPointer<UInt8>, _ index: Int, _ length: Int) -> Unicode.Scalar? {
        guard index + length <= bytes.count else { return nil }
        var value = UInt32(bytes[index]) & (length == 2 ? 0x1F : length == 3 ? 0x0F : 0x07)
        for offset in 1..<length { value = value << 6 | (UInt32(bytes[index + offset]) & 0x3F) }
        return Unicode.Scalar(value)
    }

    /// `url` as a link destination in angle brackets (`<…>`), which may hold spaces; brackets,
    /// backslashes and `&` are escaped, line breaks and control characters written as references.
    /// Spaces at either end are written as references too: cmark-gfm drops them from a destination.
    static func destination(_ url: String) -> String {
        var out = "<"
        let scalars = Array(url.unicodeScalars)
        // The scalars between the first and the last that is not a space (none when all are).
        let first = scalars.firstIndex { $0 != " " } ?? 0
        let inner = first..<Swift.max(first, (scalars.lastIndex { $0 != " " } ?? -1) + 1)
        for (index, scalar) in scalars.enumerated() {
            switch scalar {
            case "<", ">", "\\", "&":
                out += "\\"
                out.unicodeScalars.append(scalar)
            case " " where !inner.contains(index):
                out += "&#32;"
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

extension Array where Element == UInt8 {
    /// Appends a string's UTF-8 bytes, so Markdown is built as bytes with the ease of strings.
    static func += (bytes: inout [UInt8], text: String) {
        bytes.append(contentsOf: text.utf8)
    }
}
