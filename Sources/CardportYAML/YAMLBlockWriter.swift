import CardportCore
import CardportMachinery

/// Writes block-style YAML straight into bytes, for ``YAMLWriter`` and ``FrontMatter``.
///
/// libyaml's emitter took about 45 % of a JSON Lines → YAML conversion (it re-analyses every
/// scalar and copies each event), so YAML is written by hand in the layout libyaml gives:
/// two-space indentation, sequences in a mapping not indented (`key:` then `- item`), flow lists
/// `[a, b]`, literal blocks for multi-line text. Every style decision comes from
/// ``YAMLScalarStyle``, which the PyYAML agreement test checks. Unlike libyaml 0.2.5, which
/// escapes every character beyond U+FFFF (`"\U0001F4DA"`), emoji are written as they are.
struct YAMLBlockWriter {
    private(set) var bytes: [UInt8] = []
    /// Whether the next key continues the current line (right after `- `).
    private var inline = false

    init(capacity: Int = 1 << 16) {
        bytes.reserveCapacity(capacity)
    }

    /// The writer as it is, leaving this one empty: a move, for an encoder that writes into it.
    mutating func take() -> YAMLBlockWriter {
        var taken = YAMLBlockWriter(capacity: 0)
        swap(&taken, &self)
        return taken
    }

    mutating func removeAll() {
        bytes.removeAll(keepingCapacity: true)
    }

    mutating func append(_ text: StaticString) {
        text.withUTF8Buffer { bytes.append(contentsOf: $0) }
    }

    private mutating func append(_ text: String) {
        text.withUTF8Bytes { bytes.append(contentsOf: $0) }
    }

    private mutating func spaces(_ count: Int) {
        bytes.append(contentsOf: repeatElement(0x20, count: count))
    }

    /// Starts a list item at `indent` (its `- `); the item's first key follows on the same line.
    mutating func item(indent: Int) {
        spaces(indent)
        append("- ")
        inline = true
    }

    /// A mapping key at `indent`, and its colon; the value follows with one of the value calls.
    mutating func key(_ name: StaticString, indent: Int) {
        if inline { inline = false } else { spaces(indent) }
        append(name)
        bytes.append(0x3A)
    }

    /// A key that may need quoting (an extras key); a long one is written as an explicit `? key`,
    /// since YAML limits implicit keys to 1024 characters.
    mutating func key(text name: String, indent: Int) {
        if inline { inline = false } else { spaces(indent) }
        if YAMLScalarStyle.of(name) == .plain, name.utf8.count <= 128 {
            append(name)
        } else if name.utf8.count <= 128, !name.utf8.contains(0x0A) {
            append(YAMLScalarStyle.doubleQuoted(name))
        } else {
            append("? ")
            append(YAMLScalarStyle.doubleQuoted(name))
            bytes.append(0x0A)
            spaces(indent)
        }
        bytes.append(0x3A)
    }

    /// A value written as it is (`true`, `45`), then the line end.
    mutating func plain(_ text: String) {
        bytes.append(0x20)
        append(text)
        bytes.append(0x0A)
    }

    /// A string value; a literal block's lines go at `indent`.
    mutating func string(_ text: String, indent: Int) {
        bytes.append(0x20)
        switch YAMLScalarStyle.of(text) {
        case .plain:
            append(text)
        case .doubleQuoted:
            append(YAMLScalarStyle.doubleQuoted(text))
        case .literal:
            literal(text, indent: indent)
            return
        }
        bytes.append(0x0A)
    }

    /// `|`, `|-` or `|+` as the trailing line breaks need, then the lines; empty lines stay empty.
    private mutating func literal(_ text: String, indent: Int) {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        var trailing = 0
        for byte in text.utf8.reversed() {
            guard byte == 0x0A else { break }
            trailing += 1
        }
        append(trailing == 0 ? "|-\n" : trailing == 1 ? "|\n" : "|+\n")
        if trailing > 0 { lines.removeLast() }
        for line in lines {
            if !line.isEmpty {
                spaces(indent)
                append(String(line))
            }
            bytes.append(0x0A)
        }
    }

    /// A flow list of strings, `[a, b]`, or `[]`.
    mutating func flowList(_ items: [String]) {
        append(" [")
        for (index, item) in items.enumerated() {
            if index > 0 { append(", ") }
            append(YAMLScalarStyle.of(item, inFlow: true) == .plain ? item : YAMLScalarStyle.doubleQuoted(item))
        }
        append("]\n")
    }

    /// A block list of strings under a key at `indent` (`- item` lines at the same indent), or `[]`.
    mutating func blockList(_ items: [String], indent: Int) {
        guard !items.isEmpty else {
            append(" []\n")
            return
        }
        bytes.append(0x0A)
        for item in items {
            spaces(indent)
            bytes.append(0x2D)
            string(item, indent: indent + 2)
        }
    }

    /// Ends a key whose value is a nested block (a mapping or list of mappings) on the next lines.
    mutating func nested() {
        bytes.append(0x0A)
    }
}
