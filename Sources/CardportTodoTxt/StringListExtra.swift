import CardportCore

/// A list of names kept in a record's `extras` as a JSON array of strings (`["home","phone"]`), the
/// form every format uses for a list it has no field for (Taskwarrior keeps its tags that way too).
enum StringListExtra {
    /// The strings of a JSON array of strings, or `nil` when the text is something else.
    static func parse(_ text: String) -> [String]? {
        var scalars = Array(text.unicodeScalars)[...]
        func skipSpace() { while let first = scalars.first, first == " " || first == "\n" || first == "\t" || first == "\r" { scalars.removeFirst() } }
        skipSpace()
        guard scalars.popFirst() == "[" else { return nil }
        var values: [String] = []
        skipSpace()
        if scalars.first == "]" {
            scalars.removeFirst()
            skipSpace()
            return scalars.isEmpty ? values : nil
        }
        while true {
            skipSpace()
            guard scalars.popFirst() == "\"" else { return nil }
            var value = String.UnicodeScalarView()
            while true {
                guard let scalar = scalars.popFirst() else { return nil }
                if scalar == "\"" { break }
                if scalar == "\\" {
                    guard let escape = scalars.popFirst() else { return nil }
                    switch escape {
                    case "\"", "\\", "/": value.append(escape)
                    case "n": value.append("\n")
                    case "r": value.append("\r")
                    case "t": value.append("\t")
                    case "b": value.append("\u{8}")
                    case "f": value.append("\u{C}")
                    case "u":
                        guard let high = hex4(&scalars) else { return nil }
                        var code = high
                        if (0xD800...0xDBFF).contains(high) {
                            guard scalars.popFirst() == "\\", scalars.popFirst() == "u", let low = hex4(&scalars),
                                  (0xDC00...0xDFFF).contains(low) else { return nil }
                            code = 0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00)
                        }
                        guard let decoded = Unicode.Scalar(code) else { return nil }
                        value.append(decoded)
                    default: return nil
                    }
                } else {
                    value.append(scalar)
                }
            }
            values.append(String(value))
            skipSpace()
            switch scalars.popFirst() {
            case ",": continue
            case "]":
                skipSpace()
                return scalars.isEmpty ? values : nil
            default: return nil
            }
        }
    }

    /// `values` as a compact JSON array of strings.
    static func text(_ values: [String]) -> String {
        CompactJSON.array(values)
    }

    private static func hex4(_ scalars: inout ArraySlice<Unicode.Scalar>) -> UInt32? {
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard let scalar = scalars.popFirst(), let digit = UInt32(String(scalar), radix: 16) else { return nil }
            value = value << 4 | digit
        }
        return value
    }
}
