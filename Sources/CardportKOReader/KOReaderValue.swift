/// A value of a KOReader file: a Lua table literal (a sidecar) or JSON (the exporter's file).
///
/// Both hold the same few shapes, so one type serves both: a JSON object is a table with string
/// keys, a JSON array a table with the keys 1, 2, 3…, and `null` is Lua's `nil`.
enum KOReaderValue: Sendable {
    case string(String)
    case number(Double)
    case boolean(Bool)
    case null
    case table(KOReaderTable)

    /// The text of a string, or of a number written without a fraction (`7` → `"7"`).
    var text: String? {
        switch self {
        case .string(let string): return string
        case .number(let number): return KOReaderValue.integerText(number)
        default: return nil
        }
    }

    /// The text of a string that is not empty.
    var nonEmptyText: String? {
        guard case .string(let string) = self, !string.isEmpty else { return nil }
        return string
    }

    /// The table, if this is one.
    var table: KOReaderTable? {
        if case .table(let table) = self { return table }
        return nil
    }

    /// Whether this is `true`.
    var isTrue: Bool {
        if case .boolean(true) = self { return true }
        return false
    }

    /// A whole number as digits, any other as it prints.
    static func integerText(_ number: Double) -> String {
        if number == number.rounded(), abs(number) < 1e15 { return String(Int64(number)) }
        return String(number)
    }

    /// The name of the value's type, for messages.
    var typeName: String {
        switch self {
        case .string: return "a string"
        case .number: return "a number"
        case .boolean: return "a boolean"
        case .null: return "nil"
        case .table: return "a table"
        }
    }
}

/// A table key: Lua tables in KOReader files are keyed by strings or by whole numbers.
enum KOReaderKey: Hashable, Sendable {
    case string(String)
    case integer(Int)
}

/// A table, its entries in the order the file lists them, with where it starts for messages.
struct KOReaderTable: Sendable {
    /// The entries, in file order.
    var entries: [(key: KOReaderKey, value: KOReaderValue)] = []
    /// The byte offset of the opening brace in the input.
    var offset: Int

    /// The value at a string key (the first, should the file repeat one).
    subscript(key: String) -> KOReaderValue? {
        for entry in entries { if case .string(let name) = entry.key, name == key { return entry.value } }
        return nil
    }

    /// The entries keyed by whole numbers, in ascending key order: a Lua array, whichever order
    /// the file wrote its keys in (older KOReader versions wrote them unordered).
    var sequence: [(index: Int, value: KOReaderValue)] {
        var items: [(index: Int, value: KOReaderValue)] = []
        for entry in entries { if case .integer(let index) = entry.key { items.append((index, entry.value)) } }
        if !items.indices.dropFirst().allSatisfy({ items[$0 - 1].index < items[$0].index }) {
            items.sort { $0.index < $1.index }
        }
        return items
    }
}
