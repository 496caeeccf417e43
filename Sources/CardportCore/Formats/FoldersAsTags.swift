/// Which folder names a bookmark read from a folder tree (browser bookmarks, XBEL, OPML) gets as tags.
///
/// A bookmark in `Development ▸ Swift` gets the tags `Development` and `Swift` with ``all``, `Swift`
/// with ``parent``, and none with ``none``; the tags it carries itself are always kept, first.
public enum FoldersAsTags: String, Sendable, Hashable, CaseIterable {
    /// Folder names are not tags.
    case none
    /// The name of the folder the bookmark is directly in.
    case parent
    /// The names of every folder the bookmark is in, outermost first.
    case all
}

extension FoldersAsTags {
    /// A bookmark's `tags` followed by the names of the `folders` it is in (outermost first) that
    /// this choice takes, each name once.
    ///
    /// ```swift
    /// FoldersAsTags.parent.tags(["swift"], inFolders: ["Development", "Swift"])   // ["swift", "Swift"]
    /// ```
    public func tags(_ tags: [String], inFolders folders: [String]) -> [String] {
        let names: ArraySlice<String>
        switch self {
        case .none: return tags
        case .parent: names = folders.suffix(1)
        case .all: names = folders[...]
        }
        var result = tags
        for name in names where !result.contains(name) { result.append(name) }
        return result
    }
}
