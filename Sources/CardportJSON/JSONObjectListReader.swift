import CardportCore

/// Reads a stream of JSON objects, one at a time: a JSON array of objects (`[{…},{…}]`) or objects
/// one after another (JSON Lines), whichever the input starts with.
///
/// Programs that export lists of items write one or the other (`task export` writes an array, or
/// lines with `rc.json.array=off`; `buku -p -j` writes an array), and the lists can be large, so
/// each object is parsed and mapped on its own and the input moves on.
final class JSONObjectListReader: RecordReader {
    /// Maps one object to a record; `nil` skips it (the mapper counts it in the notes).
    typealias Map = (JSONObject, RecordJSONDecoder, inout ReaderNotes) throws(CardportError) -> Record?

    private enum State { case start, array, lines, done }

    private let stream: JSONStream
    private let map: Map
    private let what: String
    private var state = State.start
    private var position = 0
    private(set) var notes = ReaderNotes()

    /// A reader of objects that `what` names in messages ("a task"); `allowsRawControlCharacters`
    /// for a program that writes them unescaped (Taskwarrior).
    init(input: ByteInput, limits: ReadLimits, what: String, allowsRawControlCharacters: Bool = false, map: @escaping Map) {
        self.stream = JSONStream(input, limits: limits, allowsRawControlCharacters: allowsRawControlCharacters)
        self.what = what
        self.map = map
    }

    func next() throws(CardportError) -> Record? {
        while true {
            switch state {
            case .done:
                return nil
            case .start:
                switch try stream.peek() {
                case nil:
                    state = .done
                case 0x5B:
                    try stream.expect(0x5B, "[")
                    state = .array
                    if try stream.peek() == 0x5D {
                        try stream.expect(0x5D, "]")
                        state = .done
                        try stream.expectEnd(after: "the list")
                    }
                case 0x7B:
                    state = .lines
                case let byte?:
                    throw stream.error(.malformedInput, "expected a list of \(what) objects, found \(JSONParser.describe(byte))",
                                       at: stream.input.offset, hint: "expected [{…}, …] or one {…} object per line")
                }
            case .array:
                if position > 0 {
                    guard let byte = try stream.peek() else {
                        throw stream.error(.malformedInput, "the list ends early", at: stream.input.offset,
                                           hint: "the file looks cut short: close the list with ]")
                    }
                    if byte == 0x5D {
                        try stream.expect(0x5D, "]")
                        state = .done
                        try stream.expectEnd(after: "the list")
                        return nil
                    }
                    try stream.expect(0x2C, "',' or ']' after \(what)")
                }
                if let record = try element() { return record }
            case .lines:
                guard try stream.peek() != nil else {
                    state = .done
                    return nil
                }
                if let record = try element() { return record }
            }
        }
    }

    private func element() throws(CardportError) -> Record? {
        position += 1
        let (value, offset) = try stream.locatedValue()
        guard case .object(let object) = value else {
            throw stream.error(.invalidValue, "\(what) must be an object, not \(value.typeName)", at: offset, isRecoverable: true)
        }
        return try map(object, RecordJSONDecoder(stream: stream), &notes)
    }
}
