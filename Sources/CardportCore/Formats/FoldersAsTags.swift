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
