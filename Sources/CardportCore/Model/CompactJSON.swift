/// Compact JSON text for values a record keeps as text: an `extras` value that is a list or an
/// object, a base the store keeps, the versions a Kindle edit replaced.
///
/// ```swift
/// CompactJSON.string("say \"hi\"")    // "\"say \\\"hi\\\"\""
/// CompactJSON.array(["a", "b"])       // "[\"a\",\"b\"]"
/// ```
public enum CompactJSON {
    /// `text` as a JSON string literal: quotes, backslashes and control characters escaped,
    /// everything else as it is (UTF-8, not `\u` escapes).
    public static func string(_ text: String) -> String {
        var out = "\""
        out.reserveCapacity(text.utf8.count + 2)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case "\u{0}"..."\u{1F}":
                let hex = String(scalar.value, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }

    /// `values` as a JSON array of strings, without spaces.
    public static func array(_ values: [String]) -> String {
        "[" + values.map(string).joined(separator: ",") + "]"
    }
}
