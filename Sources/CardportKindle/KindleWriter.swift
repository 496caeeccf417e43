import CardportCore

/// Writes citations as an English Kindle writes them: a byte-order mark, CRLF line ends, and per
/// citation a highlight entry (and a note entry after it when the citation has a note).
///
/// What a clippings file cannot hold (tags, favourite, archived, the update date, extras other than
/// the Kindle reader's own, ids that are not derived from the content) is counted in ``losses``.
final class KindleWriter: RecordWriter {
    private let output: ByteOutput
    private var started = false
    private(set) var losses = LossReport()

    init(output: ByteOutput) {
        self.output = output
    }

    func write(_ record: Record) throws(CardportError) {
        guard case .citation(let citation) = record else {
            losses.dropRecord(of: record.kind)
            return
        }
        if !started {
            try output.write([0xEF, 0xBB, 0xBF])
            started = true
        }
        countLosses(citation)
        let titleLine = KindleWriter.titleLine(citation)
        let date = citation.createdAt.map(KindleWriter.addedOn) ?? citation.extras[KindleReplay.ExtrasKey.added]
        let type = citation.extras[KindleReplay.ExtrasKey.type]
        var text = KindleWriter.body(citation.text)
        if citation.extras[KindleReplay.ExtrasKey.truncated] == "true" {
            text += "  " + KindleVocabulary.clippingLimitMarkers[0]
        }
        let kind = type == "note" ? "Your Note" : type == "article" ? "Clip This Article" : "Your Highlight"
        var entry = titleLine + "\r\n"
        entry += KindleWriter.metadata(kind, page: citation.location?.page, start: citation.location?.start,
                                       end: citation.location?.end, date: date)
        entry += "\r\n\r\n" + text + "\r\n==========\r\n"
        if let note = citation.note {
            let location = citation.location
            if location?.isEmpty ?? true {
                losses.dropField("note", of: .citation)
            } else {
                entry += titleLine + "\r\n"
                entry += KindleWriter.metadata("Your Note", page: location?.page, start: location?.end,
                                               end: location?.end, date: date)
                entry += "\r\n\r\n" + KindleWriter.body(note) + "\r\n==========\r\n"
            }
        }
        try output.write(entry)
    }

    func finish() throws(CardportError) {
        try output.flush()
    }

    private func countLosses(_ citation: Citation) {
        if !citation.tags.isEmpty { losses.dropField("tags", of: .citation) }
        if citation.isFavourite { losses.dropField("favourite", of: .citation) }
        if citation.isArchived { losses.dropField("archived", of: .citation) }
        if citation.updatedAt != nil { losses.dropField("updated_at", of: .citation) }
        for field in citation.highlightFieldNames { losses.dropField(field, of: .citation) }
        if let created = citation.createdAt,
           created.zone != .floating || created.nanoseconds != 0 || created.isDateOnly {
            losses.dropField("created_at", of: .citation)
        }
        let own: Set<String> = [KindleReplay.ExtrasKey.type, KindleReplay.ExtrasKey.truncated, KindleReplay.ExtrasKey.added]
        let others = citation.extras.keys.filter { !own.contains($0) }
        if !others.isEmpty { losses.dropField("extras", of: .citation, count: others.count) }
        // The reader derives the id from text, author and title; a citation without a source (whose
        // title line says "Unknown"), with a line break in its author or source, or whose text is
        // trimmed (below) does not get its own back.
        let first = citation.text.unicodeScalars.first, last = citation.text.unicodeScalars.last
        let textTrimmed = (first?.properties.isWhitespace ?? false) || (last?.properties.isWhitespace ?? false)
        let titleChanges = citation.source == nil || citation.source!.contains(where: \.isNewline)
            || (citation.author?.contains(where: \.isNewline) ?? false)
        if titleChanges || textTrimmed || citation.id != RecordID.citation(text: citation.text, author: citation.author, source: citation.source) {
            losses.dropField("id", of: .citation)
        }
        // A reader trims the white space around an entry's text (a blank line before the separator is
        // layout), so a text that starts or ends with it does not come back as written.
        if textTrimmed { losses.dropField("text", of: .citation) }
    }

    /// `Title (Author)`; a title that would read back differently gets an empty author group.
    static func titleLine(_ citation: Citation) -> String {
        let title = oneLine(citation.source ?? "Unknown")
        if let author = citation.author { return "\(title) (\(oneLine(author)))" }
        if title.hasSuffix(")") || title.contains(" - ") { return "\(title) ()" }
        return title
    }

    static func metadata(_ kind: String, page: String?, start: Int?, end: Int?, date: String?) -> String {
        var line = "- \(kind)"
        var parts: [String] = []
        if let page { parts.append("on page \(page)") }
        if let start {
            let range = end.map { $0 != start ? "\(start)-\($0)" : "\(start)" } ?? "\(start)"
            parts.append(page == nil ? "on Location \(range)" : "Location \(range)")
        }
        if !parts.isEmpty { line += " " + parts.joined(separator: " | ") }
        if let date { line += " | Added on \(date)" }
        return line
    }

    /// `Sunday, March 5, 2023 10:15:42 PM`, from the time as written.
    static func addedOn(_ timestamp: Timestamp) -> String {
        let c = timestamp.components
        let weekdays = ["Thursday", "Friday", "Saturday", "Sunday", "Monday", "Tuesday", "Wednesday"]
        let months = ["January", "February", "March", "April", "May", "June", "July", "August", "September",
                      "October", "November", "December"]
        let local = timestamp.secondsSince1970 + Int64(timestamp.offsetMinutes) * 60
        var days = local / 86_400
        if local % 86_400 < 0 { days -= 1 }
        let weekday = weekdays[Int(((days % 7) + 7) % 7)]
        let hour12 = c.hour % 12 == 0 ? 12 : c.hour % 12
        let minute = c.minute < 10 ? "0\(c.minute)" : "\(c.minute)"
        let second = c.second < 10 ? "0\(c.second)" : "\(c.second)"
        return "\(weekday), \(months[c.month - 1]) \(c.day), \(c.year) \(hour12):\(minute):\(second) \(c.hour < 12 ? "AM" : "PM")"
    }

    /// Text with CRLF line ends; a line that is exactly the separator gets a trailing space so it
    /// cannot end the entry.
    static func body(_ text: String) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false).map { line in
            var line = line
            while line.last == "\r" { line.removeLast() }
            return line == "==========" ? "========== " : String(line)
        }.joined(separator: "\r\n")
    }

    private static func oneLine(_ text: String) -> String {
        text.split(whereSeparator: \.isNewline).joined(separator: " ")
    }
}
