import CardportCore

/// Comma-separated tag lists, as Firefox and buku keep a bookmark's tags, and folder names as tags.
enum BookmarkTagList {
    /// The tags of `"a,b, c"`: split at commas, trimmed, empty ones left out.
    static func split(_ text: String) -> [String] {
        text.split(separator: ",", omittingEmptySubsequences: true).map { $0.trimmingSpaces() }.filter { !$0.isEmpty }
    }

    /// Whether `tag` survives a comma-separated list: not empty, no comma, no spaces at either end.
    static func canHold(_ tag: String) -> Bool {
        !tag.isEmpty && !tag.contains(",") && tag.trimmingSpaces() == tag
    }

    /// `tags` with the folder names `as` asks for added after them, each name once.
    static func adding(folders: [String], to tags: [String], as which: FoldersAsTags) -> [String] {
        let names: ArraySlice<String>
        switch which {
        case .none: return tags
        case .parent: names = folders.suffix(1)
        case .all: names = folders[...]
        }
        var result = tags
        for name in names where !name.isEmpty && !result.contains(name) { result.append(name) }
        return result
    }
}
