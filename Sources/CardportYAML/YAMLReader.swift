import CardportCore
import CardportJSON

/// Reads a YAML stream record by record: the native document (`format: cardport`, sections of
/// records, `settings`) or a bare list of records as people write by hand.
///
/// The reader walks the top of each document through parse events and builds a node only for one
/// record at a time, then lets the input drop the lines before the next, so a list of a million
/// citations parses in the memory of one. Several documents in one stream (`---` between them) are
/// read one after another.
final class YAMLReader: RecordReader {
    private enum State {
        case stream
        case document
        /// Inside the native document's root mapping.
        case members
        /// Inside a section list of the native document.
        case section(RecordKind)
        /// Inside a bare list of records.
        case list
        case afterRoot
        case done
    }

    private let composer: YAMLComposer
    private let kind: RecordKind?
    private var state = State.stream

    init(input: ByteInput, options: ReadOptions, limits: YAMLLimits = YAMLLimits()) {
        let source = YAMLSource(input: input)
        self.composer = YAMLComposer(parser: YAMLParser(source: source), limits: limits)
        self.kind = options.kind
    }

    private var source: YAMLSource { composer.source }
    private var decoder: RecordYAMLDecoder { RecordYAMLDecoder(source: source) }

    func next() throws(CardportError) -> Record? {
        while true {
            switch state {
            case .done:
                return nil
            case .stream:
                guard let event = try composer.next() else {
                    state = .done
                    return nil
                }
                switch event {
                case .documentStart: state = .document
                case .streamEnd: state = .done
                default: continue
                }
            case .document:
                guard let event = try composer.next() else { throw endedEarly() }
                switch event {
                case .mappingStart:
                    try composer.enter(at: composer.mark)
                    state = .members
                case .sequenceStart:
                    try composer.enter(at: composer.mark)
                    state = .list
                case .scalar(let scalar, _) where scalar.isNull:
                    state = .afterRoot
                case .documentEnd:
                    state = .stream
                default:
                    throw source.error(.malformedInput,
                                       "a YAML card file holds a Cardport document or a list of records, not a single value",
                                       at: composer.mark,
                                       hint: "start with 'format: cardport' and sections, or with '- text: …' items")
                }
            case .members:
                guard let event = try composer.next() else { throw endedEarly() }
                if case .mappingEnd = event {
                    composer.depth -= 1
                    state = .afterRoot
                    continue
                }
                let keyMark = composer.mark
                guard case .scalar(let key, _) = event else {
                    throw source.error(.malformedInput, "a Cardport document's keys are section names", at: keyMark)
                }
                if let record = try member(key.text, at: keyMark) { return record }
            case .section(let kind):
                guard let event = try composer.peek() else { throw endedEarly() }
                if case .sequenceEnd = event {
                    _ = try composer.next()
                    composer.depth -= 1
                    state = .members
                    continue
                }
                return try item(kind: kind)
            case .list:
                guard let event = try composer.peek() else { throw endedEarly() }
                if case .sequenceEnd = event {
                    _ = try composer.next()
                    composer.depth -= 1
                    state = .afterRoot
                    continue
                }
                return try item(kind: kind)
            case .afterRoot:
                guard let event = try composer.next() else { throw endedEarly() }
                if case .documentEnd = event { state = .stream }
            }
        }
    }

    /// Builds and decodes one list item, then releases the lines before the next.
    private func item(kind: RecordKind?) throws(CardportError) -> Record {
        let node = try composer.node()
        defer { source.release(before: node.endMark.line) }
        return try decoder.record(from: node, kind: kind)
    }

    /// Handles one key of the native document; returns a record for `settings`.
    private func member(_ key: String, at mark: YAMLMark) throws(CardportError) -> Record? {
        switch key {
        case "format":
            let value = try composer.node()
            guard value.scalar?.text == "cardport" else {
                throw source.error(.malformedInput, "this is not a Cardport document ('format' is \(value.flowText))",
                                   at: value.mark, hint: "pass --from with the format the file is in")
            }
            return nil
        case "version":
            let value = try composer.node()
            guard let text = value.scalar?.text, let version = Int(text), version >= 1 else {
                throw source.error(.malformedInput, "'version' must be a whole number, not \(value.flowText)", at: value.mark)
            }
            guard version <= YAMLFormat.version else {
                throw source.error(.malformedInput,
                                   "this document is version \(version); this Cardport reads up to version \(YAMLFormat.version)",
                                   at: value.mark, hint: "update Cardport to read it")
            }
            return nil
        case "settings":
            let value = try composer.node()
            return .settings(try decoder.settings(try decoder.members(of: value)))
        default:
            guard let kind = RecordKind(name: key), kind != .settings, key == kind.pluralName else {
                let sections = RecordKind.allCases.map { "'\($0.pluralName)'" }.joined(separator: ", ")
                throw source.error(.malformedInput, "a Cardport document has no section '\(key)'", at: mark,
                                   hint: "its sections are 'format', 'version', \(sections)")
            }
            guard let event = try composer.next() else { throw endedEarly() }
            switch event {
            case .sequenceStart:
                try composer.enter(at: composer.mark)
                state = .section(kind)
            case .scalar(let scalar, _) where scalar.isNull:
                break
            default:
                throw source.error(.malformedInput, "'\(key)' must be a list of records", at: composer.mark,
                                   hint: "write each record as an item starting with '- '")
            }
            return nil
        }
    }

    private func endedEarly() -> CardportError {
        source.error(.malformedInput, "the YAML ends early", line: composer.mark.line, column: composer.mark.column)
    }
}
