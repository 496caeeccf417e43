/// A quote or ebook highlight, with where it came from and how its owner filed it.
///
/// ```swift
/// let c = Citation(text: "Well begun is half done.", author: "Aristotle", tags: ["wisdom"])
/// c.id   // a stable id derived from the text, author and source
/// ```
///
/// Empty strings for the optional fields are read as absent by every format, so a format that has
/// no notion of "no author" and one that writes `""` convert to the same citation.
public struct Citation: Sendable, Hashable, Codable {
    /// The card's id: kept from the source when it has one, else derived from the content
    /// (``RecordID/citation(text:author:source:)``), so the same input always gets the same id.
    public var id: String
    /// The quoted text, exactly as written (line breaks and surrounding spaces included).
    public var text: String
    /// Who said or wrote it.
    public var author: String?
    /// The book, article, speech or site the quote is from.
    public var source: String?
    /// Tag names, in the order the source gave them.
    public var tags: [String]
    /// Whether the owner marked it as a favourite.
    public var isFavourite: Bool
    /// Archived citations are hidden in the app but never deleted.
    public var isArchived: Bool
    /// When the card was made, if known.
    public var createdAt: Timestamp?
    /// When it last changed, if known.
    public var updatedAt: Timestamp?
    /// The reader's own note on the quote (a Kindle note attached to a highlight, say).
    public var note: String?
    /// Where in the source the quote is (page, Kindle location range).
    public var location: CitationLocation?
    /// The chapter of the book the highlight is in, as the reader named it.
    public var chapter: String?
    /// The highlight's colour (`yellow`, `blue`), or its style where the reader marks a passage
    /// another way (`underline`, `strikeout`).
    public var colour: String?
    /// A position the source itself can find again, in its own notation: a KOReader XPointer, an
    /// EPUB CFI, a Kobo container path and offset. (A Kindle location range is ``location``.)
    public var position: String?
    /// The source's own id of the highlight (a Kobo bookmark id, a calibre uuid), when it has one.
    public var sourceID: String?
    /// Fields a format carries that the model has no place for, kept so they survive a round trip.
    public var extras: [String: String]
}

extension Citation {
    /// Creates a citation; empty optional strings become `nil`, and without an `id` one is derived from the content.
    public init(id: String? = nil, text: String, author: String? = nil, source: String? = nil,
                tags: [String] = [], isFavourite: Bool = false, isArchived: Bool = false,
                createdAt: Timestamp? = nil, updatedAt: Timestamp? = nil, note: String? = nil,
                location: CitationLocation? = nil, chapter: String? = nil, colour: String? = nil,
                position: String? = nil, sourceID: String? = nil, extras: [String: String] = [:]) {
        let author = author.nonEmpty
        let source = source.nonEmpty
        // Through the memberwise initialiser (which an initialiser in an extension leaves in
        // place): assigning the fields one by one here made the optimiser copy the whole citation
        // once more on the way out, a retain and a release of each of its strings per citation read.
        self.init(id: id.nonEmpty ?? RecordID.citation(text: text, author: author, source: source),
                  text: text, author: author, source: source, tags: tags, isFavourite: isFavourite,
                  isArchived: isArchived, createdAt: createdAt, updatedAt: updatedAt, note: note.nonEmpty,
                  location: location, chapter: chapter.nonEmpty, colour: colour.nonEmpty, position: position.nonEmpty,
                  sourceID: sourceID.nonEmpty, extras: extras)
    }
}
