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
        var text = text
        // Most texts need no escape: one scan, and the text as it is between quotes.
        let plain = text.withUTF8 { bytes in !bytes.contains { $0 < 0x20 || $0 == 0x22 || $0 == 0x5C } }
        if plain { return "\"" + text + "\"" }
        var out: [UInt8] = [0x22]
        out.reserveCapacity(text.utf8.count + 8)
        for byte in text.utf8 {
            switch byte {
            case 0x22: out += [0x5C, 0x22]
            case 0x5C: out += [0x5C, 0x5C]
            case 0x0A: out += [0x5C, 0x6E]
            case 0x0D: out += [0x5C, 0x72]
            case 0x09: out += [0x5C, 0x74]
            case 0x00..<0x20:
                out += [0x5C, 0x75, 0x30, 0x30, CompactJSON.hexDigits[Int(byte >> 4)], CompactJSON.hexDigits[Int(byte & 0x0F)]]
            default: out.append(byte)
            }
        }
        out.append(0x22)
        return String(decoding: out, as: UTF8.self)
    }

    private static let hexDigits = Array("0123456789abcdef".utf8)

    /// `values` as a JSON array of strings, without spaces.
    public static func array(_ values: [String]) -> String {
        "[" + values.map(string).joined(separator: ",") + "]"
    }
}
