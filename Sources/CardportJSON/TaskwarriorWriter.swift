import CardportCore

/// Writes tasks and topics as `task import` reads them: a JSON array, one task per line, as
/// `task export` prints it.
///
/// Everything written is checked first, because Taskwarrior 2.6 stops on a date or status it cannot
/// parse: a kept attribute that would not parse is left out and counted in ``losses``.
final class TaskwarriorWriter: RecordWriter {
    private let output: ByteOutput
    private let writer = JSONWriter(capacity: 1 << 17)
    private var count = 0
    private(set) var losses = LossReport()

    /// Attributes the writer sets itself; a kept extra of the same name is not written twice.
    private static let managed: Set<String> = [
        "uuid", "description", "status", "entry", "modified", "start", "end", "progress", "id", "urgency",
        "annotations", "tags", "contexts", "due", TaskwarriorFormat.uuidKey, TaskwarriorFormat.kindKey,
    ]
    /// Attributes whose value is a date.
    private static let dates: Set<String> = ["wait", "scheduled", "until"]
    /// Statuses a task that is not done may keep.
    private static let openStatuses: Set<String> = ["pending", "waiting", "deleted"]

    init(output: ByteOutput) {
        self.output = output
        writer.raw("[")
    }

    func write(_ record: Record) throws(CardportError) {
        switch record {
        case .task(let task): writeTask(task)
        case .topic(let topic): writeTopic(topic)
        default: return
        }
        try writer.flush(to: output)
    }

    func finish() throws(CardportError) {
        writer.raw(count == 0 ? "]\n" : "\n]\n")
        try writer.flush(to: output, threshold: 0)
        try output.flush()
    }

    // MARK: Records

    private func writeTask(_ task: TaskItem) {
        guard begin(task.description, kind: .task) else { return }
        let done = task.isDone
        member("uuid", TaskwarriorFormat.uuid(id: task.id, extras: task.extras))
        member("status", status(isDone: done, extras: task.extras, kind: .task))
        member("description", description(task.description, task.extras, field: "description", kind: .task))
        dates(created: task.createdAt, updated: task.updatedAt, kind: .task)
        let started = (1...99).contains(task.progress.percent)
            ? [task.updatedAt, task.createdAt].compactMap { $0 }.first(where: TaskwarriorDate.isImportable) : nil
        keptDate("start", task.extras, derived: started, kind: .task)
        if done { keptDate("end", task.extras, derived: task.updatedAt, kind: .task) }
        keptDate("due", task.extras, derived: nil, kind: .task)
        if (1...99).contains(task.progress.percent) {
            writer.raw(",\"progress\":")
            writer.int(task.progress.percent)
        }
        tags(task.extras, prefix: [], kind: .task)
        annotations(kept: task.extras["annotations"], added: [], base: nil, kind: .task)
        extras(task.extras, kind: .task)
        if task.id != TaskwarriorFormat.recordID(uuid: TaskwarriorFormat.uuid(id: task.id, extras: task.extras)) {
            losses.dropField("id", of: .task)
        }
        writer.byte(0x7D)
    }

    private func writeTopic(_ topic: Topic) {
        guard begin(topic.title, kind: .topic) else { return }
        member("uuid", TaskwarriorFormat.uuid(id: topic.id, extras: topic.extras))
        member("status", status(isDone: topic.status == .done, extras: topic.extras, kind: .topic))
        member("description", description(topic.title, topic.extras, field: "title", kind: .topic))
        dates(created: topic.createdAt, updated: topic.updatedAt, kind: .topic)
        if topic.status == .inProgress {
            let start = [topic.updatedAt, topic.createdAt].compactMap { $0 }.first(where: TaskwarriorDate.isImportable)
            keptDate("start", topic.extras, derived: start, kind: .topic)
            if topic.extras["start"] == nil, start == nil {
                // Taskwarrior starts a task at a date; without one the topic reads back as not started.
                losses.dropField("status", of: .topic)
            }
        } else if topic.extras["start"] != nil {
            // A start date would read back as "in progress".
            losses.dropField("start", of: .topic)
        }
        if topic.status == .done {
            keptDate("end", topic.extras, derived: topic.updatedAt, kind: .topic)
        } else if topic.extras["end"] != nil {
            losses.dropField("end", of: .topic)
        }
        if let kept = topic.extras["progress"] {
            // Kept from a task read as a topic.
            if let percent = Int(kept), (1...99).contains(percent) {
                writer.raw(",\"progress\":")
                writer.int(percent)
            } else if kept != "0" && kept != "100" {
                losses.dropField("progress", of: .topic)
            }
        }
        date("due", topic.dueDate, field: "due", kind: .topic, readBack: TaskwarriorDate.due)
        tags(topic.extras, prefix: [TaskwarriorTags.topicTag] + (topic.status == .onHold ? ["on_hold"] : []), kind: .topic)
        var added: [String] = []
        if let notes = topic.notes { added.append(notes) }
        added += topic.links
        // The reader takes one word with `://` for a link and anything else for the notes: a link
        // of another shape (`mailto:`) or with spaces comes back in the notes.
        let notesShaped = topic.links.filter { !$0.contains("://") || $0.contains(where: \.isWhitespace) }.count
        if notesShaped > 0 { losses.dropField("links", of: .topic, count: notesShaped) }
        for question in topic.questions {
            var text = (question.isDone ? "Question (done): " : "Question: ") + question.text
            if let answer = question.answer { text += " Answer: " + answer }
            added.append(text)
        }
        let base = [topic.updatedAt, topic.createdAt].compactMap { $0 }.first(where: TaskwarriorDate.isImportable)
        annotations(kept: topic.extras["annotations"], added: added, base: base, kind: .topic)
        extras(topic.extras, kind: .topic)
        if topic.id != TaskwarriorFormat.recordID(uuid: TaskwarriorFormat.uuid(id: topic.id, extras: topic.extras)) {
            losses.dropField("id", of: .topic)
        }
        writer.byte(0x7D)
    }

    /// The status to write: `completed` when done, else a kept status a task that is not done may
    /// have (a recurring one only with its `recur` and `due`), else `pending`.
    private func status(isDone: Bool, extras: [String: String], kind: RecordKind) -> String {
        if isDone { return "completed" }
        guard let kept = extras["status"] else { return "pending" }
        let isTemplate = kept == "recurring" && extras["recur"] != nil && extras["due"] != nil
        if TaskwarriorWriter.openStatuses.contains(kept) || isTemplate { return kept }
        if kept != "completed" { losses.dropField("status", of: kind) }
        return "pending"
    }

    // MARK: Members

    /// Opens a task object, or counts the record as dropped when Taskwarrior would refuse it.
    private func begin(_ description: String, kind: RecordKind) -> Bool {
        guard !description.allSatisfy(\.isWhitespace) else {
            // `task import` refuses a task without a description.
            losses.dropRecord(of: kind)
            return false
        }
        count += 1
        writer.raw(count == 1 ? "\n{" : ",\n{")
        return true
    }

    /// Writes `"key":"value"`, after a comma unless it is `uuid`, which every object opens with.
    private func member(_ key: String, _ value: String) {
        if key != "uuid" { writer.byte(0x2C) }
        writer.string(key)
        writer.byte(0x3A)
        writer.string(value)
    }

    private func dates(created: Timestamp?, updated: Timestamp?, kind: RecordKind) {
        date("entry", created, field: "created_at", kind: kind)
        date("modified", updated, field: "updated_at", kind: kind)
    }

    /// Writes a date Taskwarrior imports; counts one it would crash on, and one that reads back
    /// otherwise (`readBack` gives what the reader makes of it): a fraction, a zone other than UTC,
    /// a day without a time.
    private func date(_ key: String, _ value: Timestamp?, field: String, kind: RecordKind,
                      readBack: (Timestamp) -> Timestamp = TaskwarriorDate.normalised) {
        guard let value else { return }
        guard TaskwarriorDate.isImportable(value) else {
            losses.dropField(field, of: kind)
            return
        }
        if readBack(value) != value { losses.dropField(field, of: kind) }
        member(key, TaskwarriorDate.text(value))
    }

    /// Writes a date attribute kept from a Taskwarrior input when it parses, else `derived`.
    private func keptDate(_ key: String, _ extras: [String: String], derived: Timestamp?, kind: RecordKind) {
        if let kept = extras[key] {
            // An ISO 8601 date (todo.txt's `due:2024-01-10`) is written in Taskwarrior's form.
            if let parsed = TaskwarriorDate.parse(kept), TaskwarriorDate.isImportable(parsed) {
                let text = TaskwarriorDate.text(parsed)
                if (key == "due" ? TaskwarriorDate.dueText(text) : text) != kept { losses.dropField(key, of: kind) }
                member(key, text)
                return
            }
            losses.dropField(key, of: kind)
        }
        if let derived, TaskwarriorDate.isImportable(derived) { member(key, TaskwarriorDate.text(derived)) }
    }

    /// Writes `tags`: `prefix`, the kept tags, then the kept contexts as `@name` tags
    /// (``TaskwarriorTags``); a kept list that is not a JSON list of strings is counted.
    private func tags(_ extras: [String: String], prefix: [String], kind: RecordKind) {
        var values = prefix
        for (key, marker) in [("tags", ""), ("contexts", "@")] {
            guard let kept = extras[key] else { continue }
            guard let names = TaskwarriorTags.strings(kept) else {
                losses.dropField(key, of: kind)
                continue
            }
            for name in names where !values.contains(marker + name) {
                // Taskwarrior refuses a tag with a space, and takes one starting with `+` or `-` for a filter.
                guard !name.isEmpty, !name.contains(where: \.isWhitespace), marker == "@" || !name.hasPrefix("@") else {
                    losses.dropField(key, of: kind)
                    continue
                }
                values.append(marker + name)
            }
        }
        guard !values.isEmpty else { return }
        writer.byte(0x2C)
        writer.string("tags")
        writer.byte(0x3A)
        writer.stringArray(values)
    }

    /// The description without the trailing `+tag` and `@context` words the tags hold (as `task add`
    /// leaves them out); the text then reads back without them, which is counted as `field` changed.
    private func description(_ text: String, _ extras: [String: String], field: String, kind: RecordKind) -> String {
        let tags = extras["tags"].flatMap(TaskwarriorTags.strings) ?? []
        let contexts = extras["contexts"].flatMap(TaskwarriorTags.strings) ?? []
        guard !tags.isEmpty || !contexts.isEmpty else { return text }
        let written = TaskwarriorTags.description(text, tags: Set(tags), contexts: Set(contexts))
        if written != text { losses.dropField(field, of: kind) }
        return written
    }

    /// Writes the kept annotations whose dates parse, then `added` texts, each a second after the one
    /// before from `base` (Taskwarrior keys annotations by their date, so two at the same second
    /// would be one).
    private func annotations(kept: String?, added: [String], base: Timestamp?, kind: RecordKind) {
        var items: [(entry: String?, text: String)] = []
        if let kept {
            var valid = false
            if let parsed = TaskwarriorWriter.parse(kept), case .array(let elements) = parsed {
                valid = true
                for element in elements {
                    guard case .object(let object) = element, case .string(let text)? = object["description"]?.value else {
                        valid = false
                        continue
                    }
                    var entry: String?
                    if case .string(let date)? = object["entry"]?.value {
                        if TaskwarriorDate.isValid(date) { entry = date } else { valid = false }
                    }
                    items.append((entry, text))
                }
            }
            if !valid { losses.dropField("annotations", of: kind) }
        }
        for (offset, text) in added.enumerated() {
            let entry = base.map { Timestamp(secondsSince1970: $0.secondsSince1970 + Int64(offset)) }
            items.append((entry.map(TaskwarriorDate.text), text))
        }
        guard !items.isEmpty else { return }
        writer.raw(",\"annotations\":[")
        for (index, item) in items.enumerated() {
            if index > 0 { writer.byte(0x2C) }
            writer.byte(0x7B)
            if let entry = item.entry {
                writer.raw("\"entry\":")
                writer.string(entry)
                writer.byte(0x2C)
            }
            writer.raw("\"description\":")
            writer.string(item.text)
            writer.byte(0x7D)
        }
        writer.byte(0x5D)
    }

    /// Writes the kept attributes the writer does not set itself, in key order; a date that would
    /// not parse or a name Taskwarrior cannot hold is counted, not written.
    private func extras(_ extras: [String: String], kind: RecordKind) {
        for key in extras.keys.sorted() where !TaskwarriorWriter.managed.contains(key) && key != "status" {
            let value = extras[key]!
            guard TaskwarriorWriter.isAttributeName(key),
                  !TaskwarriorWriter.dates.contains(key) || TaskwarriorDate.parse(value).map(TaskwarriorDate.isImportable) == true else {
                losses.dropField("extras", of: kind)
                continue
            }
            if TaskwarriorWriter.dates.contains(key), let date = TaskwarriorDate.parse(value) {
                let text = TaskwarriorDate.text(date)
                if text != value { losses.dropField(key, of: kind) }
                member(key, text)
            } else if key == "priority" {
                guard let level = TaskwarriorWriter.priority(value) else {
                    losses.dropField("priority", of: kind)
                    continue
                }
                // todo.txt's `A` is written as `H`: the same rank, but it reads back as `H`.
                if level != value { losses.dropField("priority", of: kind) }
                member(key, level)
            } else if key == "depends", let parsed = TaskwarriorWriter.parse(value), case .array = parsed {
                writer.raw(",\"depends\":")
                writer.value(parsed)
            } else {
                member(key, value)
            }
        }
    }

    /// A priority Taskwarrior accepts: `H`, `M`, `L`, or todo.txt's `A`, `B`, `C` for them.
    static func priority(_ value: String) -> String? {
        switch value {
        case "H", "M", "L": return value
        case "A": return "H"
        case "B": return "M"
        case "C": return "L"
        default: return nil
        }
    }

    /// Whether Taskwarrior takes `key` as an attribute name: a letter, then letters, digits or `_`.
    static func isAttributeName(_ key: String) -> Bool {
        guard let first = key.utf8.first, (0x61...0x7A).contains(first | 0x20) else { return false }
        return key.utf8.allSatisfy { (0x61...0x7A).contains($0 | 0x20) || (0x30...0x39).contains($0) || $0 == 0x5F }
    }

    /// A kept JSON value, or `nil` when the text is not JSON.
    static func parse(_ text: String) -> JSONValue? {
        let bytes = Array(text.utf8)
        return bytes.withUnsafeBytes { raw -> JSONValue? in
            var parser = JSONParser(bytes: raw, base: 0, isFinal: true)
            guard let value = try? parser.parseValue(), parser.peek() == nil else { return nil }
            return value
        }
    }
}
