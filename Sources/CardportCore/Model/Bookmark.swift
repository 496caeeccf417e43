/// A saved link, or any saved text: a name and what it points to.
public struct Bookmark: Sendable, Hashable, Codable {
    /// The bookmark's id: kept from the source, else derived from the text
    /// (``RecordID/bookmark(text:)``).
    public var id: String
    /// The title shown for the bookmark; `nil` when the source had none.
    public var name: String?
    /// A URL, or any text the user bookmarked.
    public var text: String
    public var tags: [String]
    public var createdAt: Timestamp?
    public var updatedAt: Timestamp?
    /// Fields a format carries that the model has no place for (a feed URL, a description).
    public var extras: [String: String]

    public init(id: String? = nil, name: String? = nil, text: String, tags: [String] = [],
                createdAt: Timestamp? = nil, updatedAt: Timestamp? = nil, extras: [String: String] = [:]) {
        self.id = id.nonEmpty ?? RecordID.bookmark(text: text)
        self.name = name.nonEmpty
        self.text = text
        self.tags = tags
        self.createdAt = createdAt
        self.updatedAt = updatedAt
        self.extras = extras
    }
}
