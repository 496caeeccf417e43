/// A tag's colour: one of the app's ten named colours, or any `#RRGGBB` value.
///
/// ```swift
/// try TagColour(parsing: "teal")      // .named(.teal)
/// try TagColour(parsing: "#1E90FF")   // .rgb(0x1E, 0x90, 0xFF)
/// try TagColour(parsing: "sky")       // throws: lists the names and the #RRGGBB form
/// ```
public enum TagColour: Sendable, Hashable, Codable, CustomStringConvertible {
    /// The app's palette.
    public enum Name: String, Sendable, Hashable, CaseIterable, Codable {
        case red, orange, yellow, green, mint, teal, blue, indigo, purple, pink
    }

    case named(Name)
    case rgb(UInt8, UInt8, UInt8)

    /// Parses a palette name (any case) or `#RRGGBB` (any case); anything else is an error that says
    /// what is accepted.
    public init(parsing text: String) throws(CardportError) {
        let lower = text.lowercased()
        if let name = Name(rawValue: lower) {
            self = .named(name)
            return
        }
        let bytes = Array(lower.utf8)
        if bytes.count == 7, bytes[0] == UInt8(ascii: "#"),
           bytes[1...].allSatisfy({ (0x30...0x39).contains($0) || (0x61...0x66).contains($0) }),
           let value = UInt32(String(decoding: bytes[1...], as: UTF8.self), radix: 16) {
            self = .rgb(UInt8(value >> 16), UInt8((value >> 8) & 0xFF), UInt8(value & 0xFF))
            return
        }
        throw CardportError(
            .invalidValue,
            "'\(text)' is not a tag colour",
            hint: "use one of \(Name.allCases.map(\.rawValue).joined(separator: ", ")) or #RRGGBB")
    }

    /// The palette name, or `#RRGGBB` in upper case.
    public var description: String {
        switch self {
        case .named(let name): return name.rawValue
        case .rgb(let r, let g, let b):
            let hex = (Int(r) << 16) | (Int(g) << 8) | Int(b)
            let digits = String(hex, radix: 16, uppercase: true)
            return "#" + String(repeating: "0", count: 6 - digits.count) + digits
        }
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        do {
            self = try TagColour(parsing: text)
        } catch {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: error.message)
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }
}
