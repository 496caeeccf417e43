public import CardportCore
public import CardportStore
import Foundation

/// Full-text search of the store: the cards whose words hold every word typed, best first, each
/// with its short id and the matching words marked.
///
/// ```swift
/// let results = try Searching(opening: StoreFile(path: "cards.sqlite")).run("left hand", filter: CardFilter())
/// results.first?.excerpt   // "Light is the \u{1}left\u{2} \u{1}hand\u{2} of darkness…"
/// ```
public struct Searching: Sendable {
    /// One card found.
    public struct Result: Sendable, Hashable {
        /// The card and its short id.
        public var entry: Listing.Entry
        /// The excerpt that matched, matches between ``SearchHit/matchStart`` and ``SearchHit/matchEnd``.
        public var excerpt: String
    }

    /// The store to search.
    public let store: Store

    /// Creates a search of `store`.
    public init(store: Store) {
        self.store = store
    }

    /// Opens the store in `file` to read it (``StoreFile/Access/reading``).
    public init(opening file: StoreFile) throws(CardportError) {
        self.init(store: try file.open(.reading))
    }

    /// The cards `filter` selects whose words hold every word of `text`, at most `limit`, best first.
    public func run(_ text: String, filter: CardFilter, limit: Int = 50) throws(CardportError) -> [Result] {
        try store.catchUpSearch()
        return try store.read { (reader) in
            let hits = try reader.search(text, filter: filter, limit: limit)
            let short = try reader.shortIDs(hits.map(\.record.id))
            return hits.map {
                Result(entry: Listing.Entry(record: $0.record, shortID: short[$0.record.id] ?? $0.record.id), excerpt: $0.excerpt)
            }
        }
    }

    /// `excerpt` with its matches marked for a person: bold yellow with `colour`, else `*between stars*`.
    public static func marked(_ excerpt: String, colour: Bool) -> String {
        var text = ""
        for character in excerpt {
            switch character {
            case SearchHit.matchStart: text += colour ? "\u{1B}[1;33m" : "*"
            case SearchHit.matchEnd: text += colour ? "\u{1B}[0m" : "*"
            default: text.append(character == "\n" ? " " : character)
            }
        }
        return text
    }

    /// The results as lines for a terminal: short id, kind, the marked excerpt.
    public static func render(_ results: [Result], colour: Bool) -> String {
        guard !results.isEmpty else { return "" }
        let idWidth = results.map(\.entry.shortID.count).max() ?? 6
        let kindWidth = results.map(\.entry.record.kind.rawValue.count).max() ?? 8
        return results.map { result in
            let id = result.entry.shortID.padding(toLength: idWidth, withPad: " ", startingAt: 0)
            let kind = result.entry.record.kind.rawValue.padding(toLength: kindWidth, withPad: " ", startingAt: 0)
            return (colour ? "\u{1B}[33m\(id)\u{1B}[0m" : id) + "  " + kind + "  " + marked(result.excerpt, colour: colour)
        }.joined(separator: "\n") + "\n"
    }
}
