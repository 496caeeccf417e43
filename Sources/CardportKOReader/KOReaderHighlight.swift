import CardportCore

/// One highlight or note as KOReader keeps it, whichever layout or file it came from.
struct KOReaderHighlight {
    /// The highlighted text.
    var text: String
    /// The reader's own note, when there is one (never KOReader's generated `Page N … @ date` line).
    var note: String?
    var chapter: String?
    /// When it was made, as KOReader writes it: `2023-12-20 20:59:31`, local time.
    var datetime: String?
    /// When it was last edited, in the same form.
    var datetimeUpdated: String?
    /// When it was made, for the JSON export's Unix times.
    var time: Timestamp?
    /// The style: `lighten`, `underscore`, `strikeout`, `invert`.
    var drawer: String?
    var color: String?
    /// The page as the book numbers it (`pageref`), else KOReader's page count (`pageno`).
    var page: String?
    /// Where it starts and ends: an XPointer in a reflowable book, a page and point in a PDF.
    var start: String?
    var end: String?
    /// Whether this entry is a note on a page bookmark rather than on a highlight.
    var isBookmarkNote = false
}

/// A book's title, authors and the key that names it across files.
struct KOReaderBookInfo {
    var title: String?
    var author: String?
    /// KOReader's own id of the book where the file has one (its partial MD5), else its path or title.
    var key: String
}

extension KOReaderHighlight {
    /// The citation this highlight becomes, with an id from `sourceID` (stable across re-imports).
    func citation(book: KOReaderBookInfo, sourceID: String) -> Citation {
        var extras: [String: String] = [:]
        if let drawer, !drawer.isEmpty { extras[KOReaderFormat.ExtrasKey.style] = drawer }
        if let end, !end.isEmpty, end != start { extras[KOReaderFormat.ExtrasKey.positionEnd] = end }
        if isBookmarkNote { extras[KOReaderFormat.ExtrasKey.type] = "note" }
        let created = time ?? datetime.flatMap(KOReaderHighlight.timestamp)
        if created == nil, let datetime, !datetime.isEmpty { extras[KOReaderFormat.ExtrasKey.date] = datetime }
        let updated = datetimeUpdated.flatMap(KOReaderHighlight.timestamp)
        return Citation(id: RecordID.foreign(namespace: "koreader", id: sourceID), text: text, author: book.author,
                        source: book.title, createdAt: created, updatedAt: updated ?? created, note: note,
                        location: page.map { CitationLocation(page: $0) }, chapter: chapter, colour: colour,
                        position: start, sourceID: sourceID, extras: extras)
    }

    /// The colour KOReader gives the highlight, else the way its drawer marks a passage other
    /// than by the default fill (`underline`, `strikeout`, `invert`).
    var colour: String? {
        if let color, !color.isEmpty { return color }
        switch drawer {
        case "underscore": return "underline"
        case "strikeout": return "strikeout"
        case "invert": return "invert"
        default: return nil
        }
    }

    /// `2023-12-20 20:59:31` as a wall-clock time of unknown zone (KOReader writes local time).
    static func timestamp(_ text: String) -> Timestamp? {
        let bytes = Array(text.utf8)
        guard bytes.count == 19, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-"),
              bytes[10] == UInt8(ascii: " ") || bytes[10] == UInt8(ascii: "T"),
              bytes[13] == UInt8(ascii: ":"), bytes[16] == UInt8(ascii: ":") else { return nil }
        func number(_ range: Range<Int>) -> Int? {
            var value = 0
            for index in range {
                guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) else { return nil }
                value = value * 10 + Int(bytes[index] - UInt8(ascii: "0"))
            }
            return value
        }
        guard let year = number(0..<4), let month = number(5..<7), let day = number(8..<10),
              let hour = number(11..<13), let minute = number(14..<16), let second = number(17..<19) else { return nil }
        return Timestamp(year: year, month: month, day: day, hour: hour, minute: minute, second: second, zone: .floating)
    }

    /// A position as text: an XPointer as written, a PDF position (`{page=, x=, y=}`) as
    /// `page 12 x 100.5 y 230`.
    static func position(_ value: KOReaderValue?) -> String? {
        switch value {
        case .string(let text): return text.isEmpty ? nil : text
        case .number(let number): return KOReaderValue.integerText(number)
        case .table(let table):
            let parts = ["page", "x", "y"].compactMap { key in table[key]?.text.map { "\(key) \($0)" } }
            return parts.isEmpty ? nil : parts.joined(separator: " ")
        default: return nil
        }
    }
}
