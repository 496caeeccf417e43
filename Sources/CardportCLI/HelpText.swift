/// Help text as the argument parser should wrap it.
///
/// The parser wraps each line of a discussion to the terminal's width but keeps the line breaks
/// written in the source, so a paragraph broken at 100 columns comes out ragged at 80. Paragraph
/// lines are joined here and the parser wraps them evenly; indented lines (examples, tables) and
/// bullets (`- `) keep their breaks.
enum HelpText {
    /// `text` with the lines of each plain paragraph joined by spaces.
    static func reflowed(_ text: String) -> String {
        var lines: [String] = []
        for line in text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
            if let previous = lines.last, !previous.isEmpty, !previous.hasPrefix(" "), !previous.hasSuffix(":"),
               !line.isEmpty, !line.hasPrefix(" "), !line.hasPrefix("- ") {
                lines[lines.count - 1] = previous + " " + line
            } else {
                lines.append(line)
            }
        }
        return lines.joined(separator: "\n")
    }
}
