import CardportCore
import CardportMachinery

/// A JSON parser over a window of bytes that may end mid-value.
///
/// When the window ends before a value does and more input may follow, it throws
/// ``Failure/needMoreInput`` so the caller can read on and retry from the value's start; with
/// `isFinal` set, the same situation is a syntax error. Strict RFC 8259: no comments, no trailing
/// commas, no `NaN`; strings must be valid UTF-8; nesting is limited to ``maximumDepth`` and strings to ``maximumString`` bytes.
struct JSONParser {
    enum Failure: Error {
        case needMoreInput
        /// A syntax error at an absolute byte offset, with a hint when one helps.
        case syntax(String, offset: Int, hint: String?)
        /// A ``ReadLimits`` limit hit at an absolute byte offset; the phrase ends in "than".
        case limit(ReadLimits.Limit, String, offset: Int)
    }

    /// The deepest nesting of arrays and objects (``ReadLimits/maximumDepth``).
    var maximumDepth = ReadLimits.defaultDepth
    /// The longest string, in bytes before unescaping (``ReadLimits/maximumFieldSize``).
    var maximumString = ReadLimits.defaultFieldSize

    let bytes: UnsafeRawBufferPointer
    /// The absolute offset of `bytes[0]` in the input.
    let base: Int
    /// Whether the window reaches the end of the input.
    let isFinal: Bool
    /// Whether a string may hold control characters as they are (not `\n`), which RFC 8259 forbids
    /// but `task export` writes.
    let allowsRawControlCharacters: Bool
    var index = 0
    private var depth = 0

    init(bytes: UnsafeRawBufferPointer, base: Int, isFinal: Bool, allowsRawControlCharacters: Bool = false) {
        self.bytes = bytes
        self.base = base
        self.isFinal = isFinal
        self.allowsRawControlCharacters = allowsRawControlCharacters
    }

    // MARK: Helpers

    private func fail(_ message: String, at position: Int? = nil, hint: String? = nil) -> Failure {
        .syntax(message, offset: base + (position ?? index), hint: hint)
    }

    /// The failure for a string that starts at `start` and runs past the window: the field-size
    /// limit when it is already longer than that, else ``endOfWindow(_:)``.
    private func stringEnds(from start: Int) -> Failure {
        index - start > maximumString ? .limit(.fieldSize, "a string is longer than", offset: base + start) : endOfWindow("a string")
    }

    private func endOfWindow(_ what: String) -> Failure {
        isFinal ? fail("the input ends inside \(what)", hint: "the file looks cut short") : .needMoreInput
    }

    mutating func skipWhitespace() {
        while index < bytes.count {
            let byte = bytes[index]
            guard byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 else { return }
            index += 1
        }
    }

    /// The next non-whitespace byte, without consuming it; `nil` at the end of the window.
    mutating func peek() -> UInt8? {
        skipWhitespace()
        return index < bytes.count ? bytes[index] : nil
    }

    /// Consumes `byte` (after whitespace) or fails with a message naming what was expected.
    mutating func expect(_ byte: UInt8, _ what: String) throws(Failure) {
        guard let next = peek() else { throw endOfWindow(what) }
        guard next == byte else { throw fail("expected \(what), found \(describe(next))") }
        index += 1
    }

    /// How a byte is named in messages (`a string`, `'}'`, `byte 0x1`).
    func describe(_ byte: UInt8) -> String { JSONParser.describe(byte) }

    static func describe(_ byte: UInt8) -> String {
        switch byte {
        case 0x22: return "a string"
        case 0x7B: return "'{'"
        case 0x7D: return "'}'"
        case 0x5B: return "'['"
        case 0x5D: return "']'"
        case 0x2C: return "','"
        case 0x3A: return "':'"
        case 0x2D, 0x30...0x39: return "a number"
        case 0x21...0x7E: return "'\(Character(Unicode.Scalar(byte)))'"
        default: return "byte 0x" + String(byte, radix: 16, uppercase: true)
        }
    }

    // MARK: Values

    mutating func parseValue() throws(Failure) -> JSONValue {
        guard let byte = peek() else { throw endOfWindow("a value") }
        switch byte {
        case 0x22: return .string(try parseString())
        case 0x7B: return .object(try parseObject())
        case 0x5B: return .array(try parseArray())
        case 0x74: try literal("true"); return .bool(true)
        case 0x66: try literal("false"); return .bool(false)
        case 0x6E: try literal("null"); return .null
        case 0x2D, 0x30...0x39: return .number(try parseNumber())
        case 0x27:
            throw fail("strings must be in double quotes", hint: "replace the single quotes with \"")
        default:
            throw fail("expected a value, found \(describe(byte))")
        }
    }

    private mutating func literal(_ word: StaticString) throws(Failure) {
        let count = word.utf8CodeUnitCount
        let start = index
        for i in 0..<count {
            guard start + i < bytes.count else { throw endOfWindow("'\(word)'") }
            guard bytes[start + i] == word.utf8Start[i] else {
                throw fail("expected a value, found \(describe(bytes[start]))", at: start)
            }
        }
        index = start + count
    }

    mutating func parseObject() throws(Failure) -> JSONObject {
        let start = index
        index += 1
        depth += 1
        guard depth <= maximumDepth else {
            throw .limit(.depth, "arrays and objects nest deeper than", offset: base + start)
        }
        var members: [JSONObject.Member] = []
        members.reserveCapacity(12)
        guard let first = peek() else { throw endOfWindow("an object") }
        if first == 0x7D {
            index += 1
            depth -= 1
            return JSONObject(members: members, offset: base + start)
        }
        while true {
            guard let next = peek() else { throw endOfWindow("an object") }
            guard next == 0x22 else {
                if next == 0x7D { throw fail("a trailing ',' before '}' is not allowed in JSON", hint: "remove the last comma") }
                throw fail("expected a member name in double quotes, found \(describe(next))")
            }
            let key = try parseString()
            try expect(0x3A, "':' after the member name")
            skipWhitespace()
            let valueOffset = base + index
            let value = try parseValue()
            members.append(JSONObject.Member(key: key, value: value, offset: valueOffset))
            guard let separator = peek() else { throw endOfWindow("an object") }
            if separator == 0x2C { index += 1; continue }
            if separator == 0x7D { index += 1; break }
            throw fail("expected ',' or '}' after a member, found \(describe(separator))",
                       hint: separator == 0x22 ? "a comma is probably missing before this member" : nil)
        }
        depth -= 1
        return JSONObject(members: members, offset: base + start)
    }

    mutating func parseArray() throws(Failure) -> [JSONValue] {
        let start = index
        index += 1
        depth += 1
        guard depth <= maximumDepth else {
            throw .limit(.depth, "arrays and objects nest deeper than", offset: base + start)
        }
        var elements: [JSONValue] = []
        guard let first = peek() else { throw endOfWindow("an array") }
        if first == 0x5D {
            index += 1
            depth -= 1
            return elements
        }
        while true {
            if peek() == 0x5D { throw fail("a trailing ',' before ']' is not allowed in JSON", hint: "remove the last comma") }
            elements.append(try parseValue())
            guard let separator = peek() else { throw endOfWindow("an array") }
            if separator == 0x2C { index += 1; continue }
            if separator == 0x5D { index += 1; break }
            throw fail("expected ',' or ']' after an array element, found \(describe(separator))")
        }
        depth -= 1
        return elements
    }

    mutating func parseNumber() throws(Failure) -> String {
        let start = index
        if bytes[index] == 0x2D { index += 1 }
        func digits(_ parser: inout JSONParser) -> Int {
            let from = parser.index
            while parser.index < parser.bytes.count, parser.bytes[parser.index] &- 0x30 < 10 { parser.index += 1 }
            return parser.index - from
        }
        let integerStart = index
        let integerDigits = digits(&self)
        guard integerDigits > 0 else {
            if index >= bytes.count { throw endOfWindow("a number") }
            throw fail("expected a digit, found \(describe(bytes[index]))")
        }
        if integerDigits > 1, bytes[integerStart] == 0x30 {
            throw fail("numbers must not have leading zeros", at: integerStart)
        }
        if index < bytes.count, bytes[index] == 0x2E {
            index += 1
            guard digits(&self) > 0 else {
                if index >= bytes.count { throw endOfWindow("a number") }
                throw fail("expected a digit after the decimal point")
            }
        }
        if index < bytes.count, bytes[index] | 0x20 == 0x65 {
            index += 1
            if index < bytes.count, bytes[index] == 0x2B || bytes[index] == 0x2D { index += 1 }
            guard digits(&self) > 0 else {
                if index >= bytes.count { throw endOfWindow("a number") }
                throw fail("expected a digit in the exponent")
            }
        }
        // A number that touches the end of the window may continue in the next chunk.
        if index == bytes.count, !isFinal { throw .needMoreInput }
        return String(decoding: UnsafeRawBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
    }

    /// Parses a string starting at the opening quote.
    mutating func parseString() throws(Failure) -> String {
        let open = index
        index += 1
        let start = index
        // Fast path: find the closing quote with no escapes or control characters in between,
        // eight or sixteen plain bytes at a time.
        if let base = bytes.baseAddress { index = ByteScan.plainEnd(base, from: index, count: bytes.count) }
        guard index < bytes.count else { throw stringEnds(from: start) }
        if bytes[index] == 0x22 {
            let raw = UnsafeRawBufferPointer(rebasing: bytes[start..<index])
            index += 1
            return try makeString(raw, at: start)
        }
        return try parseEscapedString(from: start, open: open)
    }

    @inline(__always)
    private func makeString(_ raw: UnsafeRawBufferPointer, at start: Int) throws(Failure) -> String {
        guard raw.count <= maximumString else { throw .limit(.fieldSize, "a string is longer than", offset: base + start) }
        switch UTF8Validation.string(raw) {
        case .success(let string):
            return string
        case .failure(let bad):
            throw fail("invalid UTF-8 in a string", at: start + bad.offset,
                       hint: "the file is not UTF-8; convert it first (iconv -t UTF-8)")
        }
    }

    private mutating func parseEscapedString(from start: Int, open: Int) throws(Failure) -> String {
        var decoded: [UInt8] = []
        decoded.reserveCapacity(index - start + 32)
        decoded.append(contentsOf: UnsafeRawBufferPointer(rebasing: bytes[start..<index]))
        while true {
            guard index < bytes.count else { throw stringEnds(from: start) }
            let byte = bytes[index]
            switch byte {
            case 0x22:
                index += 1
                return try decoded.withUnsafeBytes { raw in
                    Result { () throws(Failure) in try makeString(raw, at: start) }
                }.get()
            case 0x5C:
                guard index + 1 < bytes.count else { throw endOfWindow("a string") }
                let escape = bytes[index + 1]
                index += 2
                switch escape {
                case 0x22: decoded.append(0x22)
                case 0x5C: decoded.append(0x5C)
                case 0x2F: decoded.append(0x2F)
                case 0x62: decoded.append(0x08)
                case 0x66: decoded.append(0x0C)
                case 0x6E: decoded.append(0x0A)
                case 0x72: decoded.append(0x0D)
                case 0x74: decoded.append(0x09)
                case 0x75:
                    var scalar = try hex4()
                    if (0xD800...0xDBFF).contains(scalar) {
                        guard index + 2 <= bytes.count else { throw endOfWindow("a string") }
                        guard bytes[index] == 0x5C, bytes[index + 1] == 0x75 else {
                            throw fail("a \\u escape for a high surrogate must be followed by a low surrogate", at: index - 6)
                        }
                        index += 2
                        let low = try hex4()
                        guard (0xDC00...0xDFFF).contains(low) else {
                            throw fail("\\u\(String(low, radix: 16)) is not a low surrogate", at: index - 6)
                        }
                        scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                    } else if (0xDC00...0xDFFF).contains(scalar) {
                        throw fail("a lone low surrogate \\u\(String(scalar, radix: 16)) is not a character", at: index - 6)
                    }
                    decoded.append(contentsOf: String(Character(Unicode.Scalar(scalar)!)).utf8)
                default:
                    throw fail("'\\\(Character(Unicode.Scalar(escape)))' is not a JSON escape", at: index - 2,
                               hint: "write a backslash as \\\\")
                }
            case 0x00..<0x20 where !allowsRawControlCharacters || byte == 0x0A:
                throw fail(byte == 0x0A ? "a string runs past the end of the line" : "a control character must be escaped in a string",
                           at: index, hint: byte == 0x0A ? "close the string with \" or write a line break as \\n" : nil)
            default:
                // The plain bytes up to the next quote, backslash or control byte, at once.
                let end = ByteScan.plainEnd(bytes.baseAddress!, from: index + 1, count: bytes.count)
                decoded.append(contentsOf: UnsafeRawBufferPointer(rebasing: bytes[index..<end]))
                index = end
            }
        }
    }

    private mutating func hex4() throws(Failure) -> UInt32 {
        guard index + 4 <= bytes.count else { throw endOfWindow("a string") }
        var value: UInt32 = 0
        for i in 0..<4 {
            let byte = bytes[index + i]
            let digit: UInt32
            switch byte {
            case 0x30...0x39: digit = UInt32(byte - 0x30)
            case 0x41...0x46: digit = UInt32(byte - 0x41 + 10)
            case 0x61...0x66: digit = UInt32(byte - 0x61 + 10)
            default: throw fail("expected four hex digits after \\u", at: index + i)
            }
            value = value << 4 | digit
        }
        index += 4
        return value
    }
}
