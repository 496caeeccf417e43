import CardportCore

/// One todo.txt line taken apart: completion, priority, dates, the text, and the `+project`,
/// `@context` and `key:value` tokens Cardport maps.
///
/// ```swift
/// let line = TodoTxtLine(parsing: Array("(A) 2024-01-02 Call Mum +family @phone due:2024-01-10".utf8))
/// line?.priority   // "A"
/// line?.text       // "Call Mum +family @phone"
/// line?.values     // [("due", "2024-01-10")]
/// ```
///
/// The text keeps `+project` and `@context` words where they are (todo.txt tools read them in
/// place); only `due:`, `uuid:`, `progress:` (open tasks) and `pri:` (done tasks) are taken out,
/// since Cardport holds them elsewhere.
struct TodoTxtLine: Equatable {
    var isDone = false
    /// The priority letter, `A`–`Z`: from `(A)` on an open task, from `pri:A` on a done one.
    var priority: String?
    var completed: Timestamp?
    var created: Timestamp?
    /// The text without the prefix and without the mapped `key:value` tokens.
    var text: String
    /// The `+project` names in the text, in order, each once.
    var projects: [String] = []
    /// The `@context` names in the text, in order, each once.
    var contexts: [String] = []
    /// The mapped `key:value` tokens taken out of the text, in order.
    var values: [(key: String, value: String)] = []

    /// Whether a `key:value` word is taken out of the text: `due:` and `uuid:` always, `progress:` on an open task
    /// (a done one is at 100), `pri:` on a done one (an open one has `(A)`). Others stay where they are.
    static func isMapped(_ key: Substring, isDone: Bool) -> Bool {
        switch key {
        case "due", "uuid": return true
        case "progress": return !isDone
        case "pri": return isDone
        default: return false
        }
    }

    static func == (lhs: TodoTxtLine, rhs: TodoTxtLine) -> Bool {
        lhs.isDone == rhs.isDone && lhs.priority == rhs.priority && lhs.completed == rhs.completed
            && lhs.created == rhs.created && lhs.text == rhs.text && lhs.projects == rhs.projects
            && lhs.contexts == rhs.contexts && lhs.values.elementsEqual(rhs.values) { $0 == $1 }
    }

    init(text: String) {
        self.text = text
    }

    /// Parses a line (no line break); `nil` for a blank one, or one that is not UTF-8.
    init?(parsing line: ArraySlice<UInt8>) {
        var rest = line
        guard rest.contains(where: { $0 != 0x20 && $0 != 0x09 }) else { return nil }
        text = ""
        if rest.starts(with: [0x78, 0x20]) {
            isDone = true
            rest = rest.dropFirst(2)
            if let date = TodoTxtLine.date(at: rest) {
                completed = date
                rest = rest.dropFirst(11)
                if let date = TodoTxtLine.date(at: rest) {
                    created = date
                    rest = rest.dropFirst(11)
                }
            }
        } else {
            if rest.count >= 4, rest[rest.startIndex] == 0x28, (0x41...0x5A).contains(rest[rest.startIndex + 1]),
               rest[rest.startIndex + 2] == 0x29, rest[rest.startIndex + 3] == 0x20 {
                priority = String(UnicodeScalar(rest[rest.startIndex + 1]))
                rest = rest.dropFirst(4)
            }
            if let date = TodoTxtLine.date(at: rest) {
                created = date
                rest = rest.dropFirst(11)
            }
        }
        guard let body = String(validating: rest, as: UTF8.self) else { return nil }
        var kept: [Substring] = []
        for word in body.split(separator: " ", omittingEmptySubsequences: false) {
            if let colon = word.firstIndex(of: ":"), colon != word.startIndex, word.index(after: colon) != word.endIndex {
                let key = word[..<colon]
                if TodoTxtLine.isMapped(key, isDone: isDone) {
                    values.append((String(key), String(word[word.index(after: colon)...])))
                    continue
                }
            }
            kept.append(word)
            if word.count > 1, let first = word.first {
                let name = String(word.dropFirst())
                if first == "+", !projects.contains(name) { projects.append(name) }
                if first == "@", !contexts.contains(name) { contexts.append(name) }
            }
        }
        text = kept.joined(separator: " ")
        if text.allSatisfy(\.isWhitespace) {
            // A line of nothing but mapped tokens: keep them as its text rather than leave it empty.
            text = body
            values = []
        }
        if isDone, let index = values.firstIndex(where: { $0.key == "pri" }) {
            let letter = values[index].value
            if letter.utf8.count == 1, let byte = letter.utf8.first, (0x41...0x5A).contains(byte) { priority = letter }
        }
    }

    /// The `YYYY-MM-DD ` date at the start of `bytes` (followed by a space or the end), or `nil`.
    static func date(at bytes: ArraySlice<UInt8>) -> Timestamp? {
        guard bytes.count >= 11, bytes[bytes.startIndex + 10] == 0x20 else { return nil }
        let start = bytes.startIndex
        var fields: [Int] = []
        var value = 0
        for index in 0..<10 {
            let byte = bytes[start + index]
            if index == 4 || index == 7 {
                guard byte == 0x2D else { return nil }
                fields.append(value)
                value = 0
                continue
            }
            guard (0x30...0x39).contains(byte) else { return nil }
            value = value * 10 + Int(byte - 0x30)
        }
        fields.append(value)
        return Timestamp(year: fields[0], month: fields[1], day: fields[2], isDateOnly: true)
    }

    /// The line as todo.txt writes it.
    var rendered: String {
        var out = ""
        if isDone {
            out += "x "
            if let completed { out += TodoTxtLine.text(completed) + " " }
        } else if let priority {
            out += "(\(priority)) "
        }
        if let created { out += TodoTxtLine.text(created) + " " }
        out += text
        for (key, value) in values { out += " \(key):\(value)" }
        return out
    }

    /// `YYYY-MM-DD` of a timestamp's date as written.
    static func text(_ timestamp: Timestamp) -> String {
        let c = timestamp.components
        func pad(_ value: Int, _ width: Int) -> String {
            let digits = String(value)
            return String(repeating: "0", count: max(0, width - digits.count)) + digits
        }
        return "\(pad(c.year, 4))-\(pad(c.month, 2))-\(pad(c.day, 2))"
    }
}
