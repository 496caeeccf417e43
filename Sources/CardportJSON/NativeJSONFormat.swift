public import CardportCore

/// The native Cardport document: every kind, ids, archived records and settings, without loss.
///
/// ```json
/// {
///   "format": "cardport",
///   "version": 1,
///   "citations": [
///     {"id":"…","text":"Carpe diem.","author":"Horace","tags":[],"favourite":false,"archived":false}
///   ],
///   "settings": {"show_favourite_on_top":true,"widget_tags":[],"appearance":"dark"}
/// }
/// ```
///
/// This is the backup format. It is read as a stream (a section's records one at a time), so a
/// million citations never sit in memory at once. The writer streams the first kind it is given and
/// holds the other kinds until ``RecordWriter/finish()``.
public struct NativeJSONFormat: CardFormat {
    /// The document version this build writes and the newest it reads.
    public static let version = 1

    public init() {}

    public let descriptor = FormatDescriptor(
        id: "cardport", aliases: ["json", "native"], extensions: ["json"],
        mediaType: "application/vnd.cardport+json", reads: Set(RecordKind.allCases), writes: Set(RecordKind.allCases),
        summary: "Cardport's own document: every kind, lossless (the backup format)")

    public func sniff(_ prefix: [UInt8]) -> SniffResult {
        let shape = JSONPrefix(prefix)
        guard shape.opening == 0x7B, !shape.isLineDelimited else { return .no }
        if let format = shape.formatValue { return format == "cardport" ? .certain : .no }
        if shape.has("format") { return .possible }
        let sections = Set(RecordKind.allCases.map(\.pluralName))
        if shape.keys.contains(where: sections.contains) { return .possible }
        return shape.keys.isEmpty ? .possible : .no
    }

    public func makeReader(_ input: ByteInput, options: ReadOptions) throws(CardportError) -> any RecordReader {
        NativeJSONReader(input: input)
    }

    public func makeWriter(_ output: ByteOutput, options: WriteOptions) throws(CardportError) -> any RecordWriter {
        NativeJSONWriter(output: output)
    }
}

final class NativeJSONReader: RecordReader {
    private enum State {
        case start
        case members(first: Bool)
        case section(RecordKind, first: Bool)
        case done
    }

    private let stream: JSONStream
    private var state = State.start

    init(input: ByteInput) {
        self.stream = JSONStream(input)
    }

    private var decoder: RecordJSONDecoder { RecordJSONDecoder(stream: stream) }

    func next() throws(CardportError) -> Record? {
        while true {
            switch state {
            case .done:
                return nil
            case .start:
                guard try stream.peek() != nil else {
                    state = .done
                    return nil
                }
                try stream.expect(0x7B, "'{' to open a Cardport document")
                state = .members(first: true)
            case .members(let first):
                guard let next = try stream.peek() else {
                    throw stream.error(.malformedInput, "the document ends before its closing '}'", at: stream.input.offset,
                                       hint: "the file looks cut short")
                }
                if next == 0x7D {
                    try stream.expect(0x7D, "'}'")
                    try stream.expectEnd(after: "the document")
                    state = .done
                    return nil
                }
                if !first { try stream.expect(0x2C, "',' or '}' after a section") }
                _ = try stream.peek()
                let keyOffset = stream.input.offset
                let key = try stream.string()
                try stream.expect(0x3A, "':' after \"\(key)\"")
                state = .members(first: false)
                if let record = try member(key, at: keyOffset) { return record }
            case .section(let kind, let first):
                guard let next = try stream.peek() else {
                    throw stream.error(.malformedInput, "the document ends inside the \"\(kind.pluralName)\" list",
                                       at: stream.input.offset, hint: "the file looks cut short")
                }
                if next == 0x5D {
                    try stream.expect(0x5D, "']'")
                    state = .members(first: false)
                    continue
                }
                if !first { try stream.expect(0x2C, "',' or ']' after a record") }
                _ = try stream.peek()
                let offset = stream.input.offset
                let value = try stream.value()
                state = .section(kind, first: false)
                guard case .object(let object) = value else {
                    throw stream.error(.invalidValue, "a record must be an object, not \(value.typeName)", at: offset,
                                       isRecoverable: true)
                }
                return try decoder.record(from: object, kind: kind)
            }
        }
    }

    /// Handles one top-level member; returns a record for `settings`.
    private func member(_ key: String, at offset: Int) throws(CardportError) -> Record? {
        switch key {
        case "format":
            _ = try stream.peek()
            let valueOffset = stream.input.offset
            let value = try stream.value()
            guard case .string("cardport") = value else {
                throw stream.error(.malformedInput, "this is not a Cardport document (\"format\" is \(value.jsonText))",
                                   at: valueOffset, hint: "pass --from with the format the file is in")
            }
            return nil
        case "version":
            _ = try stream.peek()
            let valueOffset = stream.input.offset
            let value = try stream.value()
            guard case .number(let text) = value, let version = Int(text), version >= 1 else {
                throw stream.error(.malformedInput, "\"version\" must be a whole number, not \(value.jsonText)", at: valueOffset)
            }
            guard version <= NativeJSONFormat.version else {
                throw stream.error(.malformedInput,
                                   "this document is version \(version); this Cardport reads up to version \(NativeJSONFormat.version)",
                                   at: valueOffset, hint: "update Cardport to read it")
            }
            return nil
        case "settings":
            _ = try stream.peek()
            let valueOffset = stream.input.offset
            let value = try stream.value()
            guard case .object(let object) = value else {
                throw stream.error(.invalidValue, "\"settings\" must be an object, not \(value.typeName)", at: valueOffset)
            }
            return .settings(try decoder.settings(object))
        default:
            guard let kind = RecordKind(name: key), kind != .settings, key == kind.pluralName else {
                let sections = RecordKind.allCases.map { "\"\($0.pluralName)\"" }.joined(separator: ", ")
                throw stream.error(.malformedInput, "a Cardport document has no section \"\(key)\"", at: offset,
                                   hint: "its sections are \"format\", \"version\", \(sections)")
            }
            try stream.expect(0x5B, "'[' to open the \"\(key)\" list")
            state = .section(kind, first: true)
            return nil
        }
    }
}

final class NativeJSONWriter: RecordWriter {
    private let output: ByteOutput
    private var writer = JSONWriter(capacity: 1 << 17)
    private var streamingKind: RecordKind?
    private var held: [RecordKind: JSONWriter] = [:]
    private var settings: Settings?
    private(set) var losses = LossReport()

    init(output: ByteOutput) {
        self.output = output
        writer.raw("{\n  \"format\": \"cardport\",\n  \"version\": 1")
    }

    func write(_ record: Record) throws(CardportError) {
        if case .settings(let value) = record {
            if settings != nil { losses.dropRecord(of: .settings) }
            settings = value
            return
        }
        let kind = record.kind
        if streamingKind == nil {
            streamingKind = kind
            NativeJSONWriter.openSection(kind, into: &writer)
        } else if kind == streamingKind {
            writer.raw(",\n    ")
        } else {
            var section = held[kind] ?? JSONWriter()
            section.raw(section.bytes.isEmpty ? "" : ",\n    ")
            RecordJSONEncoder.encode(record, kind: false, into: &section)
            held[kind] = section
            return
        }
        RecordJSONEncoder.encode(record, kind: false, into: &writer)
        try writer.flush(to: output)
    }

    private static func openSection(_ kind: RecordKind, into writer: inout JSONWriter) {
        writer.raw(",\n  ")
        writer.string(kind.pluralName)
        writer.raw(": [\n    ")
    }

    func finish() throws(CardportError) {
        if streamingKind != nil { writer.raw("\n  ]") }
        for kind in RecordKind.allCases {
            guard let section = held[kind] else { continue }
            NativeJSONWriter.openSection(kind, into: &writer)
            try writer.flush(to: output, threshold: 0)
            try output.write(section.bytes)
            writer.raw("\n  ]")
        }
        held = [:]
        if let settings {
            writer.raw(",\n  \"settings\": ")
            RecordJSONEncoder.encode(.settings(settings), kind: false, into: &writer)
        }
        writer.raw("\n}\n")
        try writer.flush(to: output, threshold: 0)
        try output.flush()
    }
}
