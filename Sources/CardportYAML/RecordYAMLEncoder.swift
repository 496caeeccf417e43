import CardportCore
import CardportJSON

/// Writes records as YAML mappings through the record field mapping the native JSON document
/// uses (``RecordFieldEncoding``): the same field names, in the same order.
///
/// Absent optional fields are left out, tags are a flow list (`[a, b]`), links a block list, and
/// `extras` is written with its keys sorted, so the same records always give the same bytes.
struct RecordYAMLEncoder: RecordFieldEncoding {
    private var w: YAMLBlockWriter
    /// The indentation of the keys being written.
    private var indent: Int
    /// The indentation to go back to when the nested mapping or list item being written ends (the
    /// mapping has one level of nesting).
    private var outer = 0

    private init(_ writer: consuming YAMLBlockWriter, indent: Int) {
        w = writer
        self.indent = indent
    }

    /// Writes `record` as a list item whose `- ` sits at `indent`.
    static func item(_ record: Record, indent: Int, into w: inout YAMLBlockWriter) {
        w.item(indent: indent)
        mapping(record, indent: indent + 2, into: &w)
    }

    /// Writes the fields of `record` as keys at `indent`.
    static func mapping(_ record: Record, indent: Int, into w: inout YAMLBlockWriter) {
        // The writer is moved in and back out, so its bytes are never copied.
        var encoder = RecordYAMLEncoder(w.take(), indent: indent)
        encoder.fields(of: record)
        w = encoder.w.take()
    }

    mutating func string(_ key: StaticString, _ value: String) {
        w.key(key, indent: indent)
        w.string(value, indent: indent + 2)
    }

    mutating func bool(_ key: StaticString, _ value: Bool) {
        w.key(key, indent: indent)
        w.plain(value ? "true" : "false")
    }

    mutating func int(_ key: StaticString, _ value: Int) {
        w.key(key, indent: indent)
        w.plain(String(value))
    }

    mutating func timestamp(_ key: StaticString, _ value: Timestamp) {
        w.key(key, indent: indent)
        w.string(value.iso8601, indent: indent + 2)
    }

    mutating func words(_ key: StaticString, _ values: [String]) {
        w.key(key, indent: indent)
        w.flowList(values)
    }

    mutating func texts(_ key: StaticString, _ values: [String]) {
        w.key(key, indent: indent)
        w.blockList(values, indent: indent)
    }

    mutating func beginMapping(_ key: StaticString) {
        w.key(key, indent: indent)
        w.nested()
        outer = indent
        indent += 2
    }

    mutating func endMapping() {
        indent = outer
    }

    mutating func beginList(_ key: StaticString, isEmpty: Bool) {
        w.key(key, indent: indent)
        if isEmpty { w.plain("[]") } else { w.nested() }
    }

    mutating func beginItem() {
        w.item(indent: indent)
        outer = indent
        indent += 2
    }

    mutating func endItem() {
        indent = outer
    }

    mutating func endList() {}

    mutating func extras(_ extras: [String: String]) {
        guard !extras.isEmpty else { return }
        w.key("extras", indent: indent)
        w.nested()
        for key in extras.keys.sorted() {
            w.key(text: key, indent: indent + 2)
            w.string(extras[key]!, indent: indent + 4)
        }
    }
}
