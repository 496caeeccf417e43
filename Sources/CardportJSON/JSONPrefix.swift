/// What the first bytes of a JSON input look like, for content sniffing.
///
/// A tolerant scan that never fails: it stops at the end of the prefix or at the first thing that is
/// not JSON, and reports what it saw up to there.
struct JSONPrefix {
    /// The first non-whitespace byte: `{` or `[`, or something else (not JSON).
    var opening: UInt8?
    /// Member names of the top-level object (for `{`) or of the first element object (for `[`).
    var keys: [String] = []
    /// The string value of a top-level `"format"` member, if seen.
    var formatValue: String?
    /// Whether the first line is a complete object and the next non-blank line starts another.
    var isLineDelimited = false
    /// Whether the first line is a complete object (JSON Lines with one record, or a one-line document).
    var firstLineIsObject = false

    init(_ prefix: [UInt8]) {
        var i = 0
        while i < prefix.count, prefix[i] == 0x20 || prefix[i] == 0x09 || prefix[i] == 0x0A || prefix[i] == 0x0D { i += 1 }
        guard i < prefix.count else { return }
        opening = prefix[i]
        guard opening == 0x7B || opening == 0x5B else { return }
        let keyDepth = opening == 0x7B ? 1 : 2
        var depth = 0
        var inString = false
        var stringStart = 0
        var lastString: String?
        var lastStringDepth = -1
        var expectingFormatValue = false
        var elementIndex = 0
        var j = i
        while j < prefix.count {
            let byte = prefix[j]
            if inString {
                if byte == 0x5C { j += 2; continue }
                if byte == 0x22 {
                    inString = false
                    let text = String(decoding: prefix[stringStart..<j], as: UTF8.self)
                    if expectingFormatValue, depth == 1 {
                        formatValue = text
                        expectingFormatValue = false
                    }
                    lastString = text
                    lastStringDepth = depth
                }
                j += 1
                continue
            }
            switch byte {
            case 0x22:
                inString = true
                stringStart = j + 1
            case 0x3A:
                if let key = lastString, lastStringDepth == keyDepth, elementIndex == 0 {
                    keys.append(key)
                    expectingFormatValue = key == "format" && depth == 1
                }
                lastString = nil
            case 0x7B, 0x5B:
                depth += 1
            case 0x7D, 0x5D:
                depth -= 1
                if depth == 1, opening == 0x5B { elementIndex += 1 }
                if depth == 0 {
                    let rest = prefix[(j + 1)...]
                    if let newline = rest.firstIndex(of: 0x0A),
                       rest[rest.startIndex..<newline].allSatisfy({ $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }),
                       prefix[i..<j].firstIndex(of: 0x0A) == nil, opening == 0x7B {
                        firstLineIsObject = true
                        let after = prefix[(newline + 1)...].drop { $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }
                        isLineDelimited = after.first == 0x7B
                    } else if rest.allSatisfy({ $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }),
                              prefix[i..<j].firstIndex(of: 0x0A) == nil, opening == 0x7B {
                        firstLineIsObject = true
                    }
                    return
                }
            case 0x2C:
                expectingFormatValue = false
            default:
                break
            }
            j += 1
        }
    }

    func has(_ key: String) -> Bool { keys.contains(key) }
}
