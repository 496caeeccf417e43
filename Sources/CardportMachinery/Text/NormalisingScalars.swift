/// The scalar classes ``TextNormalisation`` works with: what counts as whitespace and as an edge to trim,
/// how a scalar is lower-cased and unified, and which scalars NFKC is known to leave alone.
package enum NormalisingScalars {
    /// ASCII whitespace as Unicode's `White_Space` has it: tab, line feed, vertical tab, form feed,
    /// carriage return and space.
    @inline(__always)
    package static func isWhitespaceASCII(_ byte: UInt8) -> Bool {
        byte == 0x20 || (byte >= 0x09 && byte <= 0x0D)
    }

    /// Whether an ASCII byte is trimmed from the ends: whitespace, or punctuation (general category
    /// P*: `! " # % & ' ( ) * , - . / : ; ? @ [ \ ] _ { }`). Symbols such as `$ + < = > ^ | ~` stay.
    @inline(__always)
    package static func isEdgeASCII(_ byte: UInt8) -> Bool {
        // One bit per byte value: 0x00–0x3F, then 0x40–0x7F.
        if byte < 0x40 { return 0x8C00_F7EF_0000_3E00 & (1 as UInt64) << UInt64(byte) != 0 }
        if byte < 0x80 { return 0x2800_0000_B800_0001 & (1 as UInt64) << UInt64(byte - 0x40) != 0 }
        return false
    }

    /// Whether a scalar is trimmed from the ends: whitespace or any punctuation.
    package static func isEdge(_ scalar: Unicode.Scalar) -> Bool {
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

    /// Whether a scalar has Unicode's `White_Space` property (the whole list: it is small and stable).
    @inline(__always)
    package static func isWhitespace(_ value: UInt32) -> Bool {
        if value < 0x80 { return value == 0x20 || (value >= 0x09 && value <= 0x0D) }
        switch value {
        case 0x85, 0xA0, 0x1680, 0x2000...0x200A, 0x2028, 0x2029, 0x202F, 0x205F, 0x3000: return true
        default: return false
        }
    }

    /// Decodes the scalar that starts at `offset` in valid UTF-8, and its length in bytes.
    package static func decode(_ bytes: UnsafeBufferPointer<UInt8>, at offset: Int) -> (Unicode.Scalar, Int) {
        let b0 = bytes[offset]
        let value: UInt32
        let length: Int
        if b0 < 0x80 {
            value = UInt32(b0); length = 1
        } else if b0 < 0xE0 {
            value = UInt32(b0 & 0x1F) << 6 | UInt32(bytes[offset + 1] & 0x3F); length = 2
        } else if b0 < 0xF0 {
            value = UInt32(b0 & 0x0F) << 12 | UInt32(bytes[offset + 1] & 0x3F) << 6 | UInt32(bytes[offset + 2] & 0x3F)
            length = 3
        } else {
            value = UInt32(b0 & 0x07) << 18 | UInt32(bytes[offset + 1] & 0x3F) << 12
                | UInt32(bytes[offset + 2] & 0x3F) << 6 | UInt32(bytes[offset + 3] & 0x3F)
            length = 4
        }
        return (Unicode.Scalar(value) ?? "\u{FFFD}", length)
    }

    /// Appends a scalar lower-cased (its full Unicode lower-case mapping), then with quotes, dashes
    /// and ellipses unified: `‘ ’ ‚ ‛ ‹ ›` → `'`, `“ ” „ ‟ « »` → `"`, `‐ ‑ ‒ – — ― −` → `-`,
    /// `…` → `...` (as NFKC has it, with `‥` → `..` and `․` → `.`).
    @inline(__always)
    package static func appendLowercasedUnified(_ value: UInt32, normalised: Bool, to out: inout ByteSink) {
        if value < 0x80 {
            let byte = UInt8(value)
            out.append(byte &- 0x41 < 26 ? byte | 0x20 : byte)
            return
        }
        if value < LowercaseTable.limit {
            let (first, second) = LowercaseTable.shared.mapping(value)
            appendUnified(first, to: &out)
            if second != 0 { appendUnified(second, to: &out) }
            return
        }
        // Past the table only the normalised path can meet cased letters (the fast path admits none).
        if normalised, let scalar = Unicode.Scalar(value), scalar.properties.changesWhenLowercased {
            for lower in scalar.properties.lowercaseMapping.unicodeScalars { appendUnified(lower.value, to: &out) }
            return
        }
        appendUnified(value, to: &out)
    }

    @inline(__always)
    private static func appendUnified(_ value: UInt32, to out: inout ByteSink) {
        switch value {
        case 0x2018, 0x2019, 0x201A, 0x201B, 0x2039, 0x203A:
            out.append(0x27)
        case 0x201C, 0x201D, 0x201E, 0x201F, 0x00AB, 0x00BB:
            out.append(0x22)
        case 0x2010...0x2015, 0x2212:
            out.append(0x2D)
        case 0x2026:
            out.append(0x2E); out.append(0x2E); out.append(0x2E)
        case 0x2025:
            out.append(0x2E); out.append(0x2E)
        case 0x2024:
            out.append(0x2E)
        default:
            appendUTF8(value, to: &out)
        }
    }

    @inline(__always)
    private static func appendUTF8(_ value: UInt32, to out: inout ByteSink) {
        if value < 0x80 {
            out.append(UInt8(value))
        } else if value < 0x800 {
            out.append(UInt8(0xC0 | value >> 6))
            out.append(UInt8(0x80 | value & 0x3F))
        } else if value < 0x10000 {
            out.append(UInt8(0xE0 | value >> 12))
            out.append(UInt8(0x80 | value >> 6 & 0x3F))
            out.append(UInt8(0x80 | value & 0x3F))
        } else {
            out.append(UInt8(0xF0 | value >> 18))
            out.append(UInt8(0x80 | value >> 12 & 0x3F))
            out.append(UInt8(0x80 | value >> 6 & 0x3F))
            out.append(UInt8(0x80 | value & 0x3F))
        }
    }

    /// Whether NFKC is known to leave a scalar alone (or to map it the way the normalisation does anyway).
    ///
    /// `true` means that NFKC followed by the rest of the normalisation gives the same result as the rest of
    /// the normalisation alone: the scalar is in a range checked to have no compatibility or singleton
    /// decomposition and no combining class, or the normalisation maps it as NFKC would (spaces, `…`,
    /// full-width ASCII). Anything else, combining marks included, goes through the normaliser.
    package static func isKnownStable(_ value: UInt32) -> Bool {
        switch value {
        case 0x0000...0x009F: return true
        case 0x00A0...0x024F: return !isLatinCompatibility(value)
        case 0x0250...0x02AF: return true                      // IPA
        case 0x0370...0x0373, 0x0375...0x0377, 0x037B...0x037D, 0x037F, 0x0386, 0x0388...0x038A, 0x038C,
             0x038E...0x03A1, 0x03A3...0x03CF, 0x03D7...0x03EF, 0x03F3, 0x03F6...0x03F8, 0x03FA...0x03FF:
            return true                                        // Greek, without its compatibility forms
        case 0x0400...0x0482, 0x048A...0x04FF: return true     // Cyrillic, without its combining marks
        case 0x05D0...0x05EA: return true                      // Hebrew letters
        case 0x060C, 0x061B, 0x061F, 0x0621...0x064A, 0x0660...0x066D: return true  // Arabic letters, digits
        case 0x1E00...0x1E99, 0x1E9C...0x1EFF: return true     // Latin Extended Additional (Vietnamese…)
        case 0x1F00...0x1F15, 0x1F18...0x1F1D, 0x1F20...0x1F45, 0x1F48...0x1F4D, 0x1F50...0x1F57, 0x1F59,
             0x1F5B, 0x1F5D, 0x1F5F...0x1F70, 0x1F72, 0x1F74, 0x1F76, 0x1F78, 0x1F7A, 0x1F7C,
             0x1F80...0x1FB4, 0x1FB6...0x1FBA, 0x1FBC, 0x1FC2...0x1FC4, 0x1FC6...0x1FC8, 0x1FCA, 0x1FCC,
             0x1FD0...0x1FD2, 0x1FD6...0x1FDA, 0x1FE0...0x1FE2, 0x1FE4...0x1FEA, 0x1FEC, 0x1FF2...0x1FF4,
             0x1FF6...0x1FF8, 0x1FFA, 0x1FFC:
            return true                                        // Greek Extended, without singletons
        case 0x2000...0x200A, 0x2028, 0x2029, 0x202F, 0x205F, 0x3000: return true  // spaces: whitespace either way
        case 0x200B...0x200F: return true                      // zero-width and direction marks
        case 0x2010...0x2016, 0x2018...0x2027, 0x2030, 0x2032, 0x2039, 0x203A, 0x2212: return true
        case 0x2190...0x21FF, 0x2500...0x25FF, 0x2600...0x27BF: return true  // arrows, boxes, symbols, dingbats
        case 0x3001...0x3003, 0x3008...0x3011: return true     // CJK punctuation and brackets
        case 0x3041...0x3096, 0x30A1...0x30FA, 0x30FC: return true  // kana, without voicing marks
        case 0x3400...0x4DBF, 0x4E00...0x9FFF: return true     // CJK ideographs
        case 0xAC00...0xD7A3: return true                      // Hangul syllables
        case 0xFE00...0xFE0F: return true                      // variation selectors
        case 0xFF01...0xFF5E: return true                      // full-width ASCII: mapped to ASCII by the normalisation
        case 0x1F1E6...0x1F1FF, 0x1F300...0x1FAFF: return true // regional indicators, emoji
        case 0xE0020...0xE007F: return true                    // tag characters (flag sequences)
        default: return false
        }
    }

    /// Whether a Latin-1 or Latin Extended scalar has a compatibility decomposition.
    private static func isLatinCompatibility(_ value: UInt32) -> Bool {
        switch value {
        case 0x00A8, 0x00AA, 0x00AF, 0x00B2...0x00B5, 0x00B8...0x00BA, 0x00BC...0x00BE,
             0x0132, 0x0133, 0x013F, 0x0140, 0x0149, 0x017F, 0x01C4...0x01CC, 0x01F1...0x01F3:
            return true
        default:
            return false
        }
    }
}
