import CardportCore
import CardportJSON

/// Turns YAML mappings into records: the field mapping of the native JSON document
/// (``RecordFieldDecoding``, with the aliases people use in hand-written lists) over YAML's values.
///
/// Every text field takes the scalar exactly as written, so YAML 1.1's `no`, `on` or `1984` stay
/// text where the field is text, and dates keep their written form. Flags read YAML 1.1 booleans
/// (`yes`, `on`, `true`, …). Keys it does not know go to `extras`. Errors point at the offending
/// value and are recoverable: the record is skipped.
struct RecordYAMLDecoder: RecordFieldDecoding {
    let source: YAMLSource

    func fail(_ message: String, at node: YAMLNode, hint: String? = nil) -> CardportError {
        source.error(.invalidValue, message, at: node.mark, hint: hint, isRecoverable: true)
    }

    /// A mapping entry, seen as a field: its key as text, its value node and its key node.
    typealias Member = YAMLNode.Pair

    /// A mapping's entries (the node's own storage, not a copy).
    func members(of node: YAMLNode) throws(CardportError) -> [Member] {
        guard case .mapping(let pairs) = node.value else {
            throw fail("a record must be a mapping of fields, not \(node.typeName)", at: node,
                       hint: "write each record as 'field: value' lines")
        }
        return pairs
    }

    // MARK: Kinds

    /// The record a list item is: a mapping decoded by its kind, or a bare text read as a citation.
    func record(from node: YAMLNode, kind hint: RecordKind?) throws(CardportError) -> Record {
        if let scalar = node.scalar, !scalar.isNull, hint == nil || hint == .citation {
            return .citation(Citation(text: scalar.text))
        }
        let members = try members(of: node)
        return try record(kind(of: members, node: node, hint: hint), members, at: node)
    }

    func kind(of members: [Member], node: YAMLNode, hint: RecordKind?) throws(CardportError) -> RecordKind {
        for member in members where member.key.scalar?.text == "kind" {
            guard let name = member.value.scalar?.text, let kind = RecordKind(name: name) else {
                throw fail("\(member.value.flowText) is not a record kind", at: member.value,
                           hint: "use one of \(RecordKind.allCases.map(\.rawValue).joined(separator: ", "))")
            }
            return kind
        }
        if let hint { return hint }
        if let kind = guessKind(members.lazy.map(\.name)) { return kind }
        throw fail("cannot tell what kind of record this is", at: node,
                   hint: "add 'kind:' (citation, bookmark, task, topic, tag, settings) or pass --kind")
    }

    // MARK: Naming

    func name(of member: Member) -> String { member.name }
    func namePlace(of member: Member) -> YAMLNode { member.key }
    func valuePlace(of member: Member) -> YAMLNode { member.value }
    func quoted(_ name: String) -> String { "'\(name)'" }
    func asEntry(_ name: String) -> String { "'\(name):'" }
    var entryWord: String { "field" }
    var takesListAliases: Bool { true }
    func identifier(_ member: Member) throws(CardportError) -> String? { try optionalString(member) }
    func extraValue(of member: Member) -> String { extraValue(member.value) }

    // MARK: Values

    func string(_ member: Member) throws(CardportError) -> String {
        guard let scalar = member.value.scalar else {
            throw fail("'\(member.name)' must be text, not \(member.value.typeName)", at: member.value)
        }
        guard !scalar.isNull else {
            throw fail("'\(member.name)' must be text, not null", at: member.value, hint: "write the text, or quote \"null\"")
        }
        return scalar.text
    }

    func optionalString(_ member: Member) throws(CardportError) -> String? {
        if member.value.scalar?.isNull == true { return nil }
        return try string(member)
    }

    func bool(_ member: Member) throws(CardportError) -> Bool {
        if let scalar = member.value.scalar {
            if scalar.isNull { return false }
            if let value = scalar.bool { return value }
            switch scalar.text.lowercased() {
            case "true", "yes", "on", "1": return true
            case "false", "no", "off", "0", "": return false
            default: break
            }
        }
        throw fail("'\(member.name)' must be true or false, not \(member.value.flowText)", at: member.value)
    }

    func timestamp(_ member: Member) throws(CardportError) -> Timestamp? {
        guard let text = try optionalString(member), !text.isEmpty else { return nil }
        if let value = Timestamp(parsing: text) { return value }
        throw fail("'\(text)' is not a date", at: member.value,
                   hint: "write dates in ISO 8601, e.g. 2023-03-05T22:15:42Z or 2023-03-05")
    }

    func stringList(_ member: Member) throws(CardportError) -> [String] {
        switch member.value.value {
        case .scalar(let scalar):
            if scalar.isNull { return [] }
            return scalar.text.split(whereSeparator: { $0 == ";" || $0 == "," })
                .map { $0.trimmingCharacters(in: " ") }.filter { !$0.isEmpty }
        case .sequence(let items):
            var values: [String] = []
            values.reserveCapacity(items.count)
            for item in items {
                guard let scalar = item.scalar, !scalar.isNull else {
                    throw fail("'\(member.name)' must be a list of texts; found \(item.typeName)", at: item)
                }
                values.append(scalar.text)
            }
            return values
        case .mapping:
            throw fail("'\(member.name)' must be a list of texts, not a mapping", at: member.value)
        }
    }

    func taskProgress(_ member: Member) throws(CardportError) -> TaskProgress {
        guard let text = try optionalString(member) else { return .zero }
        guard let number = Int(text.hasSuffix("%") ? String(text.dropLast()) : text) else {
            throw fail("'progress' must be a whole number from 0 to 100, not \(text)", at: member.value)
        }
        do { return try TaskProgress(percent: number) } catch {
            throw fail(error.message, at: member.value, hint: error.hint)
        }
    }

    func topicStatus(_ member: Member) throws(CardportError) -> Topic.Status {
        let text = try string(member)
        let normalised = String(text.lowercased().unicodeScalars.filter { $0 != "_" && $0 != " " && $0 != "-" })
        switch normalised {
        case "unstarted", "notstarted", "todo": return .unstarted
        case "onhold": return .onHold
        case "inprogress", "started": return .inProgress
        case "done", "completed", "finished": return .done
        default:
            throw fail("'\(text)' is not a topic status", at: member.value, hint: "use unstarted, onHold, inProgress or done")
        }
    }

    func citationLocation(_ member: Member) throws(CardportError) -> CitationLocation? {
        switch member.value.value {
        case .scalar:
            guard let text = try optionalString(member), !text.isEmpty else { return nil }
            if let location = CitationLocation(parsing: text) { return location }
            throw fail("'\(text)' is not a location", at: member.value,
                       hint: "write {page: \"12\", start: 120, end: 125} or \"page 12, location 120-125\"")
        case .mapping:
            var page: String?, start: Int?, end: Int?
            for field in try members(of: member.value) {
                guard let scalar = field.value.scalar else {
                    throw fail("'\(field.name)' of a location must be a single value", at: field.value)
                }
                if scalar.isNull { continue }
                switch field.name {
                case "page": page = scalar.text
                case "start", "end":
                    guard let number = Int(scalar.text), number >= 0 else {
                        throw fail("'\(field.name)' must be a whole number, not \(scalar.text)", at: field.value)
                    }
                    if field.name == "start" { start = number } else { end = number }
                default:
                    throw fail("a location has 'page', 'start' and 'end'; '\(field.name)' is not one of them", at: field.key)
                }
            }
            if let start, let end, end < start {
                throw fail("the location ends (\(end)) before it starts (\(start))", at: member.value)
            }
            if start == nil, end != nil { throw fail("the location has an 'end' but no 'start'", at: member.value) }
            let location = CitationLocation(page: page, start: start, end: end)
            return location.isEmpty ? nil : location
        case .sequence:
            throw fail("'location' must be a mapping or a text, not a list", at: member.value)
        }
    }

    func questionList(_ member: Member) throws(CardportError) -> [Question] {
        guard case .sequence(let items) = member.value.value else {
            if member.value.scalar?.isNull == true { return [] }
            throw fail("'questions' must be a list, not \(member.value.typeName)", at: member.value)
        }
        var questions: [Question] = []
        for item in items {
            if let scalar = item.scalar, !scalar.isNull {
                questions.append(Question(text: scalar.text))
                continue
            }
            var text: String?, answer: String?, done = false
            for field in try members(of: item) {
                switch field.name {
                case "text", "question": text = try string(field)
                case "answer": answer = try optionalString(field)
                case "done", "isDone", "is_done": done = try bool(field)
                default:
                    throw fail("a question has 'text', 'answer' and 'done'; '\(field.name)' is not one of them", at: field.key)
                }
            }
            guard let text else { throw fail("a question needs a 'text'", at: item) }
            questions.append(Question(text: text, answer: answer, isDone: done))
        }
        return questions
    }

    func mergeExtras(_ member: Member, into extras: inout [String: String]) throws(CardportError) {
        if member.value.scalar?.isNull == true { return }
        guard case .mapping = member.value.value else {
            throw fail("'extras' must be a mapping, not \(member.value.typeName)", at: member.value)
        }
        for field in try members(of: member.value) { extras[field.name] = extraValue(field.value) }
    }

    /// An unknown field's value as text: a scalar as written (null as empty), anything else as flow YAML.
    func extraValue(_ node: YAMLNode) -> String {
        if let scalar = node.scalar { return scalar.isNull ? "" : scalar.text }
        return node.flowText
    }
}

extension Substring {
    fileprivate func trimmingCharacters(in space: Character) -> String {
        var slice = self[...]
        while slice.first == space { slice = slice.dropFirst() }
        while slice.last == space { slice = slice.dropLast() }
        return String(slice)
    }
}

extension YAMLNode.Pair {
    /// The key as text (a scalar as written, anything else as flow YAML).
    var name: String { key.scalar?.text ?? key.flowText }
}
