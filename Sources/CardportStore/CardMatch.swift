public import CardportCore

/// A card an id or id prefix names: its kind, its whole id and what it says, to list candidates.
public struct CardMatch: Sendable, Hashable {
    /// The card's kind.
    public var kind: RecordKind
    /// The card's whole id.
    public var id: String
    /// The card's text, title or description, for a person to tell candidates apart.
    public var label: String

    /// A match.
    public init(kind: RecordKind, id: String, label: String) {
        self.kind = kind
        self.id = id
        self.label = label
    }
}

extension CardMatch {
    /// `text` on one line, cut to `width` characters with an ellipsis.
    public static func excerpt(_ text: String, width: Int) -> String {
        let line = text.split(whereSeparator: \.isNewline).joined(separator: " ")
        guard line.count > width else { return line }
        return String(line.prefix(Swift.max(1, width - 1))) + "…"
    }
}
