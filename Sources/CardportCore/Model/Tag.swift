/// A tag the citation app shows with a colour.
///
/// Citations refer to tags by name (``Citation/tags``); a `Tag` record carries what the app knows
/// about the tag itself.
public struct Tag: Sendable, Hashable, Codable {
    /// The tag as citations and bookmarks name it.
    public var name: String
    /// The tag's colour; `nil` when the source did not give one (the app then picks its default).
    public var colour: TagColour?

    /// Creates a tag.
    public init(name: String, colour: TagColour? = nil) {
        self.name = name
        self.colour = colour
    }
}
