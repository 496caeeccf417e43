import CardportCore

/// Turns parsed JSON objects into records: the field mapping (``RecordFieldDecoding``, shared with
/// YAML) over JSON's values, for the native document and JSON Lines (Formats.md, "Record fields").
///
/// Reading is lenient where people hand-write JSON (`quote` for `text`, `favorite`, camelCase
/// dates, booleans as `"yes"`, epoch seconds for dates) and strict where a value would otherwise
/// be bent (a progress of 33, a date that is not a date). Members it does not know go to
/// `extras`. Errors point at the offending value and are recoverable: the record is skipped.
struct RecordJSONDecoder: RecordFieldDecoding {
    let stream: JSONStream

    func fail(_ message: String, at offset: Int, hint: String? = nil) -> CardportError {
        stream.error(.invalidValue, message, at: offset, hint: hint, isRecoverable: true)
    }

    // MARK: Kinds

    /// The kind an object is: its `kind` member, else `hint`, else guessed from its member names
    /// (``RecordFieldDecoding/guessKind(_:)``).
    func kind(of object: JSONObject, hint: RecordKind?) throws(CardportError) -> RecordKind {
        if let member = object["kind"] {
            guard case .string(let name) = member.value, let kind = RecordKind(name: name) else {
                throw fail("\(member.value.jsonText) is not a record kind", at: member.offset,
                           hint: "use one of \(RecordKind.allCases.map(\.rawValue).joined(separator: ", "))")
            }
            return kind
        }
        if let hint { return hint }
        if let kind = guessKind(object.members.lazy.map(\.key)) { return kind }
        throw fail("cannot tell what kind of record this object is", at: object.offset,
                   hint: "add a \"kind\" member (citation, bookmark, task, topic, tag, settings) or pass --kind")
    }

    func record(from object: JSONObject, kind hint: RecordKind?) throws(CardportError) -> Record {
        try record(kind(of: object, hint: hint), object.members, at: object.offset)
    }

    func settings(_ object: JSONObject) throws(CardportError) -> Settings {
        try settings(object.members)
    }

    // MARK: Naming

    func name(of member: JSONObject.Member) -> String { member.key }
    func namePlace(of member: JSONObject.Member) -> Int { member.offset }
    func valuePlace(of member: JSONObject.Member) -> Int { member.offset }
    func quoted(_ name: String) -> String { "\"\(name)\"" }
    func asEntry(_ name: String) -> String { "\"\(name)\"" }
    var entryWord: String { "member" }
    var takesListAliases: Bool { false }
    func extraValue(of member: JSONObject.Member) -> String { extraValue(member.value) }

    // MARK: Values

    func string(_ member: JSONObject.Member) throws(CardportError) -> String {
        guard case .string(let value) = member.value else {
            throw fail("\"\(member.key)\" must be a string, not \(member.value.typeName)", at: member.offset)
        }
        return value
    }

    func optionalString(_ member: JSONObject.Member) throws(CardportError) -> String? {
        if case .null = member.value { return nil }
        return try string(member)
    }

    /// An id: a string, or a number kept as written.
    func identifier(_ member: JSONObject.Member) throws(CardportError) -> String? {
        switch member.value {
        case .null: return nil
        case .string(let value): return value
        case .number(let value): return value
        default: throw fail("\"id\" must be a string or a number, not \(member.value.typeName)", at: member.offset)
        }
    }

    func bool(_ member: JSONObject.Member) throws(CardportError) -> Bool {
        switch member.value {
        case .bool(let value): return value
        case .null: return false
        case .number("0"): return false
        case .number("1"): return true
        case .string(let text):
            switch text.lowercased() {
            case "true", "yes", "1": return true
            case "false", "no", "0", "": return false
            default: break
            }
        default: break
        }
        throw fail("\"\(member.key)\" must be true or false, not \(member.value.jsonText)", at: member.offset)
    }

    func timestamp(_ member: JSONObject.Member) throws(CardportError) -> Timestamp? {
        switch member.value {
        case .null: return nil
        case .string(let text):
            if text.isEmpty { return nil }
            if let value = Timestamp(parsing: text) { return value }
            throw fail("\"\(text)\" is not a date", at: member.offset,
                       hint: "write dates in ISO 8601, e.g. 2023-03-05T22:15:42Z or 2023-03-05")
        case .number(let text):
            guard let seconds = Double(text), seconds.isFinite, abs(seconds) < 1e13 else { break }
            // Values past the year 5138 in seconds are taken as milliseconds, as JavaScript writes them.
            let scaled = abs(seconds) >= 1e11 ? seconds / 1000 : seconds
            let whole = scaled.rounded(.down)
            let nanos = Int32(((scaled - whole) * 1e9).rounded())
            let fraction = nanos == 0 ? 0 : (nanos % 1_000_000 == 0 ? 3 : 9)
            let value = Timestamp(secondsSince1970: Int64(whole), nanoseconds: min(nanos, 999_999_999), zone: .utc,
                                  fractionDigits: fraction)
            guard (1...9999).contains(value.components.year) else {
                throw fail("\(text) is outside the years 1 to 9999", at: member.offset,
                           hint: "numbers are read as seconds since 1970 (or milliseconds when larger than 10^11)")
            }
            return value
        default: break
        }
        throw fail("\"\(member.key)\" must be a date, not \(member.value.typeName)", at: member.offset)
    }

    func stringList(_ member: JSONObject.Member) throws(CardportError) -> [String] {
        switch member.value {
        case .null: return []
        case .string(let text):
            return text.split(separator: ";").map { $0.trimmingSpaces() }.filter { !$0.isEmpty }
        case .array(let elements):
            var values: [String] = []
            values.reserveCapacity(elements.count)
            for element in elements {
                guard case .string(let value) = element else {
                    throw fail("\"\(member.key)\" must be a list of strings; found \(element.typeName)", at: member.offset)
                }
                values.append(value)
            }
            return values
        default:
            throw fail("\"\(member.key)\" must be a list of strings, not \(member.value.typeName)", at: member.offset)
        }
    }

    func taskProgress(_ member: JSONObject.Member) throws(CardportError) -> TaskProgress {
        var number: Int?
        switch member.value {
        case .number(let text): number = Int(text)
        case .string(let text): number = Int(text.hasSuffix("%") ? String(text.dropLast()) : text)
        case .null: return .zero
        default: break
        }
        guard let number else {
            throw fail("\"progress\" must be a whole number from 0 to 100, not \(member.value.jsonText)", at: member.offset)
        }
        do { return try TaskProgress(percent: number) } catch {
            throw fail(error.message, at: member.offset, hint: error.hint)
        }
    }

    func topicStatus(_ member: JSONObject.Member) throws(CardportError) -> Topic.Status {
        let text = try string(member)
        switch text.lowercased().replacingUnderscoresAndSpaces() {
        case "unstarted", "notstarted", "todo": return .unstarted
        case "onhold": return .onHold
        case "inprogress", "started": return .inProgress
        case "done", "completed", "finished": return .done
        default:
            throw fail("\"\(text)\" is not a topic status", at: member.offset,
                       hint: "use unstarted, onHold, inProgress or done")
        }
    }

    func citationLocation(_ member: JSONObject.Member) throws(CardportError) -> CitationLocation? {
        switch member.value {
        case .null: return nil
        case .string(let text):
            if text.isEmpty { return nil }
            if let location = CitationLocation(parsing: text) { return location }
            throw fail("\"\(text)\" is not a location", at: member.offset,
                       hint: "write {\"page\": \"12\", \"start\": 120, \"end\": 125} or \"page 12, location 120-125\"")
        case .object(let object):
            var page: String?, start: Int?, end: Int?
            for field in object.members {
                switch (field.key, field.value) {
                case ("page", .string(let value)): page = value
                case ("page", .number(let value)): page = value
                case ("start", .number(let value)), ("end", .number(let value)):
                    guard let number = Int(value), number >= 0 else {
                        throw fail("\"\(field.key)\" must be a whole number, not \(value)", at: field.offset)
                    }
                    if field.key == "start" { start = number } else { end = number }
                case (_, .null): continue
                default:
                    throw fail("a location has \"page\" (text), \"start\" and \"end\" (whole numbers); \"\(field.key)\" is not one of them or has the wrong type",
                               at: field.offset)
                }
            }
            if let start, let end, end < start {
                throw fail("the location ends (\(end)) before it starts (\(start))", at: member.offset)
            }
            if start == nil, end != nil {
                throw fail("the location has an \"end\" but no \"start\"", at: member.offset)
            }
            let location = CitationLocation(page: page, start: start, end: end)
            return location.isEmpty ? nil : location
        default:
            throw fail("\"location\" must be an object or a string, not \(member.value.typeName)", at: member.offset)
        }
    }

    func questionList(_ member: JSONObject.Member) throws(CardportError) -> [Question] {
        guard case .array(let elements) = member.value else {
            if case .null = member.value { return [] }
            throw fail("\"questions\" must be a list, not \(member.value.typeName)", at: member.offset)
        }
        var questions: [Question] = []
        for element in elements {
            switch element {
            case .string(let text):
                questions.append(Question(text: text))
            case .object(let object):
                var text: String?, answer: String?, done = false
                for field in object.members {
                    switch field.key {
                    case "text", "question": text = try string(field)
                    case "answer": answer = try optionalString(field)
                    case "done", "isDone", "is_done": done = try bool(field)
                    default:
                        throw fail("a question has \"text\", \"answer\" and \"done\"; \"\(field.key)\" is not one of them", at: field.offset)
                    }
                }
                guard let text else { throw fail("a question needs a \"text\"", at: object.offset) }
                questions.append(Question(text: text, answer: answer, isDone: done))
            default:
                throw fail("a question must be an object or a string, not \(element.typeName)", at: member.offset)
            }
        }
        return questions
    }

    func mergeExtras(_ member: JSONObject.Member, into extras: inout [String: String]) throws(CardportError) {
        guard case .object(let object) = member.value else {
            if case .null = member.value { return }
            throw fail("\"extras\" must be an object, not \(member.value.typeName)", at: member.offset)
        }
        for field in object.members { extras[field.key] = extraValue(field.value) }
    }

    /// An unknown member's value as text: strings as they are, anything else as compact JSON.
    func extraValue(_ value: JSONValue) -> String {
        if case .string(let text) = value { return text }
        return value.jsonText
    }
}

extension StringProtocol {
    func trimmingSpaces() -> String {
        let scalars = unicodeScalars
        guard let first = scalars.firstIndex(where: { !$0.properties.isWhitespace }) else { return "" }
        let last = scalars.lastIndex(where: { !$0.properties.isWhitespace })!
        return String(String.UnicodeScalarView(scalars[first...last]))
    }

    func replacingUnderscoresAndSpaces() -> String {
        String(String.UnicodeScalarView(unicodeScalars.filter { $0 != "_" && $0 != " " && $0 != "-" }))
    }
}
