import CardportCore
import CardportMachinery

/// How a string must be written in YAML so that every YAML 1.1 reader (libyaml, PyYAML) reads the
/// same string back: plain when it is safe, a literal block for multi-line text, else double quotes.
enum YAMLScalarStyle: Sendable, Hashable {
    case plain
    case literal
    case doubleQuoted

    /// The style for `text` as a block-context value (`inFlow` for items of `[a, b]`).
    static func of(_ text: String, inFlow: Bool = false) -> YAMLScalarStyle {
        return text.withUTF8Bytes { bytes in
            if bytes.contains(0x0A) {
                return !inFlow && literalFits(String(decoding: bytes, as: UTF8.self)) ? .literal : .doubleQuoted
            }
            return needsQuotes(bytes, inFlow: inFlow) ? .doubleQuoted : .plain
        }
    }

    /// Whether a literal block (`|`) gives back exactly `text`: no carriage returns, tabs, other line
    /// breaks or control characters, no spaces at the end of a line, and no space or break starting
    /// the text (libyaml would need an indentation indicator it does not write).
    static func literalFits(_ text: String) -> Bool {
        var previous: Unicode.Scalar = "\n"
        var first = true
        for scalar in text.unicodeScalars {
            switch scalar.value {
            case 0x0A:
                if previous == " " { return false }
            case 0x20:
                if first { return false }
            case 0x09, 0x0D, 0x85, 0x2028, 0x2029, 0xFEFF: return false
            case 0..<0x20, 0x7F: return false
            default: break
            }
            if first, scalar == "\n" { return false }
            first = false
            previous = scalar
        }
        return previous != " "
    }

    /// Whether a one-line `text` cannot be written plain: it would read back as something else
    /// (a YAML 1.1 boolean, null, number or date), or its characters clash with YAML syntax.
    static func needsQuotes(_ text: String, inFlow: Bool) -> Bool {
        return text.withUTF8Bytes { needsQuotes($0, inFlow: inFlow) }
    }

    private static func needsQuotes(_ bytes: UnsafeBufferPointer<UInt8>, inFlow: Bool) -> Bool {
        guard let first = bytes.first, let last = bytes.last else { return true }
        if resolvesToNonString(bytes) { return true }
        // Leading indicators, and spaces at either end, which plain scalars lose.
        switch first {
        case UInt8(ascii: "-"), UInt8(ascii: "?"), UInt8(ascii: ":"):
            if bytes.count == 1 || bytes[1] == 0x20 || (inFlow && isFlowIndicator(bytes[1])) { return true }
            // In a flow list PyYAML takes any leading `?` for a key indicator.
            if inFlow, first == UInt8(ascii: "?") { return true }
        case UInt8(ascii: ","), UInt8(ascii: "["), UInt8(ascii: "]"), UInt8(ascii: "{"), UInt8(ascii: "}"),
             UInt8(ascii: "#"), UInt8(ascii: "&"), UInt8(ascii: "*"), UInt8(ascii: "!"), UInt8(ascii: "|"),
             UInt8(ascii: ">"), UInt8(ascii: "'"), UInt8(ascii: "\""), UInt8(ascii: "%"), UInt8(ascii: "@"),
             UInt8(ascii: "`"), 0x20:
            return true
        default: break
        }
        if last == 0x20 || last == UInt8(ascii: ":") { return true }
        var previous: UInt8 = 0
        var ascii = true
        for byte in bytes {
            // Letters, digits and most punctuation never matter: one or two comparisons for them.
            if (byte >= 0x61 && byte <= 0x7A) || (byte >= 0x3B && byte <= 0x5A) || (byte >= 0x2D && byte <= 0x39) {
                previous = byte
                continue
            }
            if byte >= 0x80 {
                ascii = false
                previous = byte
                continue
            }
            switch byte {
            case 0..<0x20, 0x7F: return true
            case UInt8(ascii: "#") where previous == 0x20: return true
            case 0x20 where previous == UInt8(ascii: ":"): return true
            case UInt8(ascii: ","), UInt8(ascii: "["), UInt8(ascii: "]"), UInt8(ascii: "{"), UInt8(ascii: "}"):
                if inFlow { return true }
            case UInt8(ascii: ":") where inFlow: return true
            default: break
            }
            previous = byte
        }
        if ascii { return false }
        // Non-printable and break-like characters libyaml would escape or fold.
        for scalar in String(decoding: bytes, as: UTF8.self).unicodeScalars where scalar.value >= 0x80 {
            switch scalar.value {
            case 0x85, 0xA0, 0x2028, 0x2029, 0xFEFF, 0x80..<0xA0, 0xD800...0xDFFF, 0xFFFE, 0xFFFF: return true
            default: continue
            }
        }
        return false
    }

    private static func isFlowIndicator(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: ",") || byte == UInt8(ascii: "[") || byte == UInt8(ascii: "]")
            || byte == UInt8(ascii: "{") || byte == UInt8(ascii: "}")
    }

    /// Whether a plain scalar would resolve to a non-string under YAML 1.1 (PyYAML's resolver plus
    /// the `y`/`n` booleans of the specification) or YAML 1.2: booleans, null, `<<`, `=`, integers
    /// (decimal, octal, hex, binary, sexagesimal), floats (`1.5`, `1e5`, `.inf`) and dates.
    private static func resolvesToNonString(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        let first = bytes[0]
        // The words below all start with one of these and are at most six bytes long.
        if bytes.count <= 6, isWordStart(first) {
            return isNonStringWord(String(decoding: bytes, as: UTF8.self))
        }
        guard isDigit(first) || first == UInt8(ascii: "+") || first == UInt8(ascii: "-") || first == UInt8(ascii: ".")
        else { return false }
        return isNumber(bytes) || isDate(bytes)
    }

    private static func isWordStart(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "y"), UInt8(ascii: "Y"), UInt8(ascii: "n"), UInt8(ascii: "N"), UInt8(ascii: "t"),
             UInt8(ascii: "T"), UInt8(ascii: "f"), UInt8(ascii: "F"), UInt8(ascii: "o"), UInt8(ascii: "O"),
             UInt8(ascii: "~"), UInt8(ascii: "<"), UInt8(ascii: "="), UInt8(ascii: "."), UInt8(ascii: "+"),
             UInt8(ascii: "-"), 0x30...0x39:
            return true
        default:
            return false
        }
    }

    private static func isNonStringWord(_ text: String) -> Bool {
        switch text {
        case "y", "Y", "n", "N", "yes", "Yes", "YES", "no", "No", "NO", "true", "True", "TRUE", "false", "False",
             "FALSE", "on", "On", "ON", "off", "Off", "OFF", "~", "null", "Null", "NULL", "<<", "=",
             ".inf", ".Inf", ".INF", "+.inf", "+.Inf", "+.INF", "-.inf", "-.Inf", "-.INF", ".nan", ".NaN", ".NAN":
            return true
        default:
            let first = text.utf8.first!
            guard isDigit(first) || first == UInt8(ascii: "+") || first == UInt8(ascii: "-") || first == UInt8(ascii: ".")
            else { return false }
            return text.withUTF8Bytes { isNumber($0) || isDate($0) }
        }
    }

    private static func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }

    /// YAML 1.1 and 1.2 integers and floats, read loosely: a sign, then digits with `_`, `.` and
    /// `:` separators and an exponent, or a `0x`/`0b`/`0o` prefix and its digits.
    private static func isNumber(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var index = 0
        if bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") { index += 1 }
        guard index < bytes.count else { return false }
        if bytes[index] == UInt8(ascii: "0"), index + 1 < bytes.count {
            let marker = bytes[index + 1] | 0x20
            if marker == UInt8(ascii: "x") || marker == UInt8(ascii: "b") || marker == UInt8(ascii: "o") {
                let digits = bytes[(index + 2)...]
                return !digits.isEmpty && digits.allSatisfy {
                    isDigit($0) || $0 == UInt8(ascii: "_") || (marker == UInt8(ascii: "x") && ($0 | 0x20) >= 0x61 && ($0 | 0x20) <= 0x66)
                }
            }
        }
        var sawDigit = false
        var sawExponent = false
        while index < bytes.count {
            let byte = bytes[index]
            if isDigit(byte) {
                sawDigit = true
            } else if byte == UInt8(ascii: "_") || byte == UInt8(ascii: ".") || byte == UInt8(ascii: ":") {
                if sawExponent { return false }
            } else if (byte | 0x20) == UInt8(ascii: "e"), sawDigit, !sawExponent {
                sawExponent = true
                if index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "+") || bytes[index + 1] == UInt8(ascii: "-") {
                    index += 1
                }
                guard index + 1 < bytes.count else { return false }
            } else {
                return false
            }
            index += 1
        }
        return sawDigit || bytes.allSatisfy { $0 == UInt8(ascii: ".") }
    }

    /// A YAML 1.1 timestamp: `YYYY-M-D`, optionally followed by a time and zone.
    private static func isDate(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var index = 0
        func digits(_ range: ClosedRange<Int>) -> Bool {
            var count = 0
            while index < bytes.count, isDigit(bytes[index]), count < range.upperBound { index += 1; count += 1 }
            return range.contains(count)
        }
        guard digits(4...4), index < bytes.count, bytes[index] == UInt8(ascii: "-") else { return false }
        index += 1
        guard digits(1...2), index < bytes.count, bytes[index] == UInt8(ascii: "-") else { return false }
        index += 1
        guard digits(1...2) else { return false }
        return bytes[index...].allSatisfy {
            isDigit($0) || $0 == UInt8(ascii: ":") || $0 == UInt8(ascii: ".") || $0 == UInt8(ascii: "T")
                || $0 == UInt8(ascii: "t") || $0 == UInt8(ascii: "Z") || $0 == UInt8(ascii: "z") || $0 == UInt8(ascii: " ")
                || $0 == UInt8(ascii: "\t") || $0 == UInt8(ascii: "+") || $0 == UInt8(ascii: "-")
        }
    }

    /// `text` in double quotes with YAML escapes, on one line.
    static func doubleQuoted(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\t": out += "\\t"
            case "\r": out += "\\r"
            default:
                let v = scalar.value
                if v < 0x20 || v == 0x7F || (0x80..<0xA0).contains(v) || v == 0x2028 || v == 0x2029 || v == 0xFEFF {
                    out += v <= 0xFF ? "\\x" + hex(v, 2) : "\\u" + hex(v, 4)
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out + "\""
    }

    private static func hex(_ value: UInt32, _ width: Int) -> String {
        let digits = String(value, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, width - digits.count)) + digits
    }
}
