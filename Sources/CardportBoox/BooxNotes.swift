import CardportCore
import Foundation

/// One Boox "Reading Notes" export parsed: the book and its entries, in file order.
///
/// The layout is recognised by its structure, not its words, so every interface language reads:
///
/// - a header line `Reading Notes | <<Title>>Author` (the words before `|` are localised:
///   `Заметки при чтении`, `Notizen lesen`, `阅读笔记`; the `|` may have no-break spaces around it);
/// - entries ending at a line of dashes (`-------------------`);
/// - the current layout: optional chapter lines, a line `2023-04-03 00:41  |  Page No.: 6` (any
///   label before the page number), the highlighted text, and the note after a `【Note】` label
///   (`【Заметка】`, `【Notiz】`, `【笔记】`, …);
/// - the older layout: the authors on the line after the header, then per entry an optional
///   chapter line, `Time：2022-03-07 01:11` (any label), and three bracketed fields in this order,
///   whatever their labels say: the text (`【Original Text】`), the note (`【Annotations】`) and the
///   page (`【Page Number】`).
struct BooxNotes {
    var title: String?
    var author: String?
    var entries: [Entry] = []

    struct Entry {
        var chapter: String?
        /// The date as written (`2023-04-03 00:41`) and the line it is on.
        var date: String?
        var page: String?
        var text: String
        var note: String?
        /// The 1-based line the entry starts on.
        var line: Int
    }

    /// The labels the current layout puts before a note, in the languages Boox ships.
    static let noteLabels: Set<String> = [
        "Note", "Notes", "Annotation", "Заметка", "Примечание", "Аннотация", "Notiz", "Anmerkung", "Anmerkungen",
        "Nota", "Remarque", "笔记", "筆記", "注释", "註釋", "批注", "批註", "想法", "メモ", "메모",
    ]

    /// Parses the text of an export; `problems` gets the entries that could not be read.
    static func parse(_ text: String, problem: (Int, String) -> Void) -> BooxNotes {
        var lines = text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" })
            .map { String($0).trimmingTrailing("\r") }
        if lines.last == "" { lines.removeLast() }
        var notes = BooxNotes()
        guard let header = lines.first, let (title, author) = BooxNotes.header(header) else { return notes }
        notes.title = title
        notes.author = author
        // Blocks of lines between separators; the first begins after the header.
        var blocks: [(start: Int, lines: [String])] = []
        var current: [String] = []
        var start = 2
        for (index, line) in lines.enumerated().dropFirst() {
            if BooxNotes.isSeparator(line) {
                blocks.append((start, current))
                current = []
                start = index + 2
            } else {
                current.append(line)
            }
        }
        if current.contains(where: { !$0.trimmingSpaces.isEmpty }) { blocks.append((start, current)) }
        for (number, block) in blocks.enumerated() {
            var body = block.lines
            var first = block.start
            if number == 0, notes.author == nil, let line = body.first, BooxNotes.date(in: line) == nil,
               !line.trimmingSpaces.isEmpty, body.count > 1 {
                // The older layout's authors line, under the header.
                notes.author = line.trimmingSpaces
                body.removeFirst()
                first += 1
            }
            if let entry = BooxNotes.entry(body, line: first) {
                notes.entries.append(entry)
            } else if body.contains(where: { !$0.trimmingSpaces.isEmpty }) {
                problem(first, "this entry has no date line (like '2023-04-03 00:41  |  Page No.: 6' or 'Time：2022-03-07 01:11'), so it was skipped")
            }
        }
        if let title = notes.title { notes.title = BooxNotes.cleanTitle(title, author: notes.author) }
        return notes
    }

    /// The title and author of a header line: `<words> | <<Title>>Author`.
    static func header(_ line: String) -> (String, String?)? {
        guard let bar = line.firstIndex(of: "|"), let open = line.range(of: "<<"), open.lowerBound > bar,
              let close = line.range(of: ">>", options: .backwards), close.lowerBound >= open.upperBound else { return nil }
        let title = String(line[open.upperBound..<close.lowerBound]).trimmingSpaces
        let author = String(line[close.upperBound...]).trimmingSpaces
        return (title, author.isEmpty ? nil : author)
    }

    /// An older export's title carries the authors and a number: `Book - A & B (952)` → `Book`.
    static func cleanTitle(_ title: String, author: String?) -> String {
        var cleaned = title
        if cleaned.hasSuffix(")"), let open = cleaned.lastIndex(of: "("),
           cleaned[cleaned.index(after: open)..<cleaned.index(before: cleaned.endIndex)].allSatisfy(\.isNumber),
           cleaned.index(after: open) < cleaned.index(before: cleaned.endIndex) {
            cleaned = String(cleaned[..<open]).trimmingSpaces
        }
        if let author, let dash = cleaned.range(of: " - ", options: .backwards) {
            let tail = cleaned[dash.upperBound...]
            let names = author.split(whereSeparator: { $0 == ";" || $0 == "&" || $0 == "," }).map { $0.trimmingSpaces }
            if let first = names.first, let last = first.split(separator: " ").last, tail.contains(last) {
                cleaned = String(cleaned[..<dash.lowerBound]).trimmingSpaces
            }
        }
        return cleaned.isEmpty ? title : cleaned
    }

    static func isSeparator(_ line: String) -> Bool {
        let trimmed = line.trimmingSpaces
        return trimmed.count >= 10 && trimmed.allSatisfy { $0 == "-" }
    }

    /// The `YYYY-MM-DD HH:MM` in a line, with where it ends.
    static func date(in line: String) -> (text: String, end: String.Index)? {
        let characters = Array(line)
        guard characters.count >= 16 else { return nil }
        for start in 0...(characters.count - 16) {
            let slice = characters[start..<start + 16]
            let shape = "dddd-dd-dd dd:dd"
            let matches = zip(slice, shape).allSatisfy { char, pattern in
                pattern == "d" ? char.isASCII && char.isNumber : char == pattern
            }
            if matches {
                var end = start + 16
                // Seconds, when written.
                if end + 3 <= characters.count, characters[end] == ":", characters[end + 1].isNumber, characters[end + 2].isNumber {
                    end += 3
                }
                return (String(characters[start..<end]), line.index(line.startIndex, offsetBy: end))
            }
        }
        return nil
    }

    /// A bracketed label at the start of a line: `【Note】text` → ("Note", "text").
    static func label(_ line: String) -> (String, String)? {
        guard line.hasPrefix("【"), let close = line.firstIndex(of: "】") else { return nil }
        let name = String(line[line.index(after: line.startIndex)..<close])
        guard name.count <= 24 else { return nil }
        return (name.trimmingSpaces, String(line[line.index(after: close)...]))
    }

    /// One entry's lines, in either layout; `nil` when there is no date line.
    static func entry(_ lines: [String], line: Int) -> Entry? {
        guard let dateIndex = lines.firstIndex(where: { date(in: $0) != nil }), let found = date(in: lines[dateIndex]) else {
            return nil
        }
        let chapterLines = lines[..<dateIndex].map(\.trimmingSpaces).filter { !$0.isEmpty }
        let chapter = chapterLines.isEmpty ? nil : chapterLines.joined(separator: " / ")
        let dateLine = lines[dateIndex]
        let rest = Array(lines[(dateIndex + 1)...])
        let fieldStarts = rest.indices.filter { label(rest[$0]) != nil }
        // The older layout: bracketed fields for text, note and page.
        if let firstField = fieldStarts.first, firstField == 0 || rest[..<firstField].allSatisfy({ $0.trimmingSpaces.isEmpty }) {
            func field(_ from: Int, _ to: Int) -> String {
                var parts = [label(rest[from])!.1]
                parts += rest[(from + 1)..<to]
                return parts.joined(separator: "\n")
            }
            var starts = fieldStarts
            var page: String?
            if starts.count >= 2, let last = starts.last {
                let value = field(last, rest.count).trimmingSpacesAndNewlines
                if !value.isEmpty, value.allSatisfy({ $0.isNumber || $0 == "-" }) || value.isEmpty {
                    page = value
                    starts.removeLast()
                }
            }
            var note: String?
            if starts.count >= 2 {
                let last = starts.removeLast()
                note = field(last, page == nil ? rest.count : fieldStarts.last!).trimmingSpacesAndNewlines
            }
            let textEnd = starts.count < fieldStarts.count ? fieldStarts[starts.count] : rest.count
            // Any further bracketed lines belong to the text (a book's own 【…】 at a line start).
            let text = field(starts[0], textEnd).trimmingSpacesAndNewlines
            return Entry(chapter: chapter, date: found.text, page: page, text: text,
                         note: note.flatMap { $0.isEmpty ? nil : $0 }, line: line)
        }
        // The current layout: the page after the date, the text, then a labelled note.
        var page: String?
        let afterDate = dateLine[found.end...]
        if let digitsEnd = afterDate.lastIndex(where: \.isNumber) {
            var digitsStart = digitsEnd
            while digitsStart > afterDate.startIndex, afterDate[afterDate.index(before: digitsStart)].isNumber {
                digitsStart = afterDate.index(before: digitsStart)
            }
            page = String(afterDate[digitsStart...digitsEnd])
        }
        let noteStart = rest.firstIndex { line in label(line).map { noteLabels.contains($0.0) } ?? false }
        let textLines = rest[..<(noteStart ?? rest.count)]
        var note: String?
        if let noteStart {
            note = ([label(rest[noteStart])!.1] + rest[(noteStart + 1)...]).joined(separator: "\n").trimmingSpacesAndNewlines
        }
        return Entry(chapter: chapter, date: found.text, page: page,
                     text: textLines.joined(separator: "\n").trimmingSpacesAndNewlines,
                     note: note.flatMap { $0.isEmpty ? nil : $0 }, line: line)
    }
}

extension String {
    /// Without the trailing `suffix`, when it has one.
    func trimmingTrailing(_ suffix: String) -> String {
        hasSuffix(suffix) ? String(dropLast(suffix.count)) : self
    }
}

extension StringProtocol {
    /// Without spaces, tabs and no-break spaces at either end.
    var trimmingSpaces: String {
        var slice = Substring(self)
        while let first = slice.first, first == " " || first == "\t" || first == "\u{A0}" { slice.removeFirst() }
        while let last = slice.last, last == " " || last == "\t" || last == "\u{A0}" { slice.removeLast() }
        return String(slice)
    }

    /// Without white space at either end.
    var trimmingSpacesAndNewlines: String {
        var slice = Substring(self)
        while let first = slice.first, first.isWhitespace { slice.removeFirst() }
        while let last = slice.last, last.isWhitespace { slice.removeLast() }
        return String(slice)
    }
}
