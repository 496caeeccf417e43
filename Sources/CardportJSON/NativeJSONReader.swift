import CardportCore

final class NativeJSONReader: ProvenanceReader {
    private enum State {
        case start
        case members(first: Bool)
        case section(RecordKind, first: Bool)
        /// A bare array of records, as `jq` and many apps write them; each record's kind is told by its fields.
        case array(first: Bool)
        case done
    }

    private let stream: JSONStream
    private var state = State.start
    private(set) var provenance: [Provenance] = []
    private(set) var origins = OriginLedger()

    init(input: ByteInput, limits: ReadLimits) {
        self.stream = JSONStream(input, limits: limits)
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
                if try stream.peek() == 0x5B {
                    try stream.expect(0x5B, "'['")
                    state = .array(first: true)
                    continue
                }
                try stream.expect(0x7B, "'{' to open a Cardport document, or '[' to open a list of records")
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
            case .array(let first):
                guard let next = try stream.peek() else {
                    throw stream.error(.malformedInput, "the list of records ends before its closing ']'",
                                       at: stream.input.offset, hint: "the file looks cut short")
                }
                if next == 0x5D {
                    try stream.expect(0x5D, "']'")
                    try stream.expectEnd(after: "the list of records")
                    state = .done
                    return nil
                }
                if !first { try stream.expect(0x2C, "',' or ']' after a record") }
                let (value, offset) = try stream.locatedValue()
                state = .array(first: false)
                guard case .object(let object) = value else {
                    throw stream.error(.invalidValue, "a record must be an object, not \(value.typeName)", at: offset,
                                       isRecoverable: true)
                }
                return try decoder.record(from: object, kind: nil)
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
                let (value, offset) = try stream.locatedValue()
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
            let (value, valueOffset) = try stream.locatedValue()
            guard case .string("cardport") = value else {
                throw stream.error(.malformedInput, "this is not a Cardport document (\"format\" is \(value.jsonText))",
                                   at: valueOffset, hint: "pass --from with the format the file is in")
            }
            return nil
        case "version":
            let (value, valueOffset) = try stream.locatedValue()
            guard case .number(let text) = value, let version = Int(text), version >= 1 else {
                throw stream.error(.malformedInput, "\"version\" must be a whole number, not \(value.jsonText)", at: valueOffset)
            }
            guard version <= NativeJSONFormat.version else {
                throw stream.error(.malformedInput,
                                   "this document is version \(version); this Cardport reads up to version \(NativeJSONFormat.version)",
                                   at: valueOffset, hint: "update Cardport to read it")
            }
            return nil
        case "provenance":
            let (value, valueOffset) = try stream.locatedValue()
            guard case .array(let entries) = value else {
                throw stream.error(.invalidValue, "\"provenance\" must be a list, not \(value.typeName)", at: valueOffset)
            }
            for entry in entries {
                provenance.append(try ProvenanceJSON.decode(entry, at: valueOffset, stream: stream))
            }
            return nil
        case "sources", "origins":
            let (value, valueOffset) = try stream.locatedValue()
            guard case .array(let items) = value else {
                throw stream.error(.invalidValue, "\"\(key)\" must be a list, not \(value.typeName)", at: valueOffset)
            }
            for item in items {
                if key == "sources" {
                    origins.sources.append(try OriginLedgerJSON.decodeSource(item, at: valueOffset, stream: stream))
                } else {
                    origins.entries.append(try OriginLedgerJSON.decodeEntry(item, at: valueOffset, stream: stream))
                }
            }
            return nil
        case "added_by":
            let (value, valueOffset) = try stream.locatedValue()
            origins.addedBy = try OriginLedgerJSON.decodeAddedBy(value, at: valueOffset, stream: stream)
            return nil
        case "checksum":
            // Checked by `cardport verify` and `restore` over the file's bytes, before reading.
            let (value, valueOffset) = try stream.locatedValue()
            guard case .string(let text) = value, text.hasPrefix("sha256:") else {
                throw stream.error(.invalidValue, "\"checksum\" must be \"sha256:\" and 64 hex digits, not \(value.jsonText)",
                                   at: valueOffset)
            }
            return nil
        case "settings":
            let (value, valueOffset) = try stream.locatedValue()
            guard case .object(let object) = value else {
                throw stream.error(.invalidValue, "\"settings\" must be an object, not \(value.typeName)", at: valueOffset)
            }
            return .settings(try decoder.settings(object))
        default:
            guard let kind = RecordKind(name: key), kind != .settings, key == kind.pluralName else {
                let sections = RecordKind.allCases.map { "\"\($0.pluralName)\"" }.joined(separator: ", ")
                throw stream.error(.malformedInput, "a Cardport document has no section \"\(key)\"", at: offset,
                                   hint: "its sections are \"format\", \"version\", \(sections), \"provenance\", \"sources\", \"origins\", \"added_by\", \"checksum\"")
            }
            try stream.expect(0x5B, "'[' to open the \"\(key)\" list")
            state = .section(kind, first: true)
            return nil
        }
    }
}
