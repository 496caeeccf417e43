extension CardportError {
    /// The error as a compiler-style diagnostic: `file:line:col: error: message`, then the offending
    /// line with a caret under the column, then the hint.
    ///
    /// Long lines are cut to a window around the column so the caret stays on screen. With `colour`,
    /// ANSI escapes make `error:` red and the caret green (callers honour `NO_COLOR`). As a warning
    /// (input that was read anyway, or skipped without failing) it says `warning:`, in magenta.
    public func rendered(colour: Bool, asWarning: Bool = false) -> String {
        let bold = colour ? "\u{1B}[1m" : ""
        let red = colour ? (asWarning ? "\u{1B}[1;35m" : "\u{1B}[1;31m") : ""
        let green = colour ? "\u{1B}[1;32m" : ""
        let reset = colour ? "\u{1B}[0m" : ""
        var out = ""
        if let location {
            out += "\(bold)\(location):\(reset) "
        }
        out += "\(red)\(asWarning ? "warning" : "error"):\(reset) \(bold)\(message)\(reset)\n"
        if let location, let sourceLine {
            let (shown, caretColumn) = CardportError.window(of: sourceLine, column: location.column)
            let gutter = String(location.line)
            out += "    \(gutter) | \(shown)\n"
            out += "    \(String(repeating: " ", count: gutter.count)) | "
            out += String(repeating: " ", count: max(0, caretColumn - 1)) + "\(green)^\(reset)\n"
        }
        if let hint {
            out += "  hint: \(hint)\n"
        }
        return out
    }

    /// A printable slice of a line (tabs shown as one space, control characters as `?`) and the
    /// caret's column within it.
    static func window(of line: String, column: Int, width: Int = 100) -> (String, Int) {
        var scalars = Array(line.unicodeScalars)
        if let last = scalars.last, last == "\r" { scalars.removeLast() }
        let printable = scalars.map { scalar -> Unicode.Scalar in
            if scalar == "\t" { return " " }
            if scalar.value < 0x20 || scalar.value == 0x7F { return "?" }
            return scalar
        }
        var start = 0
        var caret = column
        var prefix = ""
        if printable.count > width, column > width / 2 {
            start = min(column - width / 2, max(0, printable.count - width))
            prefix = "…"
            caret = column - start + 1
        }
        let end = min(printable.count, start + width)
        var text = prefix
        text.unicodeScalars.append(contentsOf: printable[min(start, end)..<end])
        if end < printable.count { text += "…" }
        return (text, caret)
    }
}
