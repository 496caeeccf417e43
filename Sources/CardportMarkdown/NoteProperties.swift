import CardportCore
import CardportYAML

/// What a note's YAML front matter says about the citations in it: the properties Obsidian shows
/// above a note.
///
/// Read from `author`, `source` (or `title`, `book`), `tags` (a list, or one text of tags
/// separated by commas or spaces), `favourite` (or `favorite`), `created` and
/// `updated`; every other key is left alone. All YAML goes through ``FrontMatter``.
struct NoteProperties: Equatable {
    var author: String?
    var source: String?
    var tags: [String] = []
    var isFavourite = false
    var createdAt: Timestamp?
    var updatedAt: Timestamp?

    /// The properties at the start of `bytes`, and where the body starts (byte offset, 1-based
    /// line); `nil` when the document has no front matter.
    static func extract(from bytes: UnsafeRawBufferPointer, name: String, limits: ReadLimits)
        throws(CardportError) -> (properties: NoteProperties, bodyOffset: Int, bodyLine: Int)? {
        guard let found = try FrontMatter.extract(from: bytes, name: name, limits: YAMLLimits(limits)) else { return nil }
        let front = found.frontMatter
        var properties = NoteProperties()
        properties.author = text(front["author"])
        properties.source = text(front["source"]) ?? text(front["title"]) ?? text(front["book"])
        switch front["tags"] ?? front["tag"] {
        case .list(let items)?:
            properties.tags = items.filter { !$0.isEmpty }
        case .string(let line)?:
            properties.tags = line.split(whereSeparator: { $0 == "," || $0 == " " }).compactMap { token in
                let trimmed = token.trimmingPrefix("#")
                return trimmed.isEmpty ? nil : String(trimmed)
            }
        default:
            break
        }
        if case .bool(let flag)? = front["favourite"] ?? front["favorite"] { properties.isFavourite = flag }
        properties.createdAt = text(front["created"]).flatMap(Timestamp.init(parsing:))
        properties.updatedAt = text(front["updated"]).flatMap(Timestamp.init(parsing:))
        return (properties, found.bodyOffset, found.bodyLine)
    }

    private static func text(_ value: FrontMatter.Value?) -> String? {
        guard case .string(let text)? = value, !text.isEmpty else { return nil }
        return text
    }

    /// The front matter block, `---` lines included; absent properties are left out.
    func rendered() -> String {
        var front = FrontMatter()
        if let author { front["author"] = .string(author) }
        if let source { front["source"] = .string(source) }
        if !tags.isEmpty { front["tags"] = .list(tags) }
        if isFavourite { front["favourite"] = .bool(true) }
        if let createdAt { front["created"] = .string(createdAt.iso8601) }
        if let updatedAt { front["updated"] = .string(updatedAt.iso8601) }
        return front.rendered()
    }
}
