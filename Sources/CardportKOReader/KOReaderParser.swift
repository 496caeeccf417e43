import CardportCore

/// Parses the data KOReader writes, never running it: a sidecar's Lua table literal
/// (`return { ["key"] = value, … }`) or the exporter's JSON.
///
/// A sidecar is Lua source, but KOReader only ever writes one statement into it, `return` and a table
/// of strings, numbers, booleans and tables. That subset is all this parser accepts: a name, a call,
/// an operator or anything else that would need Lua to evaluate is an error at its line and column,
/// so a file can never make Cardport do more than read it. Nesting is bounded by
/// ``ReadLimits/maximumDepth`` and each string by ``ReadLimits/maximumFieldSize``.
///
/// ```swift
/// var parser = KOReaderParser(bytes, base: input.offset, input: input, limits: .standard)
/// let table = try parser.parseSidecar()   // the table after `return`
/// ```
struct KOReaderParser {
    private let bytes: UnsafeRawBufferPointer
    /// The input offset of `bytes[0]`, for error locations.
    private let base: Int
    private let input: ByteInput
    private let limits: ReadLimits
    private var index = 0
    private var depth = 0
    /// Whether JSON is being read (objects with `:`, arrays in brackets, JSON escapes).
    private var isJSON = false
    /// Whether the value being read is only checked, not kept: a sidecar's reading settings are
    /// most of its bytes, and no highlight is in them.
    private var skipping = false

    init(_ bytes: UnsafeRawBufferPointer, base: Int, input: ByteInput, limits: ReadLimits) {
        self.bytes = bytes
        self.base = base
        self.input = input
        self.limits = limits
    }

    // MARK: Documents

    /// Parses a sidecar: comments, `return`, one table, an optional `;`, and nothing after.
    ///
    /// Values of top-level keys not in `keys` (when given) are checked as strictly as the others but not kept.
    mutating func parseSidecar(keeping keys: Set<String>? = nil) throws(CardportError) -> KOReaderTable {
        skipSpace()
        guard matchWord("return") else {
            throw fail("expected 'return' and a table; a KOReader sidecar is a Lua table literal",
                       hint: "is this a KOReader 'metadata.<ext>.lua' file? It starts with 'return {'")
        }
        skipSpace()
        guard peek == UInt8(ascii: "{") else { throw fail("expected '{' after 'return'") }
        let table = try parseTable(keeping: keys)
        skipSpace()
        if peek == UInt8(ascii: ";") { index += 1; skipSpace() }
        guard index == bytes.count else { throw fail("expected the end of the file after the table") }
        return table
    }

    /// Parses a JSON document holding one object.
    mutating func parseJSON() throws(CardportError) -> KOReaderTable {
        isJSON = true
        skipSpace()
        guard peek == UInt8(ascii: "{") else { throw fail("expected '{': a KOReader JSON export is one object") }
        let value = try parseValue()
        skipSpace()
        guard index == bytes.count else { throw fail("expected the end of the file after the object") }
        return value.table!
    }

    // MARK: Values

    private mutating func parseValue() throws(CardportError) -> KOReaderValue {
        guard let byte = peek else { throw fail("expected a value, found the end of the file") }
        switch byte {
        case UInt8(ascii: "{"): return .table(try parseTable())
        case UInt8(ascii: "["):
            if isJSON { return .table(try parseJSONArray()) }
            return .string(try parseLongString())
        case UInt8(ascii: "\""): return .string(try parseQuoted())
        case UInt8(ascii: "'") where !isJSON: return .string(try parseQuoted())
        case UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(try parseNumber())
        default:
            if matchWord("true") { return .boolean(true) }
            if matchWord("false") { return .boolean(false) }
            if matchWord(isJSON ? "null" : "nil") { return .null }
            if !isJSON, KOReaderParser.isNameStart(byte) {
                throw fail("'\(word())' is Lua code, not a value; only strings, numbers, booleans and tables are read",
                           hint: "KOReader writes sidecars as plain table literals; this file was changed by something else")
            }
            throw fail("expected a value, found '\(KOReaderParser.shown(byte))'")
        }
    }

    private mutating func enter() throws(CardportError) {
        depth += 1
        guard depth <= limits.maximumDepth else {
            throw limits.exceeded(.depth, "tables nest deeper than", at: base + index, in: input)
        }
    }

    /// `{ [key] = value, name = value, value, … }` (Lua) or `{ "key": value, … }` (JSON).
    private mutating func parseTable(keeping keys: Set<String>? = nil) throws(CardportError) -> KOReaderTable {
        try enter()
        defer { depth -= 1 }
        var table = KOReaderTable(offset: base + index)
        index += 1
        var nextPosition = 1
        while true {
            skipSpace()
            guard let byte = peek else { throw fail("the table opened at \(opening(table)) is not closed") }
            if byte == UInt8(ascii: "}") {
                // Lua allows a comma before the closing brace; JSON does not.
                if isJSON, !table.entries.isEmpty { throw fail("expected a key after ','") }
                index += 1
                return table
            }
            let key: KOReaderKey
            if isJSON {
                guard byte == UInt8(ascii: "\"") else { throw fail("expected a string key or '}'") }
                key = .string(try parseQuoted())
                skipSpace()
                guard peek == UInt8(ascii: ":") else { throw fail("expected ':' after the key") }
                index += 1
            } else if byte == UInt8(ascii: "["), index + 1 < bytes.count,
                      bytes[index + 1] != UInt8(ascii: "["), bytes[index + 1] != UInt8(ascii: "=") {
                index += 1
                skipSpace()
                let keyStart = index
                switch try parseValue() {
                case .string(let name): key = .string(name)
                case .number(let number) where number == number.rounded() && abs(number) < 1e15: key = .integer(Int(number))
                case let other:
                    index = keyStart
                    throw fail("a key must be a string or a whole number, not \(other.typeName)")
                }
                skipSpace()
                guard peek == UInt8(ascii: "]") else { throw fail("expected ']' after the key") }
                index += 1
                try expectEquals()
            } else if KOReaderParser.isNameStart(byte), !isKeyword(at: index) {
                key = .string(word())
                index += key.nameLength
                try expectEquals()
            } else {
                key = .integer(nextPosition)
                nextPosition += 1
            }
            skipSpace()
            let wasSkipping = skipping
            if let keys, case .string(let name) = key, !keys.contains(name) { skipping = true }
            let skipsValue = skipping
            let value = try parseValue()
            skipping = wasSkipping
            if !skipsValue { table.entries.append((key, value)) }
            skipSpace()
            guard let after = peek else { throw fail("the table opened at \(opening(table)) is not closed") }
            if after == UInt8(ascii: ",") || (!isJSON && after == UInt8(ascii: ";")) {
                index += 1
            } else if after == UInt8(ascii: "}") {
                index += 1
                return table
            } else {
                throw fail("expected ',' or '}' after a table entry, found '\(KOReaderParser.shown(after))'")
            }
        }
    }

    /// `[ value, … ]` (JSON only), as a table keyed 1, 2, 3….
    private mutating func parseJSONArray() throws(CardportError) -> KOReaderTable {
        try enter()
        defer { depth -= 1 }
        var table = KOReaderTable(offset: base + index)
        index += 1
        while true {
            skipSpace()
            guard let byte = peek else { throw fail("the array opened at \(opening(table)) is not closed") }
            if byte == UInt8(ascii: "]") {
                if !table.entries.isEmpty { throw fail("expected a value after ','") }
                index += 1
                return table
            }
            table.entries.append((.integer(table.entries.count + 1), try parseValue()))
            skipSpace()
            if peek == UInt8(ascii: ",") {
                index += 1
            } else if peek == UInt8(ascii: "]") {
                index += 1
                return table
            } else {
                throw fail("expected ',' or ']' after an array element")
            }
        }
    }

    private mutating func expectEquals() throws(CardportError) {
        skipSpace()
        guard peek == UInt8(ascii: "=") else { throw fail("expected '=' after the key") }
        index += 1
    }

    private func opening(_ table: KOReaderTable) -> String {
        let location = input.location(at: table.offset).location
        return "line \(location.line), column \(location.column)"
    }

    // MARK: Strings

    /// A quoted string, with Lua's escapes (or JSON's, in JSON).
    private mutating func parseQuoted() throws(CardportError) -> String {
        let quote = bytes[index]
        let start = index
        index += 1
        // Most strings have no escape: find the closing quote and decode the bytes in place.
        var scan = index
        while scan < bytes.count, bytes[scan] != quote, bytes[scan] != UInt8(ascii: "\\"), bytes[scan] != 0x0A {
            scan += 1
        }
        if scan < bytes.count, bytes[scan] == quote {
            try checkSize(scan - index, at: start)
            if skipping {
                index = scan + 1
                return ""
            }
            let text = String(decoding: UnsafeRawBufferPointer(rebasing: bytes[index..<scan]), as: UTF8.self)
            index = scan + 1
            return text
        }
        var out: [UInt8] = Array(UnsafeRawBufferPointer(rebasing: bytes[index..<scan]))
        index = scan
        while true {
            guard index < bytes.count else {
                index = start
                throw fail("the string is not closed")
            }
            let byte = bytes[index]
            if byte == quote { index += 1; break }
            if byte == 0x0A {
                index = start
                throw fail("the string is not closed on its line", hint: "a line break inside a string is written '\\' and a new line")
            }
            if byte == UInt8(ascii: "\\") {
                switch try parseEscape() {
                case .byte(let value): out.append(value)
                case .scalar(let value): KOReaderParser.appendUTF8(value, to: &out)
                case .nothing: break
                }
            } else {
                out.append(byte)
                index += 1
            }
            if out.count > limits.maximumFieldSize { try checkSize(out.count, at: start) }
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// What an escape stands for.
    private enum Escaped {
        case byte(UInt8)
        case scalar(UInt32)
        case nothing
    }

    /// Reads the escape at the index (a backslash and what follows).
    private mutating func parseEscape() throws(CardportError) -> Escaped {
        let escapeStart = index
        index += 1
        guard index < bytes.count else { throw fail("the string ends in the middle of an escape") }
        let byte = bytes[index]
        index += 1
        switch byte {
        case UInt8(ascii: "n"): return .byte(0x0A)
        case UInt8(ascii: "t"): return .byte(0x09)
        case UInt8(ascii: "r"): return .byte(0x0D)
        case UInt8(ascii: "b"): return .byte(0x08)
        case UInt8(ascii: "f"): return .byte(0x0C)
        case UInt8(ascii: "\\"), UInt8(ascii: "\""): return .byte(byte)
        case UInt8(ascii: "'"), UInt8(ascii: "a"), UInt8(ascii: "v"), 0x0A, 0x0D, UInt8(ascii: "z"), UInt8(ascii: "x"),
             UInt8(ascii: "0")...UInt8(ascii: "9"):
            guard !isJSON else { throw failEscape(escapeStart) }
            return try parseLuaEscape(byte, start: escapeStart)
        case UInt8(ascii: "/"):
            guard isJSON else { throw failEscape(escapeStart) }
            return .byte(byte)
        case UInt8(ascii: "u"):
            return isJSON ? try parseJSONUnicode(start: escapeStart) : try parseLuaUnicode(start: escapeStart)
        default:
            throw failEscape(escapeStart)
        }
    }

    /// The escapes only Lua has; `byte` is the one after the backslash, already passed.
    private mutating func parseLuaEscape(_ byte: UInt8, start: Int) throws(CardportError) -> Escaped {
        switch byte {
        case UInt8(ascii: "'"): return .byte(byte)
        case UInt8(ascii: "a"): return .byte(0x07)
        case UInt8(ascii: "v"): return .byte(0x0B)
        case 0x0A, 0x0D:
            // A backslash before a line break is a line break; CR LF and LF CR count as one.
            if index < bytes.count, bytes[index] != byte, bytes[index] == 0x0A || bytes[index] == 0x0D { index += 1 }
            return .byte(0x0A)
        case UInt8(ascii: "z"):
            while index < bytes.count, KOReaderParser.isSpace(bytes[index]) { index += 1 }
            return .nothing
        case UInt8(ascii: "x"):
            guard let value = hexDigits(2, at: index) else { throw failEscape(start) }
            index += 2
            return .byte(UInt8(value))
        default:
            var value = Int(byte - UInt8(ascii: "0"))
            var digits = 1
            while digits < 3, index < bytes.count, bytes[index] >= UInt8(ascii: "0"), bytes[index] <= UInt8(ascii: "9") {
                value = value * 10 + Int(bytes[index] - UInt8(ascii: "0"))
                digits += 1
                index += 1
            }
            guard value <= 255 else { throw failEscape(start) }
            return .byte(UInt8(value))
        }
    }

    /// `\u{XXX}`: a code point in hexadecimal.
    private mutating func parseLuaUnicode(start: Int) throws(CardportError) -> Escaped {
        guard index < bytes.count, bytes[index] == UInt8(ascii: "{") else { throw failEscape(start) }
        index += 1
        var value: UInt32 = 0
        var digits = 0
        while index < bytes.count, let digit = KOReaderParser.hexValue(bytes[index]) {
            value = value &* 16 &+ UInt32(digit)
            digits += 1
            index += 1
        }
        guard digits > 0, digits <= 8, index < bytes.count, bytes[index] == UInt8(ascii: "}"),
              Unicode.Scalar(value) != nil else { throw failEscape(start) }
        index += 1
        return .scalar(value)
    }

    /// `\uXXXX`, with a following low surrogate joined to a high one.
    private mutating func parseJSONUnicode(start: Int) throws(CardportError) -> Escaped {
        guard let high = hexDigits(4, at: index) else { throw failEscape(start) }
        index += 4
        var value = UInt32(high)
        if (0xD800..<0xDC00).contains(high), bytes.count - index >= 6, bytes[index] == UInt8(ascii: "\\"),
           bytes[index + 1] == UInt8(ascii: "u"), let low = hexDigits(4, at: index + 2), (0xDC00..<0xE000).contains(low) {
            value = 0x10000 + (UInt32(high - 0xD800) << 10) + UInt32(low - 0xDC00)
            index += 6
        }
        return .scalar(Unicode.Scalar(value) == nil ? 0xFFFD : value)
    }

    /// Appends a code point as UTF-8.
    private static func appendUTF8(_ value: UInt32, to out: inout [UInt8]) {
        switch value {
        case ..<0x80:
            out.append(UInt8(value))
        case ..<0x800:
            out.append(UInt8(0xC0 | (value >> 6)))
            out.append(UInt8(0x80 | (value & 0x3F)))
        case ..<0x10000:
            out.append(UInt8(0xE0 | (value >> 12)))
            out.append(UInt8(0x80 | ((value >> 6) & 0x3F)))
            out.append(UInt8(0x80 | (value & 0x3F)))
        default:
            out.append(UInt8(0xF0 | (value >> 18)))
            out.append(UInt8(0x80 | ((value >> 12) & 0x3F)))
            out.append(UInt8(0x80 | ((value >> 6) & 0x3F)))
            out.append(UInt8(0x80 | (value & 0x3F)))
        }
    }

    private func failEscape(_ offset: Int) -> CardportError {
        input.error(.malformedInput, "this is not an escape \(isJSON ? "JSON" : "Lua") knows", at: base + offset)
    }

    private func hexDigits(_ count: Int, at offset: Int) -> Int? {
        guard offset + count <= bytes.count else { return nil }
        var value = 0
        for position in offset..<offset + count {
            guard let digit = KOReaderParser.hexValue(bytes[position]) else { return nil }
            value = value * 16 + digit
        }
        return value
    }

    /// `[[…]]` or `[==[…]==]`: a long string, taken as written (a first line break is dropped, as Lua does).
    private mutating func parseLongString() throws(CardportError) -> String {
        let start = index
        index += 1
        var level = 0
        while peek == UInt8(ascii: "=") { level += 1; index += 1 }
        guard peek == UInt8(ascii: "[") else {
            index = start
            throw fail("expected a value, found '['")
        }
        index += 1
        if peek == 0x0D { index += 1 }
        if peek == 0x0A { index += 1 }
        let contentStart = index
        while index < bytes.count {
            if bytes[index] == UInt8(ascii: "]") {
                var end = index + 1
                var equals = 0
                while end < bytes.count, bytes[end] == UInt8(ascii: "="), equals < level { equals += 1; end += 1 }
                if equals == level, end < bytes.count, bytes[end] == UInt8(ascii: "]") {
                    try checkSize(index - contentStart, at: start)
                    let text = String(decoding: UnsafeRawBufferPointer(rebasing: bytes[contentStart..<index]), as: UTF8.self)
                    index = end + 1
                    return text
                }
            }
            index += 1
        }
        index = start
        throw fail("the long string is not closed")
    }

    private func checkSize(_ size: Int, at offset: Int) throws(CardportError) {
        guard size <= limits.maximumFieldSize else {
            throw limits.exceeded(.fieldSize, "a string is longer than", at: base + offset, in: input)
        }
    }

    // MARK: Numbers

    /// A decimal or hexadecimal number, with an optional minus sign (Lua writes negative numbers so).
    private mutating func parseNumber() throws(CardportError) -> Double {
        let start = index
        if peek == UInt8(ascii: "-") { index += 1 }
        if !isJSON, peek == UInt8(ascii: "0"), index + 1 < bytes.count, bytes[index + 1] | 0x20 == UInt8(ascii: "x") {
            index += 2
            var value: Double = 0
            var digits = 0
            while let next = peek, let digit = KOReaderParser.hexValue(next) {
                value = value * 16 + Double(digit)
                digits += 1
                index += 1
            }
            guard digits > 0 else { index = start; throw fail("a hexadecimal number needs digits") }
            return bytes[start] == UInt8(ascii: "-") ? -value : value
        }
        while let next = peek, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(next) || next == UInt8(ascii: ".")
                || next | 0x20 == UInt8(ascii: "e")
                || ((next == UInt8(ascii: "+") || next == UInt8(ascii: "-")) && bytes[index - 1] | 0x20 == UInt8(ascii: "e")) {
            index += 1
        }
        let text = String(decoding: UnsafeRawBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
        guard let value = Double(text), value.isFinite else {
            index = start
            throw fail("'\(text)' is not a number")
        }
        return value
    }

    // MARK: Scanning

    private var peek: UInt8? { index < bytes.count ? bytes[index] : nil }

    /// Skips white space and Lua comments (`-- …` to the end of the line, `--[[ … ]]`).
    private mutating func skipSpace() {
        while index < bytes.count {
            let byte = bytes[index]
            if KOReaderParser.isSpace(byte) {
                index += 1
            } else if !isJSON, byte == UInt8(ascii: "-"), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "-") {
                index += 2
                if peek == UInt8(ascii: "["), skipLongComment() { continue }
                while index < bytes.count, bytes[index] != 0x0A { index += 1 }
            } else {
                return
            }
        }
    }

    /// Skips a long comment's bracketed body when there is one (`[[`, `[==[`); `false` when the
    /// comment is a plain line comment that happens to start with `[`.
    private mutating func skipLongComment() -> Bool {
        var probe = index + 1
        var level = 0
        while probe < bytes.count, bytes[probe] == UInt8(ascii: "=") { level += 1; probe += 1 }
        guard probe < bytes.count, bytes[probe] == UInt8(ascii: "[") else { return false }
        probe += 1
        let closing = [UInt8(ascii: "]")] + Array(repeating: UInt8(ascii: "="), count: level) + [UInt8(ascii: "]")]
        while probe + closing.count <= bytes.count {
            if bytes[probe] == UInt8(ascii: "]"), bytes[probe..<probe + closing.count].elementsEqual(closing) {
                index = probe + closing.count
                return true
            }
            probe += 1
        }
        index = bytes.count
        return true
    }

    /// Whether `keyword` is at the index as a whole word; if so, moves past it.
    private mutating func matchWord(_ keyword: StaticString) -> Bool {
        let length = keyword.utf8CodeUnitCount
        guard index + length <= bytes.count else { return false }
        let matches = keyword.withUTF8Buffer { word in
            (0..<length).allSatisfy { bytes[index + $0] == word[$0] }
        }
        guard matches else { return false }
        if index + length < bytes.count, KOReaderParser.isNameByte(bytes[index + length]) { return false }
        index += length
        return true
    }

    /// The name at the index, without moving.
    private func word() -> String {
        var end = index
        while end < bytes.count, KOReaderParser.isNameByte(bytes[end]) { end += 1 }
        return String(decoding: UnsafeRawBufferPointer(rebasing: bytes[index..<end]), as: UTF8.self)
    }

    /// Whether a value keyword (`true`, `false`, `nil`) starts at `offset`: a positional value, not a key.
    private func isKeyword(at offset: Int) -> Bool {
        var end = offset
        while end < bytes.count, KOReaderParser.isNameByte(bytes[end]) { end += 1 }
        let name = UnsafeRawBufferPointer(rebasing: bytes[offset..<end])
        return name.elementsEqual("true".utf8) || name.elementsEqual("false".utf8) || name.elementsEqual("nil".utf8)
    }

    private func fail(_ message: String, hint: String? = nil) -> CardportError {
        input.error(.malformedInput, message, at: base + index, hint: hint)
    }

    private static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || (0x09...0x0D).contains(byte)
    }

    private static func isNameStart(_ byte: UInt8) -> Bool {
        (byte | 0x20 >= UInt8(ascii: "a") && byte | 0x20 <= UInt8(ascii: "z")) || byte == UInt8(ascii: "_")
    }

    private static func isNameByte(_ byte: UInt8) -> Bool {
        isNameStart(byte) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
    }

    private static func hexValue(_ byte: UInt8) -> Int? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return Int(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return Int(byte - UInt8(ascii: "a")) + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return Int(byte - UInt8(ascii: "A")) + 10
        default: return nil
        }
    }

    /// A byte as a message shows it.
    private static func shown(_ byte: UInt8) -> String {
        byte >= 0x20 && byte < 0x7F ? String(UnicodeScalar(byte)) : "\\x" + String(byte, radix: 16)
    }
}

private extension KOReaderKey {
    /// The length in bytes of a name key (`name = value`).
    var nameLength: Int {
        if case .string(let name) = self { return name.utf8.count }
        return 0
    }
}
