import CardportCore

/// Comma-separated tag lists, as Firefox and buku keep a bookmark's tags.
enum BookmarkTagList {
    /// The tags of `"a,b, c"`: split at commas, trimmed, empty ones left out.
    static func split(_ text: String) -> [String] {
        text.split(separator: ",", omittingEmptySubsequences: true).map { $0.trimmingSpaces() }.filter { !$0.isEmpty }
    }

    /// Whether `tag` survives a comma-separated list: not empty, no comma, no spaces at either end.
    static func canHold(_ tag: String) -> Bool {
        !tag.isEmpty && !tag.contains(",") && tag.trimmingSpaces() == tag
    }
}
