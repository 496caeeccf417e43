import CardportCore
import CardportMachinery

/// Bytes of XML or HTML being written, with the escaping both need, flushed to a ``ByteOutput`` in
/// large blocks.
///
/// Escaping covers `&`, `<`, `>` and both quotes everywhere, and in attribute values also tab, line
/// feed and carriage return (as character references, so attribute-value normalisation cannot turn
/// them into spaces); a carriage return in text is a reference too, so line-end normalisation keeps it.
/// Characters XML 1.0 cannot hold at all (C0 controls other than tab and line breaks, U+FFFE, U+FFFF)
/// become U+FFFD, and the caller is told so it can count the loss.
struct MarkupBuffer {
    private(set) var bytes: [UInt8] = []

    init() {
        bytes.reserveCapacity(1 << 17)
    }

    /// Appends markup as it is.
    mutating func raw(_ text: StaticString) {
        text.withUTF8Buffer { bytes.append(contentsOf: $0) }
    }

    /// Appends text that is already safe (numbers, names checked by ``isName(_:)``).
    mutating func plain(_ text: String) {
        bytes.append(contentsOf: text.utf8)
    }

    /// Appends ` name="value"` with the value escaped; returns `false` when a character had to be replaced.
    @discardableResult
    mutating func attribute(_ name: StaticString, _ value: String) -> Bool {
        name.withUTF8Buffer { attribute(nameBytes: $0, value) }
    }

    /// Appends ` name="value"` for a name known at run time (already checked with ``isName(_:)``).
    @discardableResult
    mutating func attribute(named name: String, _ value: String) -> Bool {
        return name.withUTF8Bytes { attribute(nameBytes: $0, value) }
    }

    private mutating func attribute(nameBytes: UnsafeBufferPointer<UInt8>, _ value: String) -> Bool {
        bytes.append(0x20)
        bytes.append(contentsOf: nameBytes)
        bytes.append(0x3D)
        bytes.append(0x22)
        let clean = escaped(value, inAttribute: true)
        bytes.append(0x22)
        return clean
    }

    /// Appends ` name="value"` where `write` appends a value that needs no escaping (a date, a number).
    mutating func attribute(_ name: StaticString, unescaped write: (inout [UInt8]) -> Void) {
        bytes.append(0x20)
        raw(name)
        bytes.append(0x3D)
        bytes.append(0x22)
        write(&bytes)
        bytes.append(0x22)
    }

    /// Appends element text, escaped; returns `false` when a character had to be replaced.
    @discardableResult
    mutating func text(_ value: String) -> Bool {
        escaped(value, inAttribute: false)
    }

    /// Appends `value` escaped; runs of bytes that need nothing are copied whole.
    private mutating func escaped(_ value: String, inAttribute: Bool) -> Bool {
        return value.withUTF8Bytes { source in
            var clean = true
            var runStart = 0
            var index = 0
            while index < source.count {
                let byte = source[index]
                // Everything that needs escaping is below `@` (0x40), or starts with 0xEF (U+FFFE, U+FFFF).
                if byte >= 0x40 && byte != 0xEF {
                    index += 1
                    continue
                }
                let replacement: StaticString
                var width = 1
                switch byte {
                case 0x26: replacement = "&amp;"
                case 0x3C: replacement = "&lt;"
                case 0x3E: replacement = "&gt;"
                case 0x22: replacement = "&quot;"
                case 0x27: replacement = "&#39;"
                case 0x0D: replacement = "&#13;"
                case 0x09 where inAttribute: replacement = "&#9;"
                case 0x0A where inAttribute: replacement = "&#10;"
                case 0x09, 0x0A:
                    index += 1
                    continue
                case 0x00..<0x20:
                    replacement = "\u{FFFD}"
                    clean = false
                case 0xEF where index + 2 < source.count && source[index + 1] == 0xBF
                    && (source[index + 2] == 0xBE || source[index + 2] == 0xBF):
                    replacement = "\u{FFFD}"
                    width = 3
                    clean = false
                default:
                    index += 1
                    continue
                }
                bytes.append(contentsOf: UnsafeBufferPointer(rebasing: source[runStart..<index]))
                raw(replacement)
                index += width
                runStart = index
            }
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: source[runStart..<source.count]))
            return clean
        }
    }

    /// Writes the bytes out once at least `threshold` have collected.
    mutating func flush(to output: ByteOutput, threshold: Int = 1 << 16) throws(CardportError) {
        guard bytes.count >= threshold, !bytes.isEmpty else { return }
        try output.write(bytes)
        bytes.removeAll(keepingCapacity: true)
    }

    /// Whether `name` can be written as an attribute name: ASCII letters, digits, `_`, `-` and `.`,
    /// starting with a letter or `_` (a safe subset of XML names that HTML parsers read alike).
    static func isName(_ name: String) -> Bool {
        guard let first = name.utf8.first, first == 0x5F || (first | 0x20 >= 0x61 && first | 0x20 <= 0x7A) else { return false }
        return name.utf8.allSatisfy { byte in
            byte == 0x5F || byte == 0x2D || byte == 0x2E || (byte >= 0x30 && byte <= 0x39)
                || (byte | 0x20 >= 0x61 && byte | 0x20 <= 0x7A)
        }
    }
}
