import CardportCore

/// Walks a Firefox bookmark backup and returns its bookmarks one at a time.
///
/// A backup is one JSON document of at most a few megabytes, so it is parsed whole (bounded by
/// ``ByteInput/maximumWindow``) and then walked with an explicit stack, so no folder depth can
/// exhaust the call stack.
final class FirefoxBookmarksReader: RecordReader {
    private let stream: JSONStream
    private let foldersAsTags: FoldersAsTags
    /// The folders being walked: their children, the next child's index, and the folder's name as a
    /// tag (`nil` for Firefox's root folders).
    private var stack: [(children: [JSONValue], index: Int, name: String?, offset: Int)] = []
    private var isStarted = false
    private var isFinished = false
    private(set) var notes = ReaderNotes()

    /// Schemes whose links are scripts, queries or browser pages, not bookmarks of a place.
    private static let skippedSchemes = ["place:", "javascript:", "about:", "chrome://"]

    init(input: ByteInput, foldersAsTags: FoldersAsTags, limits: ReadLimits) {
        self.stream = JSONStream(input, limits: limits)
        self.foldersAsTags = foldersAsTags
    }

    func next() throws(CardportError) -> Record? {
        if isFinished { return nil }
        if !isStarted {
            isStarted = true
            guard try stream.peek() != nil else {
                isFinished = true
                return nil
            }
            let (value, offset) = try stream.locatedValue()
            guard case .object(let root) = value else {
                throw stream.error(.malformedInput, "a Firefox bookmark backup is an object, not \(value.typeName)", at: offset,
                                   hint: "expected {\"guid\": \"root________\", \"children\": [...]}")
            }
            try enter(root)
        }
        while let top = stack.last {
            guard top.index < top.children.count else {
                stack.removeLast()
                continue
            }
            stack[stack.count - 1].index += 1
            guard case .object(let item) = top.children[top.index] else {
                throw stream.error(.invalidValue, "a bookmark entry must be an object, not \(top.children[top.index].typeName)",
                                   at: top.offset, isRecoverable: true)
            }
            switch kind(of: item) {
            case 1:
                if let bookmark = try bookmark(item) { return .bookmark(bookmark) }
            case 2:
                try enter(item)
            case 3:
                continue
            default:
                // Not a bookmark, folder or separator: whatever it holds is left out, and said so.
                notes.count(FirefoxBookmarksReader.unknownTypeLabel)
            }
        }
        isFinished = true
        try stream.expectEnd(after: "the bookmark backup")
        return nil
    }

    /// The note that counts folders without `children` whose entries are under a member of another name.
    static let unknownMemberLabel = "folders with entries under an unknown member skipped"

    /// The note that counts entries of a type the reader does not know, skipped with their contents.
    static let unknownTypeLabel = "entries of an unknown type skipped (with their contents)"

    /// The entry's `typeCode`, or the one its `type` names (1 bookmark, 2 folder, 3 separator; any
    /// other value is a type this reader does not know).
    private func kind(of item: JSONObject) -> Int {
        if case .number(let code)? = item["typeCode"]?.value { return Int(code) ?? 0 }
        if case .string(let type)? = item["type"]?.value {
            switch type {
            case "text/x-moz-place": return 1
            case "text/x-moz-place-container": return 2
            case "text/x-moz-place-separator": return 3
            default: return 0
            }
        }
        return item["children"] != nil ? 2 : (item["uri"] != nil ? 1 : 0)
    }

    private func enter(_ folder: JSONObject) throws(CardportError) {
        guard stack.count < stream.limits.maximumDepth else {
            throw stream.limits.exceeded(.depth, "folders nest deeper than", at: folder.offset, in: stream.input)
        }
        var name: String?
        if folder["root"] == nil, case .string(let title)? = folder["title"]?.value, !title.isEmpty { name = title }
        switch folder["children"]?.value {
        case .array(let children)?: stack.append((children, 0, name, folder.offset))
        case nil:
            // A damaged "children" key must not pass as an empty folder: entries under a member of
            // another name are counted as skipped.
            if folder.members.contains(where: { if case .array(let items) = $0.value { !items.isEmpty } else { false } }) {
                notes.count(FirefoxBookmarksReader.unknownMemberLabel)
            }
        case .null?: break
        default:
            throw stream.error(.invalidValue, "\"children\" must be a list", at: folder["children"]!.offset, isRecoverable: true)
        }
    }

    private func bookmark(_ item: JSONObject) throws(CardportError) -> Bookmark? {
        let decoder = RecordJSONDecoder(stream: stream)
        var name: String?, uri: String?, tags: [String] = [], created: Timestamp?, updated: Timestamp?
        var extras: [String: String] = [:]
        for member in item.members {
            switch member.key {
            case "title": name = try decoder.optionalString(member)
            case "uri": uri = try decoder.string(member)
            case "tags": tags = BookmarkTagList.split(try decoder.optionalString(member) ?? "")
            case "dateAdded": created = try date(member, decoder)
            case "lastModified": updated = try date(member, decoder)
            case "annos":
                guard case .array(let annotations) = member.value else { continue }
                for case .object(let annotation) in annotations {
                    if case .string(FirefoxBookmarksFormat.descriptionAnnotation)? = annotation["name"]?.value,
                       case .string(let value)? = annotation["value"]?.value, !value.isEmpty {
                        extras["description"] = value
                    }
                }
            case "id", "index", "type", "typeCode": continue
            default: extras[member.key] = decoder.extraValue(member.value)
            }
        }
        guard let uri else {
            throw decoder.fail("a bookmark (typeCode 1) needs a \"uri\"", at: item.offset)
        }
        let lower = uri.prefix(11).lowercased()
        if let scheme = FirefoxBookmarksReader.skippedSchemes.first(where: { lower.hasPrefix($0) }) {
            notes.count("\(scheme) links skipped")
            return nil
        }
        tags = foldersAsTags.tags(tags, inFolders: stack.compactMap(\.name))
        return Bookmark(name: name, text: uri, tags: tags, createdAt: created, updatedAt: updated, extras: extras)
    }

    private func date(_ member: JSONObject.Member, _ decoder: RecordJSONDecoder) throws(CardportError) -> Timestamp? {
        switch member.value {
        case .null: return nil
        case .number(let text):
            guard let micros = Int64(text), (-62_135_596_800_000_000...253_402_300_799_000_000).contains(micros) else { break }
            return FirefoxBookmarksFormat.timestamp(microseconds: micros)
        default: break
        }
        throw decoder.fail("\"\(member.key)\" must be microseconds since 1970, not \(member.value.jsonText)", at: member.offset)
    }
}
