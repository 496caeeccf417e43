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
        var object: [String: Any] = ["id": record.id]
        func put(_ key: String, _ value: String?) { if let value { object[key] = value } }
        func put(_ key: String, _ date: Timestamp?) { if let date { object[key] = date.iso8601 } }
        func put(_ key: String, _ list: [String]) { if !list.isEmpty { object[key] = list } }
        func put(_ key: String, _ flag: Bool) { if flag { object[key] = 1 } }
        func put(_ key: String, _ extras: [String: String]) { if !extras.isEmpty { object[key] = extras } }
        switch record {
        case .citation(let c):
            object["text"] = c.text
            put("author", c.author); put("source", c.source); put("tags", c.tags)
            put("favourite", c.isFavourite); put("archived", c.isArchived)
            put("created_at", c.createdAt); put("updated_at", c.updatedAt); put("note", c.note)
            put("page", c.location?.page)
            if let start = c.location?.start { object["start"] = start }
            if let end = c.location?.end { object["end"] = end }
            put("extras", c.extras)
        case .bookmark(let b):
            object["text"] = b.text
            put("name", b.name); put("tags", b.tags)
            put("created_at", b.createdAt); put("updated_at", b.updatedAt); put("extras", b.extras)
        case .task(let t):
            object["description"] = t.description
            object["progress"] = t.progress.percent
            put("created_at", t.createdAt); put("updated_at", t.updatedAt); put("extras", t.extras)
        case .topic(let t):
            object["title"] = t.title
            object["status"] = t.status.rawValue
            put("due", t.dueDate); put("notes", t.notes); put("links", t.links)
            if !t.questions.isEmpty {
                object["questions"] = t.questions.map { q -> [String: Any] in
                    var question: [String: Any] = ["text": q.text]
                    if let answer = q.answer { question["answer"] = answer }
                    if q.isDone { question["done"] = 1 }
                    return question
                }
            }
            put("created_at", t.createdAt); put("updated_at", t.updatedAt); put("extras", t.extras)
        case .tag, .settings:
            break
        }
        let data = (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys, .withoutEscapingSlashes])) ?? Data()
        return String(decoding: data, as: UTF8.self)
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
                                    location: location, extras: extras())
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
