import CardportCore

/// Writes tasks and topics as todo.txt lines, counting what a line cannot hold.
///
/// A task: `x` and its completion date (updated) when done, else `(A)` from `extras["priority"]`
/// (Taskwarrior's `H`, `M`, `L` become `A`, `B`, `C`); the creation date; the description; the
/// `+tags` and `@contexts` kept in `extras` that the text does not already name; `due:` and, when
/// partly done, `progress:`; `pri:` keeps a done task's priority; `uuid:` a Taskwarrior task's uuid
/// (`extras["taskwarrior_uuid"]`), so that it goes back to Taskwarrior as the same task. A topic: its title, `due:`, `x`
/// when done, and the word ``TodoTxtFormat/topicMarker`` that makes it read back as a topic;
/// its notes, links, questions and an in-progress or on-hold status are dropped.
final class TodoTxtWriter: RecordWriter {
    private let output: ByteOutput
    private var bytes: [UInt8] = []
    private(set) var losses = LossReport()

    /// Extras the writer maps; any other is counted as dropped.
    private static let mappedExtras: Set<String> = ["priority", "tags", "contexts", "due", TodoTxtReader.uuidKey]

    init(output: ByteOutput) {
        self.output = output
        bytes.reserveCapacity(1 << 17)
    }

    /// Whether the text of the line being written reads back as it is, on its own.
    private var textIsExact = true

    func write(_ record: Record) throws(CardportError) {
        switch record {
        case .task(let task):
            var line = TodoTxtLine(text: "")
            line.isDone = task.isDone
            fill(&line, text: task.description, created: task.createdAt, updated: task.updatedAt, extras: task.extras,
                 dueDate: nil, kind: .task)
            if (1...99).contains(task.progress.percent) { line.values.append(("progress", String(task.progress.percent))) }
            let uuid = line.values.first { $0.key == "uuid" }?.value
            if task.id != RecordID.task(description: line.text), uuid.map({ RecordID.foreign(namespace: "taskwarrior", id: $0) }) != task.id {
                losses.dropField("id", of: .task)
            }
            try emit(line, kind: .task)
        case .topic(let topic):
            var line = TodoTxtLine(text: "")
            line.isDone = topic.status == .done
            fill(&line, text: topic.title, created: topic.createdAt, updated: topic.updatedAt, extras: topic.extras,
                 dueDate: topic.dueDate, kind: .topic)
            let title = line.text
            guard !title.allSatisfy(\.isWhitespace) else {
                losses.dropRecord(of: .topic)
                return
            }
            line.text += " " + TodoTxtFormat.topicMarker
            if topic.status == .inProgress || topic.status == .onHold { losses.dropField("status", of: .topic) }
            if topic.notes != nil { losses.dropField("notes", of: .topic) }
            if !topic.links.isEmpty { losses.dropField("links", of: .topic, count: topic.links.count) }
            if !topic.questions.isEmpty { losses.dropField("questions", of: .topic, count: topic.questions.count) }
            let uuid = line.values.first { $0.key == "uuid" }?.value
            if topic.id != RecordID.topic(title: title), uuid.map({ RecordID.foreign(namespace: "taskwarrior", id: $0) }) != topic.id {
                losses.dropField("id", of: .topic)
            }
            try emit(line, kind: .topic)
        default:
            return
        }
    }

    func finish() throws(CardportError) {
        try output.write(bytes)
        bytes.removeAll()
        try output.flush()
    }

    private func emit(_ line: TodoTxtLine, kind: RecordKind) throws(CardportError) {
        guard !line.text.allSatisfy(\.isWhitespace) else {
            losses.dropRecord(of: kind)
            return
        }
        // Words written after the text can complete a prefix the text alone did not have (`(A)`, then
        // `progress:45`, reads back as a priority): the whole line must read back as written.
        if textIsExact, let parsed = TodoTxtLine(parsing: Array(line.rendered.utf8)[...]),
           parsed.text != line.text || parsed.priority != line.priority || parsed.isDone != line.isDone
            || parsed.created != line.created {
            losses.dropField(kind == .task ? "description" : "title", of: kind)
        }
        bytes.append(contentsOf: line.rendered.utf8)
        bytes.append(0x0A)
        if bytes.count >= 1 << 16 {
            try output.write(bytes)
            bytes.removeAll(keepingCapacity: true)
        }
    }

    private func fill(_ line: inout TodoTxtLine, text: String, created: Timestamp?, updated: Timestamp?,
                      extras: [String: String], dueDate: Timestamp?, kind: RecordKind) {
        var (text, isExact) = TodoTxtWriter.lineText(text, isDone: line.isDone)
        if !isExact { losses.dropField(kind == .task ? "description" : "title", of: kind) }
        textIsExact = isExact
        line.text = text
        let written = Set(text.split(separator: " ").map(String.init))
        for (key, marker) in [("tags", "+"), ("contexts", "@")] {
            guard let kept = extras[key] else { continue }
            guard let names = StringListExtra.parse(kept) else {
                losses.dropField(key, of: kind)
                continue
            }
            for name in names {
                guard !name.isEmpty, !name.contains(where: \.isWhitespace) else {
                    losses.dropField(key, of: kind)
                    continue
                }
                guard !written.contains(marker + name) else { continue }
                // The reader keeps `+project` and `@context` words in the text, so the text reads back with it.
                line.text += " " + marker + name
                if isExact { losses.dropField(kind == .task ? "description" : "title", of: kind) }
                isExact = false
            }
        }
        if let priority = extras["priority"] {
            if let letter = TodoTxtWriter.letter(priority) { line.priority = letter } else { losses.dropField("priority", of: kind) }
        }
        if line.isDone {
            line.completed = updated.map(TodoTxtWriter.day)
            if updated.map({ !$0.isDateOnly }) ?? false { losses.dropField("updated_at", of: kind) }
            if updated == nil, created != nil {
                // `x DATE text` reads as a completion date: a creation date needs one before it.
                losses.dropField("created_at", of: kind)
            } else {
                line.created = created.map(TodoTxtWriter.day)
            }
            if let priority = line.priority { line.values.append(("pri", priority)) }
        } else {
            line.created = created.map(TodoTxtWriter.day)
            if updated != nil { losses.dropField("updated_at", of: kind) }
        }
        if created.map({ !$0.isDateOnly }) ?? false, line.created != nil { losses.dropField("created_at", of: kind) }
        if let dueDate {
            line.values.append(("due", TodoTxtLine.text(dueDate)))
            if !dueDate.isDateOnly { losses.dropField("due", of: kind) }
        } else if let due = extras["due"] {
            if let day = TodoTxtWriter.dueDay(due) { line.values.append(("due", day)) } else { losses.dropField("due", of: kind) }
        }
        if let uuid = extras[TodoTxtReader.uuidKey] {
            if TodoTxtWriter.isUUID(uuid) { line.values.append(("uuid", uuid.lowercased())) } else { losses.dropField("extras", of: kind) }
        }
        let unmapped = extras.keys.filter { !TodoTxtWriter.mappedExtras.contains($0) }.count
        if unmapped > 0 { losses.dropField("extras", of: kind, count: unmapped) }
    }

    /// `text` as one line can hold it, and whether it reads back as written.
    ///
    /// Line breaks become spaces and a leading byte-order mark goes (the reader would take it for
    /// the file's). Text that starts like a todo.txt prefix (`x `, `(A) `, a date) or holds a word
    /// the reader takes out (`due:…`) is written as it is but does not read back the same: todo.txt
    /// has no escape.
    static func lineText(_ text: String, isDone: Bool) -> (text: String, isExact: Bool) {
        var scalars = String.UnicodeScalarView()
        var isExact = true
        for scalar in text.unicodeScalars {
            if scalar == "\n" || scalar == "\r" {
                scalars.append(" ")
                isExact = false
            } else if scalar == "\u{FEFF}", scalars.isEmpty {
                isExact = false
            } else {
                scalars.append(scalar)
            }
        }
        let line = String(scalars)
        if let parsed = TodoTxtLine(parsing: Array(line.utf8)[...]), parsed.isDone || parsed.priority != nil || parsed.created != nil {
            isExact = false
        }
        let hasMappedWord = line.split(separator: " ").contains { word in
            guard let colon = word.firstIndex(of: ":"), colon != word.startIndex, word.index(after: colon) != word.endIndex else {
                return false
            }
            return TodoTxtLine.isMapped(word[..<colon], isDone: isDone)
        }
        return (line, isExact && !hasMappedWord)
    }

    /// Whether `text` is a UUID (`8-4-4-4-12` hex digits), which a `uuid:` word can hold.
    static func isUUID(_ text: String) -> Bool {
        let groups = text.split(separator: "-", omittingEmptySubsequences: false)
        return groups.map(\.count) == [8, 4, 4, 4, 12] && groups.allSatisfy { $0.allSatisfy(\.isHexDigit) }
    }

    /// The date a timestamp was written on, as a date.
    private static func day(_ timestamp: Timestamp) -> Timestamp {
        let c = timestamp.components
        return Timestamp(year: c.year, month: c.month, day: c.day, isDateOnly: true) ?? timestamp
    }

    /// A priority as a todo.txt letter: `A`–`Z` as is, Taskwarrior's `H`/`M`/`L` as `A`/`B`/`C`.
    static func letter(_ priority: String) -> String? {
        switch priority {
        case "H": return "A"
        case "M": return "B"
        case "L": return "C"
        default:
            guard priority.utf8.count == 1, let byte = priority.utf8.first, (0x41...0x5A).contains(byte) else { return nil }
            return priority
        }
    }

    /// The `YYYY-MM-DD` of a kept due date: ISO 8601 or Taskwarrior's `20240110T000000Z`.
    static func dueDay(_ text: String) -> String? {
        if let timestamp = Timestamp(parsing: text) { return TodoTxtLine.text(timestamp) }
        let utf8 = Array(text.utf8)
        guard utf8.count == 16, utf8[8] == 0x54, utf8[15] == 0x5A, utf8[0..<8].allSatisfy({ (0x30...0x39).contains($0) }) else {
            return nil
        }
        let digits = String(decoding: utf8[0..<8], as: UTF8.self)
        let day = "\(digits.prefix(4))-\(digits.dropFirst(4).prefix(2))-\(digits.suffix(2))"
        return Timestamp(parsing: day) == nil ? nil : day
    }
}
