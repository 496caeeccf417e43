import CardportCore

/// One task of `task export`, checked, on its way to becoming a Cardport task or topic.
///
/// Taskwarrior has one kind of item; what Cardport makes of it depends on `--kind` and on the
/// `cardport_kind` attribute Cardport writes for topics.
struct TaskwarriorAttributes {
    var description: String
    /// A status Taskwarrior knows.
    var status: String
    var progress: TaskProgress?
    var createdAt: Timestamp?
    var updatedAt: Timestamp?
    /// `cardport_kind`, when Cardport wrote the item.
    var kind: String?
    /// Every other attribute, the uuid under ``TaskwarriorFormat/uuidKey``; dates as written.
    var extras: [String: String]

    /// The id of the card: derived from the uuid, else from the content.
    private var id: String? {
        extras[TaskwarriorFormat.uuidKey].map(TaskwarriorFormat.recordID(uuid:))
    }

    /// A task: done when completed, else its `progress`; a status other than pending or completed
    /// is kept in `extras.status`.
    func task() -> TaskItem {
        var extras = extras
        if status != "pending", status != "completed" { extras["status"] = status }
        let percent = status == "completed" ? TaskProgress.done : (progress ?? .zero)
        return TaskItem(id: id, description: description, progress: percent, createdAt: createdAt, updatedAt: updatedAt,
                        extras: extras)
    }

    /// A topic, the way the writer maps topics to tasks, read backwards: completed → done, the tag
    /// `on_hold` → on hold, a `start` → in progress; annotations that are questions (`Question: …`),
    /// links (one word with `://`) and notes (the rest, joined by line breaks).
    func topic() -> Topic {
        var extras = extras
        let start = extras.removeValue(forKey: "start")
        extras.removeValue(forKey: "end")
        let due = extras.removeValue(forKey: "due").flatMap(TaskwarriorDate.parse)
        var onHold = false
        if let kept = extras["tags"], var tags = TaskwarriorAttributes.strings(kept) {
            onHold = tags.contains("on_hold")
            tags.removeAll { $0 == "on_hold" }
            if tags.isEmpty {
                extras.removeValue(forKey: "tags")
            } else {
                let writer = JSONWriter()
                writer.stringArray(tags)
                extras["tags"] = String(decoding: writer.bytes, as: UTF8.self)
            }
        }
        if status != "pending", status != "completed" { extras["status"] = status }
        if let progress { extras["progress"] = String(progress.percent) }
        let status: Topic.Status = status == "completed" ? .done : onHold ? .onHold : start != nil ? .inProgress : .unstarted
        var notes: [String] = [], links: [String] = [], questions: [Question] = []
        if let kept = extras.removeValue(forKey: "annotations") {
            guard let parsed = TaskwarriorWriter.parse(kept), case .array(let annotations) = parsed else {
                extras["annotations"] = kept
                return Topic(id: id, title: description, dueDate: due, status: status, extras: extras)
            }
            for case .object(let annotation) in annotations {
                guard case .string(let text)? = annotation["description"]?.value else { continue }
                if let question = TaskwarriorAttributes.question(text) {
                    questions.append(question)
                } else if text.contains("://"), !text.contains(where: \.isWhitespace) {
                    links.append(text)
                } else {
                    notes.append(text)
                }
            }
        }
        return Topic(id: id, title: description, dueDate: due, status: status,
                     notes: notes.isEmpty ? nil : notes.joined(separator: "\n"), links: links, questions: questions,
                     createdAt: createdAt, updatedAt: updatedAt, extras: extras)
    }

    /// The question an annotation written for one holds: `Question: text`, `Question (done): text`,
    /// either with ` Answer: answer`.
    static func question(_ text: String) -> Question? {
        let isDone: Bool
        let rest: Substring
        if text.hasPrefix("Question: ") {
            (isDone, rest) = (false, text.dropFirst(10))
        } else if text.hasPrefix("Question (done): ") {
            (isDone, rest) = (true, text.dropFirst(17))
        } else {
            return nil
        }
        guard let marker = rest.firstRange(of: " Answer: ") else { return Question(text: String(rest), isDone: isDone) }
        return Question(text: String(rest[..<marker.lowerBound]), answer: String(rest[marker.upperBound...]), isDone: isDone)
    }

    /// The strings of a kept JSON list of strings.
    private static func strings(_ text: String) -> [String]? {
        guard let parsed = TaskwarriorWriter.parse(text), case .array(let elements) = parsed else { return nil }
        var values: [String] = []
        for element in elements {
            guard case .string(let value) = element else { return nil }
            values.append(value)
        }
        return values
    }
}
