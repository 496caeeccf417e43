import CardportCore

final class JSONLinesReader: RecordReader {
    private let input: ByteInput
    private let stream: JSONStream
    private let kind: RecordKind?
    /// Decodes the common citation line without a tree; `nil` when every line goes through the tree.
    private let fastPath: CitationLineDecoder?

    /// A reader of `input`; `usesFastPath` false sends every line through the tree (for tests that
    /// compare both paths).
    init(input: ByteInput, kind: RecordKind?, limits: ReadLimits, usesFastPath: Bool = true) {
        self.input = input
        self.stream = JSONStream(input, limits: limits)
        self.kind = kind
        let decoder = CitationLineDecoder(limits: limits)
        self.fastPath = usesFastPath && decoder.isEnabled && (kind == nil || kind == .citation) ? decoder : nil
    }

    func next() throws(CardportError) -> Record? {
        while true {
            // The common line, decoded where it lies without looking for its end first.
            let firstWindow = input.available.count
            if let fastPath, let (citation, length) = fastPath.citationLine(input.available, kind: kind) {
                input.consume(length)
                return .citation(citation)
            }
            guard let lineLength = try nextLineLength() else { return nil }
            // A line whose break was in that window has been tried already; one that ran past it
            // (or ends the input without a break) is tried whole below.
            let triedWhole = lineLength < firstWindow
            let window = input.available
            let lineStart = input.offset
            var end = lineLength
            while end > 0, window[end - 1] == 0x0D || window[end - 1] == 0x20 || window[end - 1] == 0x09 { end -= 1 }
            let consumed = Swift.min(lineLength + 1, window.count)
            if !triedWhole, let fastPath, let citation = fastPath.citation(UnsafeRawBufferPointer(rebasing: window[0..<end]), kind: kind) {
                input.consume(consumed)
                return .citation(citation)
            }
            var parser = stream.parser(UnsafeRawBufferPointer(rebasing: window[0..<end]), base: lineStart, isFinal: true)
            guard parser.peek() != nil else {
                input.consume(consumed)
                continue
            }
            let object: JSONObject
            do throws(JSONParser.Failure) {
                let value = try parser.parseValue()
                if parser.peek() != nil {
                    throw JSONParser.Failure.syntax(
                        "unexpected \(parser.describe(parser.bytes[parser.index])) after the record", offset: lineStart + parser.index,
                        hint: "JSON Lines holds one JSON object per line")
                }
                guard case .object(let parsed) = value else {
                    throw JSONParser.Failure.syntax("each line must be a JSON object, not \(value.typeName)", offset: lineStart, hint: nil)
                }
                object = parsed
            } catch {
                let located = stream.error(error, isRecoverable: true)
                input.consume(consumed)
                throw located
            }
            do {
                let record = try RecordJSONDecoder(stream: stream).record(from: object, kind: kind)
                input.consume(consumed)
                return record
            } catch {
                input.consume(consumed)
                throw error
            }
        }
    }

    /// The length of the next line in the window (without its `\n`), reading on until a line break
    /// or the end of the input; `nil` when nothing is left.
    private func nextLineLength() throws(CardportError) -> Int? {
        var searched = 0
        while true {
            let window = input.available
            if searched < window.count,
               let hit = window.baseAddress.flatMap({ memchrLine($0 + searched, window.count - searched) }) {
                return hit - window.baseAddress! 
            }
            searched = window.count
            if !(try input.fill()) {
                let rest = input.available.count
                return rest == 0 ? nil : rest
            }
        }
    }
}
