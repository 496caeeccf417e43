/// A saved link, or any saved text: a name and what it points to.
public struct Bookmark: Sendable, Hashable, Codable {
    /// The bookmark's id: kept from the source, else derived from the text
    /// (``RecordID/bookmark(text:)``).
    public var id: String
    /// The title shown for the bookmark; `nil` when the source had none.
    public var name: String?
    /// A URL, or any text the user bookmarked.
    public var text: String
    /// Tag names, in order.
    public var tags: [String]
    /// When the bookmark was made, if known.
    public var createdAt: Timestamp?
    /// When it last changed, if known.
    public var updatedAt: Timestamp?
    /// Fields a format carries that the model has no place for (a feed URL, a description).
    public var extras: [String: String]
}

extension Bookmark {
    /// Creates a bookmark; without an `id`, one is derived from `text`.
    public init(id: String? = nil, name: String? = nil, text: String, tags: [String] = [],
                createdAt: Timestamp? = nil, updatedAt: Timestamp? = nil, extras: [String: String] = [:]) {
        // Through the memberwise initialiser, as ``Citation``'s does: field by field, the optimiser
        // copies the finished bookmark once more on the way out.
        self.init(id: id.nonEmpty ?? RecordID.bookmark(text: text), name: name.nonEmpty, text: text, tags: tags,
                  createdAt: createdAt, updatedAt: updatedAt, extras: extras)
    }
}
