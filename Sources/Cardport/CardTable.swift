import CardportCore
import CardportStore

/// A listing as a table for a terminal: one line per card, cut to the width of the screen.
///
/// Columns are the short id, the kind, the title (what takes the room left), the detail (author,
/// URL, progress or status) and the tags; a favourite is marked `★` and an archived card `▫`.
/// With colour on, ids are yellow, details dim and tags cyan, as `git log --oneline` colours.
///
/// ```text
/// ID      KIND      TEXT                                  BY                 TAGS
/// 1174c3  citation  ★ Well begun is half done.            Aristotle
/// ```
public struct CardTable: Sendable {
    /// The width of the screen in characters.
    public var width: Int
    /// Whether to colour the table with ANSI escapes.
    public var colour: Bool

    /// A table for a screen `width` characters wide.
    public init(width: Int, colour: Bool) {
        self.width = width
        self.colour = colour
    }

    /// The table of `entries`, a header line first, every line ending in a newline; nothing for no entries.
    public func render(_ entries: [Listing.Entry]) -> String {
        guard !entries.isEmpty else { return "" }
        let rows = entries.map { entry -> [String] in
            let fields = CardFields(entry.record)
            let marks = (fields.isFavourite ? "★ " : "") + (fields.isArchived ? "▫ " : "")
            return [entry.shortID, fields.kind.rawValue, marks + CardMatch.excerpt(fields.title, width: 10_000),
                    CardMatch.excerpt(fields.detail, width: 10_000), fields.tags.joined(separator: ", ")]
        }
        let header = ["ID", "KIND", "TEXT", "BY", "TAGS"]
        var widths = header.indices.map { column in ([header] + rows).map { $0[column].count }.max() ?? 0 }
        // The title gets what the other columns leave, at least 20; the detail and tags give way first.
        widths[3] = min(widths[3], 24)
        widths[4] = min(widths[4], 20)
        let fixed = widths[0] + widths[1] + widths[3] + widths[4] + 8
        widths[2] = max(20, min(widths[2], width - fixed))
        var lines = [line(header, widths, styles: ["", "", "", "", ""])]
        for row in rows {
            lines.append(line(row, widths, styles: ["33", "", "", "2", "36"]))
        }
        return lines.joined(separator: "\n") + "\n"
    }

    private func line(_ cells: [String], _ widths: [Int], styles: [String]) -> String {
        var parts: [String] = []
        for (index, cell) in cells.enumerated() {
            let cut = CardMatch.excerpt(cell, width: widths[index])
            let last = index == cells.count - 1
            let padded = last ? cut : cut + String(repeating: " ", count: widths[index] - cut.count)
            parts.append(colour && !styles[index].isEmpty && !cut.isEmpty ? "\u{1B}[\(styles[index])m\(padded)\u{1B}[0m" : padded)
        }
        var text = parts.joined(separator: "  ")
        while text.hasSuffix(" ") { text.removeLast() }
        return text
    }
}
