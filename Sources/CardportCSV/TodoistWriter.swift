import CardportCore

/// Writes topics and tasks as a Todoist project CSV: a topic is a `section` row (its notes the
/// `DESCRIPTION`), a task a `task` row (its description the `CONTENT`).
///
/// Columns kept in `extras` by the reader (`PRIORITY`, `DATE`, `AUTHOR`, …) are written back;
/// a task's `PRIORITY` and `INDENT` default to Todoist's 4 and 1; a task's `notes` extra becomes a `note` row. What Todoist's CSV has no column for (a
/// task's progress and dates, a topic's status, due date, links and questions, ids, other extras)
/// is counted as lost.
final class TodoistWriter: RecordWriter {
    private let output: ByteOutput
    private var out: CSVCellWriter
    private(set) var losses = LossReport()
    private var hasHeader = false
    private let header = CSVDialect.todoist.header

    init(output: ByteOutput, options: WriteOptions) {
        self.output = output
        out = CSVCellWriter(delimiter: options.delimiter ?? 0x2C, formulaGuard: options.formulaGuard)
    }

    func write(_ record: Record) throws(CardportError) {
        var extras: [String: String]
        let type: String, content: String, notes: String?
        switch record {
        case .task(let t):
            (type, content, extras, notes) = ("task", t.description, t.extras, nil)
            if t.progress.percent != 0 { losses.dropField("progress", of: .task) }
            if t.createdAt != nil { losses.dropField("created_at", of: .task) }
            if t.updatedAt != nil { losses.dropField("updated_at", of: .task) }
            if t.id != RecordID.task(description: t.description) { losses.dropField("id", of: .task) }
        case .topic(let t):
            (type, content, extras, notes) = ("section", t.title, t.extras, t.notes)
            if t.dueDate != nil { losses.dropField("due", of: .topic) }
            if t.status != .unstarted { losses.dropField("status", of: .topic) }
            if !t.links.isEmpty { losses.dropField("links", of: .topic, count: t.links.count) }
            if !t.questions.isEmpty { losses.dropField("questions", of: .topic, count: t.questions.count) }
            if t.createdAt != nil { losses.dropField("created_at", of: .topic) }
            if t.updatedAt != nil { losses.dropField("updated_at", of: .topic) }
            if t.id != RecordID.topic(title: t.title) { losses.dropField("id", of: .topic) }
        default:
            losses.dropRecord(of: record.kind)
            return
        }
        if !hasHeader {
            for name in header { out.cell(name) }
            out.endRecord()
            hasHeader = true
        }
        // A task's comments, as the reader collects them from `note` rows, go back to a note row.
        let comment = type == "task" ? extras.removeValue(forKey: "notes") : nil
        out.cell(type)
        out.cell(content)
        for name in header.dropFirst(2) {
            let value = extras.removeValue(forKey: name)
            switch name {
            case "DESCRIPTION": out.cell(notes ?? value)
            case "PRIORITY": out.cell(value ?? (type == "task" ? "4" : nil))
            case "INDENT": out.cell(value ?? (type == "task" ? "1" : nil))
            default: out.cell(value)
            }
        }
        out.endRecord()
        if let comment {
            out.cell("note")
            out.cell(comment)
            for _ in header.dropFirst(2) { out.empty() }
            out.endRecord()
        }
        if !extras.isEmpty { losses.dropField("extras", of: record.kind, count: extras.count) }
        try out.flush(to: output)
    }

    func finish() throws(CardportError) {
        try out.flush(to: output, threshold: 0)
        try output.flush()
    }
}
