import CardportCore

/// Reads the highlights out of a sidecar's table, in either layout or both.
///
/// The `annotations` array (KOReader 2024.04 and later) holds one entry per highlight, note or page
/// bookmark. The legacy layout keeps a `bookmarks` array, where `notes` holds the highlighted text
/// and `text` the reader's note or a generated `Page N … @ date` line, beside a page-keyed
/// `highlight` table that holds the style. A file that has both is read from `annotations`, and
/// only the legacy entries it does not hold (same creation time or same position) are added.
struct KOReaderSidecar {
    let table: KOReaderTable
    /// The sidecar's path, for a title when the file has none (`Book.sdr/metadata.epub.lua` → `Book`).
    let path: String

    /// The top-level keys read; the others are KOReader's reading settings.
    static let keys: Set<String> = ["annotations", "bookmarks", "highlight", "highlights_imported", "doc_props", "stats",
                                    "partial_md5_checksum", "doc_path"]

    /// The book the sidecar belongs to.
    var book: KOReaderBookInfo {
        let props = table["doc_props"]?.table
        let stats = table["stats"]?.table
        let title = props?["title"]?.nonEmptyText ?? stats?["title"]?.nonEmptyText ?? KOReaderSidecar.title(fromPath: path)
        let authors = props?["authors"]?.nonEmptyText ?? stats?["authors"]?.nonEmptyText
        // KOReader separates several authors with line breaks.
        let author = authors.map { $0.split(whereSeparator: \.isNewline).map { $0.trimmingSpaces }.filter { !$0.isEmpty }.joined(separator: ", ") }
        let key = table["partial_md5_checksum"]?.nonEmptyText ?? stats?["md5"]?.nonEmptyText
            ?? table["doc_path"]?.nonEmptyText ?? title ?? path
        return KOReaderBookInfo(title: title, author: author, key: key)
    }

    /// The highlights in reading order, counting in `notes` what is skipped and why.
    func highlights(notes: inout ReaderNotes) -> [KOReaderHighlight] {
        var result: [KOReaderHighlight] = []
        var seenTimes = Set<String>()
        var seenPositions = Set<String>()
        if let annotations = table["annotations"]?.table {
            for (_, value) in annotations.sequence {
                guard let entry = value.table else { notes.count("annotations that are not tables skipped"); continue }
                if let datetime = entry["datetime"]?.nonEmptyText { seenTimes.insert(datetime) }
                if let key = KOReaderSidecar.positionKey(entry) { seenPositions.insert(key) }
                if let highlight = annotation(entry, notes: &notes) {
                    KOReaderSidecar.count(highlight, in: &notes)
                    result.append(highlight)
                }
            }
        }
        var legacyShared = 0
        for item in legacyHighlights() {
            let sameTime = item.entry["datetime"]?.nonEmptyText.map(seenTimes.contains) ?? false
            let samePosition = KOReaderSidecar.positionKey(item.entry).map(seenPositions.contains) ?? false
            if sameTime || samePosition { legacyShared += 1; continue }
            if let generated = item.generatedText { notes.count(generated) }
            guard let highlight = item.highlight else { notes.count(item.skipped ?? "entries skipped"); continue }
            KOReaderSidecar.count(highlight, in: &notes)
            result.append(highlight)
        }
        notes.count("legacy entries also in annotations", legacyShared)
        return result
    }

    /// An entry of the `annotations` array.
    private func annotation(_ entry: KOReaderTable, notes: inout ReaderNotes) -> KOReaderHighlight? {
        let note = entry["note"]?.nonEmptyText
        guard entry["drawer"]?.nonEmptyText != nil else {
            // A page bookmark: its text is the generated "in <chapter>"; only a note of the reader's is kept.
            guard let note else { notes.count("page bookmarks skipped"); return nil }
            var highlight = KOReaderSidecar.common(entry)
            highlight.text = note
            highlight.isBookmarkNote = true
            return highlight
        }
        var highlight = KOReaderSidecar.common(entry)
        guard let text = entry["text"]?.nonEmptyText else {
            notes.count("highlights without text skipped")
            return nil
        }
        highlight.text = text
        highlight.note = note
        highlight.drawer = entry["drawer"]?.nonEmptyText
        highlight.color = entry["color"]?.nonEmptyText
        return highlight
    }

    /// An entry of the legacy tables: the highlight it gives, or why it gives none.
    private struct LegacyItem {
        var highlight: KOReaderHighlight?
        var entry: KOReaderTable
        var skipped: String?
        /// The count to add when the entry's `text` was KOReader's generated line, not a note.
        var generatedText: String?
    }

    /// The legacy `bookmarks` and `highlight` tables' entries, in reading order.
    private func legacyHighlights() -> [LegacyItem] {
        // The page-keyed highlight table, flattened; each bookmark claims its highlight by creation time.
        var styles: [(entry: KOReaderTable, page: String, claimed: Bool)] = []
        for (page, pageValue) in table["highlight"]?.table?.entries ?? [] {
            let pageText: String
            switch page {
            case .integer(let number): pageText = String(number)
            case .string(let name): pageText = name
            }
            for (_, value) in pageValue.table?.sequence ?? [] {
                if let entry = value.table { styles.append((entry, pageText, false)) }
            }
        }
        var result: [LegacyItem] = []
        // KOReader keeps bookmarks newest position first; reading order is the reverse.
        for (_, value) in (table["bookmarks"]?.table?.sequence ?? []).reversed() {
            guard let entry = value.table else {
                result.append(LegacyItem(entry: KOReaderTable(offset: 0), skipped: "bookmarks that are not tables skipped"))
                continue
            }
            var highlight = KOReaderSidecar.common(entry)
            let userText = entry["text"]?.nonEmptyText
            let quoted = entry["notes"]?.nonEmptyText
            let isAuto = userText.map { KOReaderSidecar.isAutoText($0, quoted: quoted, datetime: highlight.datetime) } ?? true
            let generated = userText != nil && isAuto ? "generated bookmark texts not taken as notes" : nil
            guard entry["highlighted"]?.isTrue == true else {
                guard let userText, !isAuto else {
                    result.append(LegacyItem(entry: entry, skipped: "page bookmarks skipped", generatedText: generated))
                    continue
                }
                highlight.text = userText
                highlight.isBookmarkNote = true
                result.append(LegacyItem(highlight: highlight, entry: entry))
                continue
            }
            guard let quoted else {
                result.append(LegacyItem(entry: entry, skipped: "highlights without text skipped", generatedText: generated))
                continue
            }
            highlight.text = quoted
            highlight.note = isAuto ? nil : userText
            if let index = styles.firstIndex(where: { !$0.claimed && KOReaderSidecar.same($0.entry, entry) }) {
                styles[index].claimed = true
                highlight.drawer = styles[index].entry["drawer"]?.nonEmptyText
                highlight.color = styles[index].entry["color"]?.nonEmptyText
                if highlight.page == nil { highlight.page = styles[index].page }
            }
            result.append(LegacyItem(highlight: highlight, entry: entry, generatedText: generated))
        }
        // Before 2014 highlights were not added to bookmarks; KOReader imports those once and
        // marks the file `highlights_imported`, after which one left without a bookmark is not shown.
        let imported = table["highlights_imported"]?.isTrue == true
        for style in styles where !style.claimed {
            guard !imported else {
                result.append(LegacyItem(entry: style.entry,
                                         skipped: "legacy highlights without a bookmark skipped (KOReader no longer shows them)"))
                continue
            }
            guard let text = style.entry["text"]?.nonEmptyText else {
                result.append(LegacyItem(entry: style.entry, skipped: "highlights without text skipped"))
                continue
            }
            var highlight = KOReaderSidecar.common(style.entry)
            highlight.text = text
            highlight.drawer = style.entry["drawer"]?.nonEmptyText
            highlight.color = style.entry["color"]?.nonEmptyText
            if highlight.page == nil { highlight.page = style.page }
            result.append(LegacyItem(highlight: highlight, entry: style.entry))
        }
        return result
    }

    /// Counts a highlight that becomes a citation, by what it holds.
    static func count(_ highlight: KOReaderHighlight, in notes: inout ReaderNotes) {
        if highlight.isBookmarkNote {
            notes.count("notes on page bookmarks")
        } else {
            notes.count(highlight.note == nil ? "highlights" : "highlights with a note")
        }
    }

    /// The fields both layouts spell the same way.
    private static func common(_ entry: KOReaderTable) -> KOReaderHighlight {
        var page = entry["pageref"]?.text ?? entry["pageno"]?.text
        // A PDF's `page` is the page number itself; an EPUB's is an XPointer.
        if page == nil, case .number(let number)? = entry["page"] { page = KOReaderValue.integerText(number) }
        let start = KOReaderHighlight.position(entry["pos0"]) ?? KOReaderHighlight.position(entry["page"])
        return KOReaderHighlight(text: "", chapter: entry["chapter"]?.nonEmptyText,
                                 datetime: entry["datetime"]?.nonEmptyText,
                                 datetimeUpdated: entry["datetime_updated"]?.nonEmptyText,
                                 page: page, start: start, end: KOReaderHighlight.position(entry["pos1"]))
    }

    /// Whether a legacy highlight and bookmark are the same one: the same creation time, or the same
    /// start and end when either has no time.
    private static func same(_ style: KOReaderTable, _ bookmark: KOReaderTable) -> Bool {
        if let time = style["datetime"]?.nonEmptyText, let other = bookmark["datetime"]?.nonEmptyText { return time == other }
        return positionKey(style) != nil && positionKey(style) == positionKey(bookmark)
    }

    /// Start and end together, for matching an entry across layouts.
    private static func positionKey(_ entry: KOReaderTable) -> String? {
        guard let start = KOReaderHighlight.position(entry["pos0"]) else { return nil }
        return start + "\u{1F}" + (KOReaderHighlight.position(entry["pos1"]) ?? "")
    }

    /// Whether a legacy bookmark's `text` is what KOReader generated rather than the reader's note:
    /// empty, the highlighted text again, or `Page N <text> @ <date>` in any interface language
    /// (the words around the page number are translated, the text and date are not).
    static func isAutoText(_ text: String, quoted: String?, datetime: String?) -> Bool {
        if text.isEmpty || text == quoted { return true }
        guard let datetime, text.hasSuffix(datetime) else { return false }
        guard let quoted else { return true }
        return KOReaderSidecar.bytes(of: text, contain: quoted)
    }

    /// Whether `needle`'s UTF-8 bytes occur in `haystack`'s (a plain byte search: the standard
    /// library's `contains` compares by characters, many times slower on long highlights).
    static func bytes(of haystack: String, contain needle: String) -> Bool {
        var haystack = haystack
        var needle = needle
        return haystack.withUTF8 { big in
            needle.withUTF8 { small in
                guard let first = small.first else { return true }
                guard small.count <= big.count else { return false }
                var index = 0
                let last = big.count - small.count
                while index <= last {
                    if big[index] == first,
                       UnsafeBufferPointer(rebasing: big[index..<index + small.count]).elementsEqual(small) {
                        return true
                    }
                    index += 1
                }
                return false
            }
        }
    }

    /// The book's name from the sidecar's folder (`Book.sdr`) or file name.
    static func title(fromPath path: String) -> String? {
        let parts = path.split(separator: "/")
        if let folder = parts.dropLast().last, folder.hasSuffix(".sdr"), folder.count > 4 {
            return String(folder.dropLast(4))
        }
        return nil
    }
}

extension StringProtocol {
    /// Without leading and trailing spaces and tabs.
    var trimmingSpaces: String {
        var slice = Substring(self)
        while let first = slice.first, first == " " || first == "\t" { slice.removeFirst() }
        while let last = slice.last, last == " " || last == "\t" { slice.removeLast() }
        return String(slice)
    }
}
