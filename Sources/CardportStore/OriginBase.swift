import CardportCore
import Foundation

/// The text form of a base: the version of a card a source last gave, kept in `origin.base`.
///
/// A JSON object with sorted keys and only the fields that are set, so that the same card always
/// gives the same bytes (a backup carries the text as it is, and `backup → restore → backup` stays
/// byte-identical). Dates keep their written form. Only bases that differ from their card are
/// written (see ``StoreSchema``), so this runs for the few cards edited since their import.
///
/// ```swift
/// let text = OriginBase.encode(.citation(Citation(text: "Carpe diem.")))
/// OriginBase.decode(text, kind: .citation)   // the same citation
/// ```
enum OriginBase {
    static func encode(_ record: Record) -> String {
        var object = BaseObject()
        object.put("id", record.id)
        switch record {
        case .citation(let c):
            object.put("text", c.text)
            object.put("author", c.author); object.put("source", c.source); object.put("tags", c.tags)
            object.put("favourite", c.isFavourite); object.put("archived", c.isArchived)
            object.put("created_at", c.createdAt); object.put("updated_at", c.updatedAt); object.put("note", c.note)
            object.put("page", c.location?.page)
            object.put("start", c.location?.start); object.put("end", c.location?.end)
            object.put("chapter", c.chapter); object.put("colour", c.colour)
            object.put("position", c.position); object.put("source_id", c.sourceID)
            object.put("extras", c.extras)
        case .bookmark(let b):
            object.put("text", b.text)
            object.put("name", b.name); object.put("tags", b.tags)
            object.put("created_at", b.createdAt); object.put("updated_at", b.updatedAt); object.put("extras", b.extras)
        case .task(let t):
            object.put("description", t.description)
            object.put("progress", t.progress.percent)
            object.put("created_at", t.createdAt); object.put("updated_at", t.updatedAt); object.put("extras", t.extras)
        case .topic(let t):
            object.put("title", t.title)
            object.put("status", t.status.rawValue)
            object.put("due", t.dueDate); object.put("notes", t.notes); object.put("links", t.links)
            if !t.questions.isEmpty {
                let questions = t.questions.map { q -> String in
                    var question = BaseObject()
                    question.put("text", q.text)
                    question.put("answer", q.answer)
                    question.put("done", q.isDone)
                    return question.text
                }
                object.members.append(("questions", "[" + questions.joined(separator: ",") + "]"))
            }
            object.put("created_at", t.createdAt); object.put("updated_at", t.updatedAt); object.put("extras", t.extras)
        case .tag, .settings:
            break
        }
        return object.text
    }

    /// The card a base's text describes; `nil` when the text is not a base of that kind.
    static func decode(_ text: String, kind: RecordKind) -> Record? {
        guard let object = (try? JSONSerialization.jsonObject(with: Data(text.utf8))) as? [String: Any] else { return nil }
        func string(_ key: String) -> String? { object[key] as? String }
        func date(_ key: String) -> Timestamp? { string(key).flatMap(Timestamp.init(parsing:)) }
        func list(_ key: String) -> [String] { object[key] as? [String] ?? [] }
        func int(_ key: String) -> Int? { (object[key] as? NSNumber)?.intValue }
        func flag(_ key: String) -> Bool { int(key) == 1 }
        func extras() -> [String: String] { object["extras"] as? [String: String] ?? [:] }
        let id = string("id") ?? ""
        switch kind {
        case .citation:
            let page = string("page")
            let start = int("start")
            let location = page != nil || start != nil ? CitationLocation(page: page, start: start, end: int("end")) : nil
            var citation = Citation(id: id, text: string("text") ?? "", author: string("author"), source: string("source"),
                                    tags: list("tags"), isFavourite: flag("favourite"), isArchived: flag("archived"),
                                    createdAt: date("created_at"), updatedAt: date("updated_at"), note: string("note"),
                                    location: location, chapter: string("chapter"), colour: string("colour"),
                                    position: string("position"), sourceID: string("source_id"), extras: extras())
            citation.id = id
            return .citation(citation)
        case .bookmark:
            var bookmark = Bookmark(id: id, name: string("name"), text: string("text") ?? "", tags: list("tags"),
                                    createdAt: date("created_at"), updatedAt: date("updated_at"), extras: extras())
            bookmark.id = id
            return .bookmark(bookmark)
        case .task:
            var task = TaskItem(id: id, description: string("description") ?? "",
                                progress: TaskProgress(storedPercent: int("progress") ?? 0),
                                createdAt: date("created_at"), updatedAt: date("updated_at"), extras: extras())
            task.id = id
            return .task(task)
        case .topic:
            let questions = (object["questions"] as? [[String: Any]] ?? []).map { q in
                Question(text: q["text"] as? String ?? "", answer: q["answer"] as? String,
                         isDone: (q["done"] as? NSNumber)?.intValue == 1)
            }
            var topic = Topic(id: id, title: string("title") ?? "", dueDate: date("due"),
                              status: string("status").flatMap(Topic.Status.init(rawValue:)) ?? .unstarted,
                              notes: string("notes"), links: list("links"), questions: questions,
                              createdAt: date("created_at"), updatedAt: date("updated_at"), extras: extras())
            topic.id = id
            return .topic(topic)
        case .tag, .settings:
            return nil
        }
    }
}

/// A JSON object of a base being written: members that are set, written with sorted keys.
///
/// Written by hand rather than through `JSONSerialization`, which took most of the time of an
/// import whose records fold into cards they differ from.
private struct BaseObject {
    /// Each member's key and its value, already JSON text.
    var members: [(String, String)] = []

    mutating func put(_ key: String, _ value: String?) {
        if let value { members.append((key, CompactJSON.string(value))) }
    }

    mutating func put(_ key: String, _ value: Int?) {
        if let value { members.append((key, String(value))) }
    }

    mutating func put(_ key: String, _ date: Timestamp?) {
        if let date { members.append((key, CompactJSON.string(date.iso8601))) }
    }

    mutating func put(_ key: String, _ list: [String]) {
        if !list.isEmpty { members.append((key, "[" + list.map(CompactJSON.string).joined(separator: ",") + "]")) }
    }

    mutating func put(_ key: String, _ flag: Bool) {
        if flag { members.append((key, "1")) }
    }

    mutating func put(_ key: String, _ extras: [String: String]) {
        guard !extras.isEmpty else { return }
        let pairs = extras.sorted { $0.key < $1.key }.map { CompactJSON.string($0.key) + ":" + CompactJSON.string($0.value) }
        members.append((key, "{" + pairs.joined(separator: ",") + "}"))
    }

    /// The object's text, keys in code-point order (the order of their UTF-8).
    var text: String {
        var text = "{"
        text.reserveCapacity(members.reduce(2) { $0 + $1.0.utf8.count + $1.1.utf8.count + 4 })
        for (n, member) in members.sorted(by: { $0.0.utf8.lexicographicallyPrecedes($1.0.utf8) }).enumerated() {
            if n > 0 { text += "," }
            text += CompactJSON.string(member.0)
            text += ":"
            text += member.1
        }
        return text + "}"
    }
}
