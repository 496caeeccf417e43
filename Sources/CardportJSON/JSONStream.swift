import CardportCore

/// Runs ``JSONParser`` over a ``ByteInput``, reading more input whenever a value runs past the
/// window, and turns syntax failures into located ``CardportError``s.
final class JSONStream {
    let input: ByteInput
    /// See ``JSONParser/allowsRawControlCharacters``.
    let allowsRawControlCharacters: Bool
    /// The bounds on depth and string length the parser keeps to.
    let limits: ReadLimits

    init(_ input: ByteInput, limits: ReadLimits, allowsRawControlCharacters: Bool = false) {
        self.input = input
        self.limits = limits
        self.allowsRawControlCharacters = allowsRawControlCharacters
    }

    /// A parser over `bytes` that keeps to ``limits``.
    func parser(_ bytes: UnsafeRawBufferPointer, base: Int, isFinal: Bool) -> JSONParser {
        var parser = JSONParser(bytes: bytes, base: base, isFinal: isFinal, allowsRawControlCharacters: allowsRawControlCharacters)
        parser.maximumDepth = limits.maximumDepth
        parser.maximumString = limits.maximumFieldSize
        return parser
    }

    /// The ``CardportError`` for a parser failure other than ``JSONParser/Failure/needMoreInput``.
    func error(_ failure: JSONParser.Failure, isRecoverable: Bool = false) -> CardportError {
        switch failure {
        case .needMoreInput:
            return input.error(.malformedInput, "the input ends inside a value", at: input.offset, hint: "the file looks cut short")
        case .syntax(let message, let offset, let hint):
            return input.error(.malformedInput, message, at: offset, hint: hint, isRecoverable: isRecoverable)
        case .limit(let limit, let what, let offset):
            return limits.exceeded(limit, what, at: offset, in: input)
        }
    }

    /// Runs `body` on the current window until it completes without needing more input, then
    /// consumes what it parsed.
    func parse<T>(_ body: (inout JSONParser) throws(JSONParser.Failure) -> T) throws(CardportError) -> T {
        while true {
            var parser = parser(input.available, base: input.offset, isFinal: input.isAtEnd)
            do throws(JSONParser.Failure) {
                let result = try body(&parser)
                input.consume(parser.index)
                return result
            } catch {
                switch error {
                case .needMoreInput:
                    // Grow the window geometrically: a value that needs many reads (a large document
                    // from a pipe) is then re-parsed only a logarithmic number of times.
                    let have = input.available.count
                    _ = try input.require(Swift.max(have + 1, Swift.min(Swift.max(have * 2, have + 4096), input.maximumWindow)))
                case .syntax, .limit:
                    throw self.error(error)
                }
            }
        }
    }

    /// The next non-whitespace byte, reading more input if needed; `nil` at the end of the input.
    func peek() throws(CardportError) -> UInt8? {
        while true {
            let found: UInt8? = try parse { parser in parser.peek() }
            if let found { return found }
            guard try input.fill() else { return nil }
        }
    }

    /// Consumes one expected structural byte.
    func expect(_ byte: UInt8, _ what: String) throws(CardportError) {
        try parse { (parser) throws(JSONParser.Failure) in try parser.expect(byte, what) }
    }

    func value() throws(CardportError) -> JSONValue {
        try parse { (parser) throws(JSONParser.Failure) in try parser.parseValue() }
    }

    /// The next value and the byte offset it starts at.
    func locatedValue() throws(CardportError) -> (JSONValue, Int) {
        _ = try peek()
        let offset = input.offset
        return (try value(), offset)
    }

    func string() throws(CardportError) -> String {
        try parse { (parser) throws(JSONParser.Failure) in
            guard let next = parser.peek() else { throw parser.isFinal ? JSONParser.Failure.syntax("the input ends early", offset: parser.base + parser.index, hint: "the file looks cut short") : .needMoreInput }
            guard next == 0x22 else {
                throw .syntax("expected a member name in double quotes, found \(parser.describe(next))",
                              offset: parser.base + parser.index, hint: nil)
            }
            return try parser.parseString()
        }
    }

    /// Fails unless only whitespace is left.
    func expectEnd(after what: String) throws(CardportError) {
        if let byte = try peek() {
            throw input.error(.malformedInput, "unexpected \(JSONParser.describe(byte)) after the end of \(what)", at: input.offset,
                              hint: "a JSON document holds one value; for one record per line use the jsonl format")
        }
    }

    /// An error at a byte offset that is still in the window.
    func error(_ code: CardportError.Code, _ message: String, at offset: Int, hint: String? = nil,
               isRecoverable: Bool = false) -> CardportError {
        input.error(code, message, at: offset, hint: hint, isRecoverable: isRecoverable)
    }
}
