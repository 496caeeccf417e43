import CardportCore

/// Writes records as JSON objects, through the record field mapping (``RecordFieldEncoding``)
/// that the native document, JSON Lines and YAML share.
///
/// Members come in a fixed order, absent optional fields are left out, and `extras` is written
/// with its keys sorted, so the same records always give the same bytes.
struct RecordJSONEncoder: RecordFieldEncoding {
    private let w: JSONWriter
    /// Whether the next member is the first of its object (no comma before it).
    private var first = true

    private init(_ writer: JSONWriter) {
        w = writer
    }

    static func encode(_ record: Record, kind includeKind: Bool, into writer: JSONWriter) {
        writer.byte(0x7B)
        // The `kind` literal ends with its comma: the first field still has none of its own.
        if includeKind { writer.raw(kindMember(record.kind)) }
        var encoder = RecordJSONEncoder(writer)
        encoder.fields(of: record)
        writer.byte(0x7D)
    }

    /// The `kind` member and the comma after it, as one literal.
    private static func kindMember(_ kind: RecordKind) -> StaticString {
        switch kind {
        case .citation: return "\"kind\":\"citation\","
        case .bookmark: return "\"kind\":\"bookmark\","
        case .task: return "\"kind\":\"task\","
        case .topic: return "\"kind\":\"topic\","
        case .tag: return "\"kind\":\"tag\","
        case .settings: return "\"kind\":\"settings\","
        }
    }

    @inline(__always)
    private mutating func member(_ key: StaticString) {
        w.member(key, first: first)
        first = false
    }

    @inline(__always)
    mutating func string(_ key: StaticString, _ value: String) {
        member(key)
        w.string(value)
    }

    @inline(__always)
    mutating func bool(_ key: StaticString, _ value: Bool) {
        member(key)
        w.bool(value)
    }

    @inline(__always)
    mutating func int(_ key: StaticString, _ value: Int) {
        member(key)
        w.int(value)
    }

    @inline(__always)
    mutating func timestamp(_ key: StaticString, _ value: Timestamp) {
        member(key)
        w.timestamp(value)
    }

    @inline(__always)
    mutating func words(_ key: StaticString, _ values: [String]) {
        member(key)
        w.stringArray(values)
    }

    @inline(__always)
    mutating func texts(_ key: StaticString, _ values: [String]) {
        member(key)
        w.stringArray(values)
    }

    mutating func beginMapping(_ key: StaticString) {
        member(key)
        w.byte(0x7B)
        first = true
    }

    mutating func endMapping() {
        w.byte(0x7D)
        first = false
    }

    mutating func beginList(_ key: StaticString, isEmpty: Bool) {
        member(key)
        w.byte(0x5B)
        first = true
    }

    mutating func beginItem() {
        if !first { w.byte(0x2C) }
        w.byte(0x7B)
        first = true
    }

    mutating func endItem() {
        w.byte(0x7D)
        first = false
    }

    mutating func endList() {
        w.byte(0x5D)
        first = false
    }

    mutating func extras(_ extras: [String: String]) {
        guard !extras.isEmpty else { return }
        member("extras")
        w.byte(0x7B)
        for (i, key) in extras.keys.sorted().enumerated() {
            if i > 0 { w.byte(0x2C) }
            w.string(key)
            w.byte(0x3A)
            w.string(extras[key]!)
        }
        w.byte(0x7D)
    }
}
