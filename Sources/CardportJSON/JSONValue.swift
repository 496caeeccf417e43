/// A parsed JSON value, kept close to the text: numbers stay as written, object members keep
/// their order and the byte offset of their value (for error locations).
enum JSONValue: Sendable, Hashable {
    case null
    case bool(Bool)
    /// A number as written (`12`, `-0.5e3`), so ids and integers are not bent through `Double`.
    case number(String)
    case string(String)
    case array([JSONValue])
    case object(JSONObject)

    /// A short name of the value's type, for messages ("expected a string, found an array").
    var typeName: String {
        switch self {
        case .null: return "null"
        case .bool: return "a boolean"
        case .number: return "a number"
        case .string: return "a string"
        case .array: return "an array"
        case .object: return "an object"
        }
    }
}

/// The members of a JSON object, in document order.
struct JSONObject: Sendable, Hashable {
    struct Member: Sendable, Hashable {
        let key: String
        let value: JSONValue
        /// The byte offset of the value in the input.
        let offset: Int
    }

    var members: [Member]
    /// The byte offset of the object's `{` in the input.
    let offset: Int

    /// The first member with this key.
    subscript(key: String) -> Member? {
        members.first { $0.key == key }
    }
}

extension JSONValue {
    /// The value as compact JSON text (for values kept verbatim in `extras`).
    var jsonText: String {
        let writer = JSONWriter()
        writer.value(self)
        return String(decoding: writer.bytes, as: UTF8.self)
    }
}
