public import CardportCore
import CardportMachinery

/// One entry of a "My Clippings.txt" file, as the device wrote it.
///
/// ```swift
/// let entries = try KindleParser.parse(bytes, name: "My Clippings.txt").clippings
/// entries[0].kind       // .highlight
/// entries[0].location   // page 12, location 123-125
/// ```
public struct KindleClipping: Sendable, Hashable {
    /// What the reader did: highlighted a passage, wrote a note, set a bookmark, or clipped an article.
    public enum Kind: String, Sendable, Hashable, CaseIterable {
        case highlight, note, bookmark, article

        /// The kind's place in `allCases`, for counting without a dictionary.
        var position: Int {
            switch self {
            case .highlight: return 0
            case .note: return 1
            case .bookmark: return 2
            case .article: return 3
            }
        }
    }

    /// The entry's kind, from the metadata line's wording in any device language.
    public var kind: Kind
    /// The book, as the title line names it (without the author and any byte-order marks).
    public var book: KindleBook
    /// Page and location, when the metadata line gives them.
    public var location: CitationLocation
    /// When the entry was added, as a wall-clock time of unknown zone; `nil` when the date could not be read.
    public var added: Timestamp?
    /// The date as written (`Added on Monday, …`), kept when it could not be read; empty otherwise.
    public var addedText: String
    /// The highlighted passage or the note, with line breaks as `\n` and the edges trimmed.
    public var text: String { didSet { textHash = RecordID.citationHash(text: text) } }
    /// Whether the text was cut short by the publisher's clipping limit (the marker is removed from ``text``).
    public var isTruncated: Bool
    /// The metadata line as written, when the reader could not fully understand it: the entry then
    /// keeps its text as a citation of its own, with no location, and takes no part in the replay.
    public var metadataLine: String?
    /// The 1-based line of the entry's title line in the file.
    public var line: Int
    /// The entry's position among the file's entries, from 0.
    public var index: Int
    /// The text taken into a citation id's hasher: hashed once, it gives both the digest that
    /// finds repeated texts and, with the book, the citation's id.
    private(set) var textHash: StableHash
    /// The number of the entry's title line among the file's distinct title lines (in order of first
    /// appearance), when a parser set it: entries with the same number are of the same book, which
    /// lets them be sorted by book without comparing titles. `-1` when unknown.
    var titleNumber: Int32 = -1

    /// Creates an entry; the parser makes these, tests and other tools may too.
    public init(kind: Kind, book: KindleBook, location: CitationLocation = CitationLocation(),
                added: Timestamp? = nil, addedText: String = "", text: String, isTruncated: Bool = false,
                line: Int = 1, index: Int = 0) {
        self.kind = kind
        self.book = book
        self.location = location
        self.added = added
        self.addedText = addedText
        self.text = text
        textHash = RecordID.citationHash(text: text)
        self.isTruncated = isTruncated
        self.line = line
        self.index = index
    }
}
