import CardportCore

/// Reads KOReader's JSON export (the exporter plugin's "Json" target, `"version": "json/1.0.0"`):
/// one book with `entries`, or several under `documents`.
///
/// Each entry is a highlight as the exporter writes it: `text`, `note`, `chapter`, `page`, `time`
/// (Unix seconds), `drawer`, `color`, and `pn_xp`, the start's XPointer (or page, in a PDF).
struct KOReaderJSONExport {
    let table: KOReaderTable

    /// Each book with its highlights, in file order; what is skipped is counted in `notes`.
    func books(notes: inout ReaderNotes) -> [(KOReaderBookInfo, [KOReaderHighlight])] {
        let documents: [KOReaderTable]
        if let list = table["documents"]?.table {
            documents = list.sequence.compactMap(\.value.table)
        } else {
            documents = [table]
        }
        return documents.map { document in
            let title = document["title"]?.nonEmptyText
            let author = document["author"]?.nonEmptyText
            let key = document["md5sum"]?.nonEmptyText ?? document["file"]?.nonEmptyText ?? title ?? ""
            var highlights: [KOReaderHighlight] = []
            for (_, value) in document["entries"]?.table?.sequence ?? [] {
                guard let entry = value.table else { notes.count("entries that are not objects skipped"); continue }
                if let sort = entry["sort"]?.nonEmptyText, sort != "highlight" {
                    notes.count("\(sort) entries skipped")
                    continue
                }
                guard let text = entry["text"]?.nonEmptyText else { notes.count("highlights without text skipped"); continue }
                var time: Timestamp?
                if case .number(let seconds)? = entry["time"], seconds.isFinite, abs(seconds) < 1e12 {
                    time = Timestamp(secondsSince1970: Int64(seconds))
                }
                let highlight = KOReaderHighlight(
                    text: text, note: entry["note"]?.nonEmptyText, chapter: entry["chapter"]?.nonEmptyText,
                    time: time, drawer: entry["drawer"]?.nonEmptyText, color: entry["color"]?.nonEmptyText,
                    page: entry["page"]?.text, start: KOReaderHighlight.position(entry["pn_xp"]))
                KOReaderSidecar.count(highlight, in: &notes)
                highlights.append(highlight)
            }
            return (KOReaderBookInfo(title: title, author: author, key: key), highlights)
        }
    }
}
