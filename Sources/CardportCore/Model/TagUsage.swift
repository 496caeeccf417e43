
/// A tag and how many cards carry it: a line of `cardport tag`.
public struct TagUsage: Sendable, Hashable, Encodable {
    /// The tag's name as first written.
    public var name: String
    /// Its colour, if it has one.
    public var colour: TagColour?
    /// Citations and bookmarks with the tag (archived citations included).
    public var cards: Int

    /// A line of the listing.
    public init(name: String, colour: TagColour?, cards: Int) {
        self.name = name
        self.colour = colour
        self.cards = cards
    }
}
