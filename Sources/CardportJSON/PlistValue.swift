import Foundation

/// A property list's value, decoded by Foundation's `PropertyListDecoder` (XML, binary and the
/// old text form), then handed on as the plain Swift values the plist reader looks at: `String`,
/// `Data`, `Date`, `Bool`, `Int`, `Double`, `[Any]` and `[String: Any]`.
///
/// Not through `PropertyListSerialization`: on a damaged binary list whose dictionary became a set
/// it crashes the process while bridging the set (the `FuzzPlist` finding in Fuzz/README.md);
/// the decoder rejects the set with an error.
///
/// ```swift
/// let root = try PlistValue.decode(data)   // [String: Any] for an app's domain
/// ```
enum PlistValue: Decodable {
    case string(String)
    case data(Data)
    case date(Date)
    case bool(Bool)
    case integer(Int)
    case real(Double)
    case array([PlistValue])
    case dictionary([String: PlistValue])

    /// The property list in `data`, as plain Swift values.
    static func decode(_ data: Data) throws -> Any {
        try PropertyListDecoder().decode(PlistValue.self, from: data).value
    }

    private struct Key: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    init(from decoder: any Decoder) throws {
        if let keyed = try? decoder.container(keyedBy: Key.self) {
            var members: [String: PlistValue] = [:]
            for key in keyed.allKeys { members[key.stringValue] = try keyed.decode(PlistValue.self, forKey: key) }
            self = .dictionary(members)
        } else if var list = try? decoder.unkeyedContainer() {
            var items: [PlistValue] = []
            if let count = list.count { items.reserveCapacity(count) }
            while !list.isAtEnd { items.append(try list.decode(PlistValue.self)) }
            self = .array(items)
        } else {
            // The decoder says which type a value has only by refusing the others.
            let single = try decoder.singleValueContainer()
            if let flag = try? single.decode(Bool.self) {
                self = .bool(flag)
            } else if let number = try? single.decode(Int.self) {
                self = .integer(number)
            } else if let number = try? single.decode(Double.self) {
                self = .real(number)
            } else if let date = try? single.decode(Date.self) {
                self = .date(date)
            } else if let data = try? single.decode(Data.self) {
                self = .data(data)
            } else {
                self = .string(try single.decode(String.self))
            }
        }
    }

    /// The value as the reader takes it.
    var value: Any {
        switch self {
        case .string(let text): return text
        case .data(let data): return data
        case .date(let date): return date
        case .bool(let flag): return flag
        case .integer(let number): return number
        case .real(let number): return number
        case .array(let items): return items.map(\.value)
        case .dictionary(let members): return members.mapValues(\.value)
        }
    }
}
