import CardportCore

/// Reads rows of Todoist's project CSV (Formats.md, "Todoist").
///
/// A `section` row is a topic (`CONTENT` its title, `DESCRIPTION` its notes); a `task` row is a task
/// (`CONTENT` its description); a `note` row is a comment on the row before it, added to a topic's
/// notes or to a task's `notes` extra. The other columns are kept in `extras` under their names,
/// except Todoist's defaults (`PRIORITY` 4, `INDENT` 1), which the writer puts back. `meta` rows
/// (the project's view settings) hold no card and are skipped.
struct TodoistDecoder {
    enum Outcome {
        case record(Record)
        case note(String)
        case skip
    }

    private let names: [String]
    private let normalised: [String]
    private let type: Int
    private let content: Int
    private let description: Int
    private let base: CSVRowDecoder

    init(names: [String], row: CSVRow, input: ByteInput) throws(CardportError) {
        self.names = names
        normalised = names.map(CSVColumn.normalise)
        guard let type = normalised.firstIndex(of: "type"), let content = normalised.firstIndex(of: "content") else {
            throw input.error(.malformedInput, "this is not a Todoist CSV: it needs TYPE and CONTENT columns", at: row.offset,
                              hint: "a Todoist CSV starts with \(CSVDialect.todoist.header.joined(separator: ","))")
        }
        self.type = type
        self.content = content
        description = normalised.firstIndex(of: "description") ?? -1
        base = CSVRowDecoder(header: CSVHeader(kind: .task, columns: names.map { CSVColumn.extra($0) }), source: input)
    }

    func decode(_ row: CSVRow) throws(CardportError) -> Outcome {
        try base.validate(row)
        let kind = CSVCell.string(base.cell(row, type)).lowercased()
        let text = CSVCell.string(base.cell(row, content))
        var extras: [String: String] = [:]
        for index in 0..<names.count where index != type && index != content && index != description {
            let bytes = base.cell(row, index)
            guard !bytes.isEmpty else { continue }
            let value = CSVCell.string(bytes)
            if (normalised[index] == "priority" && value == "4") || (normalised[index] == "indent" && value == "1") { continue }
            extras[names[index]] = value
        }
        let notes = description >= 0 ? base.optionalString(base.cell(row, description)) : nil
        switch kind {
        case "task":
            guard !text.isEmpty else {
                throw base.source.error(.invalidValue, "this task has no content", at: row.offset(ofField: content),
                                       hint: "every task needs its CONTENT", isRecoverable: true)
            }
            if let notes { extras[names[description]] = notes }
            return .record(.task(TaskItem(description: text, extras: extras)))
        case "section":
            guard !text.isEmpty else {
                throw base.source.error(.invalidValue, "this section has no name", at: row.offset(ofField: content),
                                       hint: "every section needs its CONTENT", isRecoverable: true)
            }
            return .record(.topic(Topic(title: text, notes: notes, extras: extras)))
        case "note":
            return text.isEmpty ? .skip : .note(text)
        case "meta", "":
            return .skip
        default:
            throw base.source.error(.invalidValue, "'\(kind)' is not a Todoist row type", at: row.offset(ofField: type),
                                   hint: "TYPE is task, section, note or meta", isRecoverable: true)
        }
    }

    /// Adds a note row to the record it belongs to.
    static func attach(note: String, to record: inout Record) {
        switch record {
        case .topic(var topic):
            topic.notes = topic.notes.map { $0 + "\n\n" + note } ?? note
            record = .topic(topic)
        case .task(var task):
            task.extras["notes"] = task.extras["notes"].map { $0 + "\n\n" + note } ?? note
            record = .task(task)
        default:
            break
        }
    }
}
