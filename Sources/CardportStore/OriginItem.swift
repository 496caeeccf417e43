public import CardportCore
import CardportMachinery

/// One item's identity in the source it came from: what a re-import of that source finds its card by.
///
/// How a source names its items depends on its format (``Scheme``): the native document, JSON
/// Lines, Taskwarrior, Firefox, buku and every e-reader but Kindle give every item an id (a UUID, a
/// bookmark's guid, a Kobo bookmark's id); a Kindle clippings file has none, so a highlight is its
/// book, author, location and creation time; any other format is identified by the card's identity
/// key, so its re-import still merges three ways.
/// Only the 128-bit hash is kept. Ids of the native document and JSON Lines hash alike, so a
/// backup re-imported as either format finds the same cards.
///
/// ```swift
/// let item = OriginItem(record, key: record.identityKey, scheme: OriginItem.Scheme(format: "kindle"))
/// item.book   // a hash of the book and author, for a Kindle highlight
/// ```
public struct OriginItem: Sendable, Hashable {
    /// How a format identifies its items.
    public enum Scheme: String, Sendable, Hashable {
        /// The record's `id`, which the format keeps.
        case ownID = "id"
        /// A Kindle highlight: book, author, location, creation time.
        case kindle
        /// The card's identity key (the format has no identity of its own).
        case content

        /// The scheme of a format, by its id.
        public init(format: String) {
            switch format {
            case "cardport", "jsonl", "taskwarrior", "firefox", "buku": self = .ownID
            // The e-readers' ids come from the device's own (a Kobo BookmarkID, an Apple Books or
            // calibre UUID, KOReader's and Boox's creation time and book), not from the text.
            case "kobo", "koreader", "boox", "calibre", "apple-books": self = .ownID
            case "kindle": self = .kindle
            default: self = .content
            }
        }

        /// Whether a file of `format` lists everything its source holds, so that an item missing from
        /// it was removed there (`import --mirror`).
        public static func listsEverything(format: String) -> Bool {
            ["cardport", "jsonl", "taskwarrior", "firefox", "buku", "kobo", "koreader", "boox", "calibre", "apple-books"]
                .contains(format)
        }
    }

    /// The identity's hash.
    public let high: UInt64
    public let low: UInt64
    /// A hash of a Kindle highlight's book and author; `nil` for other items.
    public let book: Int64?

    /// The identity of `record`, whose identity key is `key`, in a source of `scheme`.
    public init(_ record: CardportCore.Record, key: IdentityKey, scheme: Scheme) {
        var h = StableHash()
        var scheme = scheme
        if scheme == .kindle, record.kind != .citation { scheme = .content }
        switch scheme {
        case .ownID:
            h.combine("id")
            h.combine(record.kind.rawValue)
            h.combine(record.id)
            book = nil
        case .kindle:
            guard case .citation(let c) = record else { preconditionFailure("a Kindle item is a citation") }
            h.combine("kindle")
            h.combine(c.source)
            h.combine(c.author)
            h.combine(c.location?.page)
            h.combine(c.location?.start.map(String.init))
            h.combine(c.location?.end.map(String.init))
            h.combine(c.createdAt?.iso8601)
            book = OriginItem.book(c)
        case .content:
            (high, low, book) = (key.high, key.low, nil)
            return
        }
        (high, low) = h.finalize()
    }

    /// Makes an identity from its stored parts.
    init(high: UInt64, low: UInt64, book: Int64?) {
        self.high = high
        self.low = low
        self.book = book
    }

    /// The hash of a highlight's book and author, as Kindle origins keep it.
    static func book(_ citation: Citation) -> Int64 {
        var b = StableHash()
        b.combine(citation.source.map(TextNormalisation.normalise))
        b.combine(citation.author.map(TextNormalisation.normalise))
        return Int64(bitPattern: b.finalize().0)
    }
}
