import CardportCore

/// Tags written as one comma-separated attribute, as OPML's `category`, a browser's `TAGS` and buku's
/// `TAGS` have them.
enum TagList {
    /// The tags in a comma-separated list: each trimmed, empty ones dropped, a leading `/` (OPML's
    /// category path root) removed.
    static func split(_ text: String, stripSlash: Bool = false) -> [String] {
        text.split(separator: ",").compactMap { piece in
            var tag = String(piece).trimmingSpaces
            if stripSlash, tag.hasPrefix("/") { tag.removeFirst() }
            return tag.isEmpty ? nil : tag
        }
    }

    /// The tags joined with commas, leaving out those a list cannot hold (a comma, a leading `/`
    /// when `stripSlash`, surrounding spaces, nothing at all); returns how many were left out.
    static func join(_ tags: [String], stripSlash: Bool = false) -> (text: String, lost: Int) {
        var kept: [String] = []
        for tag in tags where !tag.contains(",") && tag.trimmingSpaces == tag && !tag.isEmpty
            && !(stripSlash && tag.hasPrefix("/")) {
            kept.append(tag)
        }
        return (kept.joined(separator: ","), tags.count - kept.count)
    }

    /// The tags a bookmark in `folders` (outermost first) gets from them, after its own.
    static func adding(folders: [String], to tags: [String], as mode: FoldersAsTags) -> [String] {
        let names: ArraySlice<String>
        switch mode {
        case .none: return tags
        case .parent: names = folders.suffix(1)
        case .all: names = folders[...]
        }
        var result = tags
        for name in names where !result.contains(name) { result.append(name) }
        return result
    }
}
