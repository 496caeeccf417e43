public import CardportCore

/// Taskwarrior's JSON: what `task export` writes and `task import` reads.
///
/// Reading takes the array `task export` prints or one task per line (`rc.json.array=off`). Each
/// task becomes a Cardport task: `description`, `entry` → created, `modified` → updated, status
/// `completed` → progress 100, a numeric `progress` attribute → progress. The task's `uuid` is kept in
/// `extras["taskwarrior_uuid"]` and the Cardport id is derived from it; every other attribute (tags,
/// annotations, due, priority, project, user-defined attributes) is kept in `extras` and written
/// back. `id` and `urgency`, which Taskwarrior computes, are not kept.
///
/// Writing gives what `task import` accepts: a stable `uuid` (the kept one, else a version-5 UUID
/// of the Cardport id, so importing the same file again updates instead of duplicating), dates as
/// `20231105T120000Z`, and only statuses and dates Taskwarrior can parse (it stops on others).
/// Topics are written as tasks tagged `cardport_topic` (`cardport_kind: "topic"` is read too), and
/// read back as topics; todo.txt contexts are `@name` tags (every task
/// is read as a topic with `--kind topics`); see Formats.md for the mapping.
public struct TaskwarriorFormat: CardFormat {
    /// The `extras` key that holds a task's Taskwarrior uuid.
    public static let uuidKey = "taskwarrior_uuid"
    /// The namespace of the version-5 UUIDs derived from Cardport ids.
    public static let uuidNamespace = "77f9a779-a2d1-44b6-8eb2-1a81b77fe6e0"

    public init() {}

    public let descriptor = FormatDescriptor(
        id: "taskwarrior", aliases: ["task"], extensions: ["json"], mediaType: "application/json",
        reads: [.task, .topic], writes: [.task, .topic],
        summary: "Taskwarrior: task export (array or lines) in, task import out")

    public func sniff(_ prefix: [UInt8]) -> SniffResult {
        let shape = JSONPrefix(prefix)
        guard shape.opening == 0x7B || shape.opening == 0x5B else { return .no }
        if shape.has("uuid") && shape.has("status") && shape.has("description") { return .certain }
        // A task cut or damaged before all three: a description and another attribute only tasks have.
        let attributes = ["uuid", "status", "entry", "modified", "due", "urgency"]
        return shape.has("description") && attributes.contains(where: shape.has) ? .possible : .no
    }

    /// The uuid a record is written with: the one it was read with, else a version-5 UUID of its id.
    ///
    /// ```swift
    /// TaskwarriorFormat.uuid(id: task.id, extras: task.extras)   // the same for the same task, every time
    /// ```
    public static func uuid(id: String, extras: [String: String]) -> String {
        if let kept = extras[uuidKey], UUIDv5.isUUID(kept) { return kept.lowercased() }
        return UUIDv5.make(namespace: uuidNamespace, name: id)
    }

    /// The Cardport id of a task read with this Taskwarrior uuid.
    public static func recordID(uuid: String) -> String {
        RecordID.foreign(namespace: "taskwarrior", id: uuid.lowercased())
    }

    /// The attribute that marks a task Cardport wrote from a topic, so it reads back as one.
    public static let kindKey = "cardport_kind"

    public func makeReader(_ input: ByteInput, options: ReadOptions) throws(CardportError) -> any RecordReader {
        let asked = options.kind
        // Taskwarrior 2.6 writes control characters other than tab, CR, LF, BS and FF unescaped.
        return JSONObjectListReader(input: input, limits: options.limits, what: "a task", allowsRawControlCharacters: true) {
            (object, decoder, notes) throws(CardportError) in
            let attributes = try TaskwarriorFormat.attributes(of: object, decoder: decoder, notes: &notes)
            let kind = asked ?? (attributes.kind == "topic" ? .topic : .task)
            return kind == .topic ? .topic(attributes.topic()) : .task(attributes.task())
        }
    }

    public func makeWriter(_ output: ByteOutput, options: WriteOptions) throws(CardportError) -> any RecordWriter {
        TaskwarriorWriter(output: output)
    }

    /// The statuses Taskwarrior knows.
    static let statuses: Set<String> = ["pending", "completed", "deleted", "waiting", "recurring"]

    /// The attributes of one object of `task export`, checked: a known status, dates that parse, a
    /// progress from 0 to 100 (rounded to the nearest step of 5, and counted in `notes`, when between steps).
    static func attributes(of object: JSONObject, decoder: RecordJSONDecoder,
                           notes: inout ReaderNotes) throws(CardportError) -> TaskwarriorAttributes {
        var description: String?, status = "pending", progress: TaskProgress?
        var created: Timestamp?, updated: Timestamp?, uuid: String?, kind: String?
        var extras: [String: String] = [:]
        func date(_ member: JSONObject.Member) throws(CardportError) -> Timestamp {
            let text = try decoder.string(member)
            guard let value = TaskwarriorDate.parse(text) else {
                throw decoder.fail("\"\(text)\" is not a Taskwarrior date", at: member.offset,
                                   hint: "Taskwarrior writes dates as 20231105T120000Z")
            }
            return value
        }
        for member in object.members {
            switch member.key {
            case "uuid":
                let text = try decoder.string(member)
                guard UUIDv5.isUUID(text) else {
                    throw decoder.fail("\"\(text)\" is not a UUID", at: member.offset, hint: "a Taskwarrior uuid looks like 3f2c…-…")
                }
                uuid = text.lowercased()
            case "description": description = try decoder.string(member)
            case "status":
                status = try decoder.string(member)
                guard statuses.contains(status) else {
                    throw decoder.fail("\"\(status)\" is not a Taskwarrior status", at: member.offset,
                                       hint: "use one of \(statuses.sorted().joined(separator: ", "))")
                }
            case "entry": created = try date(member)
            case "modified": updated = try date(member)
            case "start", "end", "wait", "scheduled", "until":
                _ = try date(member)
                extras[member.key] = try decoder.string(member)
            case "due":
                _ = try date(member)
                extras[member.key] = TaskwarriorDate.dueText(try decoder.string(member))
            case "progress":
                let (value, rounded) = try self.progress(member, decoder: decoder)
                progress = value
                if rounded { notes.count(TaskProgress.roundedNote) }
            case kindKey: kind = try decoder.optionalString(member)
            case "id", "urgency": continue
            default: extras[member.key] = decoder.extraValue(member.value)
            }
        }
        guard let description else {
            throw decoder.fail("a task needs a \"description\"", at: object.offset)
        }
        if let uuid { extras[uuidKey] = uuid }
        if TaskwarriorTags.read(&extras) { kind = "topic" }
        return TaskwarriorAttributes(description: description, status: status, progress: progress, createdAt: created,
                                     updatedAt: updated, kind: kind, extras: extras)
    }

    /// A `progress` attribute: a number, or the text Taskwarrior stores an undeclared one as (`"50.000000"`),
    /// rounded to the nearest step of 5; and whether it was rounded.
    static func progress(_ member: JSONObject.Member, decoder: RecordJSONDecoder) throws(CardportError)
        -> (TaskProgress, rounded: Bool) {
        let text: String
        switch member.value {
        case .number(let value), .string(let value): text = value
        default: throw decoder.fail("\"progress\" must be a number, not \(member.value.typeName)", at: member.offset)
        }
        guard let number = Double(text), let progress = TaskProgress.nearestStep(to: number) else {
            throw decoder.fail("\"progress\" must be a number from 0 to 100, not \(member.value.jsonText)", at: member.offset)
        }
        return (progress, Double(progress.percent) != number)
    }
}
