internal import CYAML
import CardportCore

/// The one owner of a libyaml `yaml_parser_t`: pulls parse events from a ``YAMLSource``.
///
/// libyaml pulls its input through a read callback, a chunk at a time, so a document of any size is
/// parsed in bounded memory; each event is copied into a Swift ``YAMLEvent`` and freed at once.
/// libyaml's errors become ``CardportError``s at the 1-based line and column of the problem.
final class YAMLParser {
    let source: YAMLSource
    private let parser: UnsafeMutablePointer<yaml_parser_t>
    /// The marks of the last event returned.
    private(set) var mark = YAMLMark(line: 0, column: 0)
    private(set) var endMark = YAMLMark(line: 0, column: 0)
    private var finished = false

    init(source: YAMLSource) {
        self.source = source
        parser = .allocate(capacity: 1)
        parser.initialize(to: yaml_parser_t())
        yaml_parser_initialize(parser)
        yaml_parser_set_encoding(parser, YAML_UTF8_ENCODING)
        yaml_parser_set_input(parser, { data, buffer, size, sizeRead in
            let source = Unmanaged<YAMLSource>.fromOpaque(data!).takeUnretainedValue()
            let n = source.read(into: UnsafeMutableRawPointer(buffer!), count: size)
            if n < 0 { return 0 }
            sizeRead!.pointee = n
            return 1
        }, Unmanaged.passUnretained(source).toOpaque())
    }

    deinit {
        yaml_parser_delete(parser)
        parser.deallocate()
    }

    /// The next event, or `nil` after the end of the stream.
    func next() throws(CardportError) -> YAMLEvent? {
        if finished { return nil }
        // A local event, not a stored one: no exclusivity checks on the hot path.
        var event = yaml_event_t()
        guard yaml_parser_parse(parser, &event) == 1 else { throw parseError() }
        defer { yaml_event_delete(&event) }
        mark = YAMLMark(line: Int(event.start_mark.line), column: Int(event.start_mark.column))
        endMark = YAMLMark(line: Int(event.end_mark.line), column: Int(event.end_mark.column))
        source.eventEnded(at: endMark)
        switch event.type {
        case YAML_STREAM_START_EVENT: return .streamStart
        case YAML_STREAM_END_EVENT:
            finished = true
            return .streamEnd
        case YAML_DOCUMENT_START_EVENT: return .documentStart
        case YAML_DOCUMENT_END_EVENT: return .documentEnd
        case YAML_ALIAS_EVENT: return .alias(anchor: YAMLParser.string(event.data.alias.anchor) ?? "")
        case YAML_SCALAR_EVENT:
            let scalar = event.data.scalar
            let text = String(decoding: UnsafeRawBufferPointer(start: scalar.value, count: scalar.length), as: UTF8.self)
            return .scalar(YAMLScalar(text: text, tag: YAMLParser.string(scalar.tag),
                                      isPlain: scalar.style == YAML_PLAIN_SCALAR_STYLE),
                           anchor: YAMLParser.string(scalar.anchor))
        case YAML_SEQUENCE_START_EVENT:
            return .sequenceStart(anchor: YAMLParser.string(event.data.sequence_start.anchor),
                                  tag: YAMLParser.string(event.data.sequence_start.tag))
        case YAML_SEQUENCE_END_EVENT: return .sequenceEnd
        case YAML_MAPPING_START_EVENT:
            return .mappingStart(anchor: YAMLParser.string(event.data.mapping_start.anchor),
                                 tag: YAMLParser.string(event.data.mapping_start.tag))
        case YAML_MAPPING_END_EVENT: return .mappingEnd
        default: return try next()
        }
    }

    private static func string(_ pointer: UnsafeMutablePointer<yaml_char_t>?) -> String? {
        guard let pointer else { return nil }
        return String(cString: UnsafeRawPointer(pointer).assumingMemoryBound(to: CChar.self))
    }

    /// libyaml's error as a located ``CardportError``.
    private func parseError() -> CardportError {
        if let error = source.readError { return error }
        let p = parser.pointee
        var problem = p.problem.map { String(cString: $0) } ?? "the YAML is not well-formed"
        if let context = p.context.map({ String(cString: $0) }) {
            problem = "\(context), \(problem)"
        }
        switch p.error {
        case YAML_MEMORY_ERROR:
            return CardportError(.limitExceeded, "out of memory while parsing '\(source.input.name)'")
        case YAML_READER_ERROR:
            // Reader errors carry a byte offset, not a mark.
            let byte = p.problem_value >= 0 ? " (byte 0x\(String(p.problem_value, radix: 16, uppercase: true)))" : ""
            return source.error(.malformedInput, problem + byte, byte: Int(p.problem_offset),
                                hint: "the file must be UTF-8 text; convert it, e.g. iconv -f LATIN1 -t UTF-8")
        default:
            var hint = YAMLParser.hint(for: problem)
            if hint == nil, let context = p.context.map({ String(cString: $0) }),
               p.context_mark.line != p.problem_mark.line || p.context_mark.column != p.problem_mark.column {
                // "while scanning a quoted scalar": say where that scalar starts.
                var what = Substring(context)
                for prefix in ["while scanning ", "while parsing "] where what.hasPrefix(prefix) {
                    what = what.dropFirst(prefix.count)
                }
                hint = "look at \(what) that starts at line \(p.context_mark.line + 1), column \(p.context_mark.column + 1)"
            }
            return source.error(.malformedInput, problem, line: Int(p.problem_mark.line),
                                column: Int(p.problem_mark.column), hint: hint)
        }
    }

    private static func hint(for problem: String) -> String? {
        if problem.contains("tab") { return "indent with spaces; YAML does not allow tabs for indentation" }
        if problem.contains("mapping values are not allowed") {
            return "quote a value that contains ': ' (for example text: \"Note: this\")"
        }
        if problem.contains("did not find expected key") || problem.contains("expected <block end>") {
            return "check the indentation of this line against the lines above"
        }
        if problem.contains("found undefined alias") { return "define the anchor (&name) before using *name" }
        return nil
    }
}
