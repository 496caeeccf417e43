/// Where a citation sits in its source: a page (or page range) and an ebook location range.
///
/// Pages are text because books number them `xii`, `12` or `12-13`; Kindle locations are numbers.
/// The text form, used by formats with a single location column, is `page 12, location 123-125`:
///
/// ```swift
/// CitationLocation(page: "12", start: 123, end: 125).description   // "page 12, location 123-125"
/// CitationLocation(parsing: "location 88")                          // start 88, end 88
/// ```
public struct CitationLocation: Sendable, Hashable, Codable, CustomStringConvertible {
    /// The page or page range as printed (`12`, `xii`, `12-13`).
    public var page: String?
    /// First ebook location of the passage.
    public var start: Int?
    /// Last ebook location of the passage; equal to `start` for a single location.
    public var end: Int?

    /// Creates a location; `end` defaults to `start`, is dropped without a `start`, and is never
    /// before `start`, so every location has a text form that reads back the same.
    public init(page: String? = nil, start: Int? = nil, end: Int? = nil) {
        self.page = page.nonEmpty
        self.start = start
        self.end = start.map { Swift.max(end ?? $0, $0) }
    }

    /// Whether neither a page nor a location is known.
    public var isEmpty: Bool { page == nil && start == nil }

    public var description: String {
        var parts: [String] = []
        if let page { parts.append("page \(page)") }
        if let start {
            if let end, end != start { parts.append("location \(start)-\(end)") } else { parts.append("location \(start)") }
        }
        return parts.joined(separator: ", ")
    }

    /// Parses the text form written by ``description``; returns `nil` for anything else.
    public init?(parsing text: String) {
        var page: String?
        var start: Int?
        var end: Int?
        for part in text.split(separator: ",") {
            let words = part.split(separator: " ", maxSplits: 1)
            guard words.count == 2 else { return nil }
            switch words[0].lowercased() {
            case "page":
                guard page == nil else { return nil }
                page = String(words[1])
            case "location":
                guard start == nil else { return nil }
                let bounds = words[1].split(separator: "-", omittingEmptySubsequences: false)
                guard (1...2).contains(bounds.count), let first = Int(bounds[0]) else { return nil }
                start = first
                if bounds.count == 2 {
                    guard let last = Int(bounds[1]), last >= first else { return nil }
                    end = last
                }
            default:
                return nil
            }
        }
        guard page != nil || start != nil else { return nil }
        self.init(page: page, start: start, end: end)
    }
}
