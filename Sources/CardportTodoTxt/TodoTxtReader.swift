import CardportCore

/// Reads a todo.txt file one line, and so one task, at a time.
///
/// `x` → progress 100, `progress:N` → progress, `(A)` or `pri:A` → `extras["priority"]`, the
/// creation date → created, the completion date → updated, `due:` → `extras["due"]`, and the
/// `+project` and `@context` names → `extras["tags"]` and `extras["contexts"]` (JSON lists); the
/// text keeps its projects and contexts in place. `uuid:` is a Taskwarrior task's uuid, which
/// ``TodoTxtWriter`` writes: it goes to `extras["taskwarrior_uuid"]` and makes the task's id the one
/// Taskwarrior's reader gives it, so a task that went through todo.txt keeps its identity. A
/// progress between the model's steps of 5 is rounded to the nearest one and counted in ``notes``.
///
/// A line with the word ``TodoTxtFormat/topicMarker`` is a topic (every line is with `--kind
/// topics`, none is with `--kind tasks`): its text without that word is the title, `due:` the due
/// date, `x` done; the other words map as for a task, into the topic's `extras`.
final class TodoTxtReader: RecordReader {
    private let input: ByteInput
    private let limits: ReadLimits
    /// The kind every line is read as (`--kind`); `nil` to go by the topic project.
    private let kind: RecordKind?
    private(set) var notes = ReaderNotes()

    init(input: ByteInput, limits: ReadLimits, kind: RecordKind? = nil) {
        self.limits = limits
        self.input = input
        self.kind = kind
    }

    func next() throws(CardportError) -> Record? {
        while let (length, span) = try input.nextLine(within: limits) {
            // The line stays in the window until it is mapped, so an error can show it.
            defer { input.consume(span) }
            let line = Array(input.available.prefix(length))
            let offset = input.offset
            let bytes = line[...]
            guard bytes.contains(where: { $0 != 0x20 && $0 != 0x09 }) else { continue }
            guard let parsed = TodoTxtLine(parsing: bytes) else {
                throw input.error(.malformedInput, "invalid UTF-8 in a task", at: offset,
                                  hint: "the file is not UTF-8; convert it first (iconv -t UTF-8)", isRecoverable: true)
            }
            let marked = parsed.text.split(separator: " ").contains { $0 == TodoTxtFormat.topicMarker }
            guard (kind ?? (marked ? .topic : .task)) == .topic else { return .task(try task(parsed, line: line, offset: offset)) }
            return .topic(try topic(parsed, line: line, offset: offset))
        }
        return nil
    }

    /// A topic: the task the line reads as, its text without the topic marker as the title, a
    /// `due:` that is a date as the due date, done when done; the rest of its fields in `extras`.
    private func topic(_ line: TodoTxtLine, line bytes: [UInt8], offset: Int) throws(CardportError) -> Topic {
        var line = line
        let words = line.text.split(separator: " ", omittingEmptySubsequences: false)
        line.text = words.filter { $0 != TodoTxtFormat.topicMarker }.joined(separator: " ")
        let task = try task(line, line: bytes, offset: offset)
        var extras = task.extras
        let due = extras["due"].flatMap(Timestamp.init(parsing:))
        if due != nil { extras["due"] = nil }
        if (1...99).contains(task.progress.percent) { extras["progress"] = String(task.progress.percent) }
        let id = extras[TodoTxtReader.uuidKey].map { RecordID.foreign(namespace: "taskwarrior", id: $0) }
        return Topic(id: id, title: line.text, dueDate: due, status: task.isDone ? .done : .unstarted,
                     createdAt: task.createdAt, updatedAt: task.updatedAt, extras: extras)
    }

    private func task(_ line: TodoTxtLine, line bytes: [UInt8], offset: Int) throws(CardportError) -> TaskItem {
        var extras: [String: String] = [:]
        var progress = line.isDone ? TaskProgress.done : .zero
        var id: String?
        if let priority = line.priority { extras["priority"] = priority }
        if !line.projects.isEmpty { extras["tags"] = StringListExtra.text(line.projects) }
        if !line.contexts.isEmpty { extras["contexts"] = StringListExtra.text(line.contexts) }
        for (key, value) in line.values {
            switch key {
            case "due": extras["due"] = value
            case "uuid":
                extras[TodoTxtReader.uuidKey] = value.lowercased()
                id = RecordID.foreign(namespace: "taskwarrior", id: value.lowercased())
            case "progress":
                guard let number = Double(value), let rounded = TaskProgress.nearestStep(to: number) else {
                    throw located("progress:\(value) is not a number from 0 to 100", key: "progress:", in: bytes, offset: offset)
                }
                if Double(rounded.percent) != number { notes.count(TaskProgress.roundedNote) }
                progress = rounded
            default: continue
            }
        }
        return TaskItem(id: id, description: line.text, progress: progress, createdAt: line.created, updatedAt: line.completed,
                        extras: extras)
    }

    /// The extra Taskwarrior's reader keeps a task's uuid in (`TaskwarriorFormat.uuidKey`).
    static let uuidKey = "taskwarrior_uuid"

    private func located(_ message: String, key: String, in line: [UInt8], offset: Int) -> CardportError {
        let needle = Array(key.utf8)
        var column = 0
        if line.count >= needle.count {
            for start in 0...(line.count - needle.count) where line[start..<(start + needle.count)].elementsEqual(needle) {
                column = start
                break
            }
        }
        return input.error(.invalidValue, message, at: offset + column,
                           hint: "progress is a percentage in steps of 5, e.g. progress:50", isRecoverable: true)
    }
}
