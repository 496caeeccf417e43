public import CardportCore

/// A card a full-text search found, with the words that matched marked in an excerpt.
public struct SearchHit: Sendable, Hashable {
    /// The card.
    public var record: CardportCore.Record
    /// An excerpt of the field that matched, each match between ``matchStart`` and ``matchEnd``.
    public var excerpt: String

    /// Marks the start of a match in ``excerpt`` (U+0001, which no card text holds).
    public static let matchStart: Character = "\u{1}"
    /// Marks the end of a match in ``excerpt`` (U+0002).
    public static let matchEnd: Character = "\u{2}"

    /// A hit.
    public init(record: CardportCore.Record, excerpt: String) {
        self.record = record
        self.excerpt = excerpt
    }
}
