public import CardportCore
public import CardportStore
import Foundation

/// Lists, renames, recolours and deletes the store's tags; every change to a card's tags is a
/// store edit, in one transaction.
///
/// ```swift
/// let file = StoreFile(path: "cards.sqlite")
/// let tags = try Tagging(opening: file, for: .reading).list()
/// try Tagging(opening: file, for: .editing).rename("stoic", to: "stoicism")
/// ```
public struct Tagging: Sendable {
    /// The store to read or change.
    public let store: Store

    /// Creates a tagging of `store`.
    public init(store: Store) {
        self.store = store
    }

    /// Opens the store in `file`: ``StoreFile/Access/reading`` to list, ``StoreFile/Access/editing``
    /// to change a tag.
    public init(opening file: StoreFile, for access: StoreFile.Access) throws(CardportError) {
        self.init(store: try file.open(access))
    }

    /// Every tag with its colour and how many cards carry it, by name.
    public func list() throws(CardportError) -> [TagUsage] {
        try store.read { (reader) in try reader.tagUsage() }
    }

    /// Renames `name` to `newName` on every card; returns how many cards changed.
    public func rename(_ name: String, to newName: String, now: Timestamp? = nil) throws(CardportError) -> Int {
        guard !newName.trimmingCharacters(in: .whitespaces).isEmpty else {
            throw CardportError(.usage, "a tag needs a name")
        }
        return try store.write { (transaction) in try transaction.renameTag(name, to: newName, now: now ?? Timestamp(Date())) }
    }

    /// Sets the colour of `name` from a palette name or `#RRGGBB`; `none` clears it.
    public func recolour(_ name: String, _ colour: String) throws(CardportError) {
        let parsed = colour.lowercased() == "none" ? nil : try TagColour(parsing: colour)
        try store.write { (transaction) in try transaction.setTagColour(name, parsed) }
    }

    /// Removes `name` from every card and deletes it; returns how many cards changed.
    public func delete(_ name: String, now: Timestamp? = nil) throws(CardportError) -> Int {
        try store.write { (transaction) in try transaction.deleteTag(name, now: now ?? Timestamp(Date())) }
    }

    /// The tags as a table: name, colour (a swatch before it when `colour` is on) and card count.
    public static func table(_ tags: [TagUsage], colour: Bool) -> String {
        guard !tags.isEmpty else { return "" }
        let nameWidth = max(3, tags.map(\.name.count).max() ?? 0)
        let colourWidth = max(6, tags.map { ($0.colour?.description ?? "").count }.max() ?? 0) + (colour ? 2 : 0)
        func padded(_ text: String, _ width: Int) -> String { text + String(repeating: " ", count: max(0, width - text.count)) }
        var lines = [padded("TAG", nameWidth) + "  " + padded("COLOUR", colourWidth) + "  CARDS"]
        for tag in tags {
            var swatch = tag.colour?.description ?? ""
            var width = colourWidth
            if colour, let value = tag.colour {
                swatch = "\u{1B}[38;2;\(value.ansiRGB)m●\u{1B}[0m " + swatch
                width += "\u{1B}[38;2;\(value.ansiRGB)m\u{1B}[0m".count
            }
            lines.append(padded(tag.name, nameWidth) + "  " + padded(swatch, width) + "  " + String(tag.cards))
        }
        return lines.joined(separator: "\n") + "\n"
    }
}

extension TagColour {
    /// The colour as `R;G;B` for a 24-bit ANSI escape; palette names take the apps' system colours.
    var ansiRGB: String {
        switch self {
        case .rgb(let r, let g, let b): return "\(r);\(g);\(b)"
        case .named(let name):
            switch name {
            case .red: return "255;59;48"
            case .orange: return "255;149;0"
            case .yellow: return "255;204;0"
            case .green: return "52;199;89"
            case .mint: return "0;199;190"
            case .teal: return "48;176;199"
            case .blue: return "0;122;255"
            case .indigo: return "88;86;214"
            case .purple: return "175;82;222"
            case .pink: return "255;45;85"
            }
        }
    }
}
