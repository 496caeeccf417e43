import CardportCore
import Foundation

/// Reads a Kobo's `KoboReader.sqlite`: every bookmark row, in reading order, as citations.
///
/// The database is opened by the path the input is named after (``KoboDatabase``); the input's
/// own bytes are not the database (see ``FormatDescriptor/readsFromPath``).
final class KoboDatabaseReader: RecordReader {
    private let input: ByteInput
    private var remaining: [Record] = []
    private var loaded = false
    private(set) var notes = ReaderNotes()

    init(input: ByteInput) {
        self.input = input
    }

    func next() throws(CardportError) -> Record? {
        if !loaded { try load() }
        return remaining.popLast()
    }

    private func load() throws(CardportError) {
        loaded = true
        try input.fillToEnd()
        let bytes = input.available
        if bytes.contains(where: { $0 != 0x20 && !(0x09...0x0D).contains($0) }) {
            throw input.error(.malformedInput, "a Kobo database is read from its file, not from a stream of text", at: input.offset,
                              hint: "name the KoboReader.sqlite file (or the device's folder) as the input")
        }
        // Only a file that exists is a database; an empty stream of another name holds nothing.
        guard KoboDatabaseReader.isFile(input.name) else { return }
        let database = try KoboDatabase(path: input.name)
        let bookmarks = try KoboDatabaseReader.bookmarks(in: database)
        var citations: [Record] = []
        var books = Set<String>()
        for bookmark in bookmarks {
            if bookmark.isHidden { notes.count("hidden bookmarks skipped (the device does not show them)"); continue }
            switch bookmark.kind {
            case .dogEar: notes.count("dog-ears skipped"); continue
            case .markup: notes.count("handwritten markups skipped"); continue
            case .highlight, .note: break
            }
            guard let citation = bookmark.citation() else { notes.count("bookmarks without text or note skipped"); continue }
            if citation.extras[KoboFormat.ExtrasKey.type] == "note" {
                notes.count("notes without highlighted text")
            } else {
                notes.count(citation.note == nil ? "highlights" : "highlights with a note")
            }
            books.insert(bookmark.volume)
            citations.append(.citation(citation))
        }
        notes.count("books", books.count)
        remaining = citations.reversed()
    }

    /// Every bookmark, in reading order: book by book (by title), chapter by chapter (in the book's
    /// order), then by progress through the chapter and where it starts.
    static func bookmarks(in database: KoboDatabase) throws(CardportError) -> [KoboBookmark] {
        let columns = try database.columns(of: "Bookmark")
        let contentColumns = try database.columns(of: "content")
        func column(_ name: String, in set: Set<String> = columns, of table: String = "b") -> String {
            set.contains(name) ? "\(table).\(name)" : "NULL"
        }
        let volumeIndex = contentColumns.contains("VolumeIndex") ? "VolumeIndex" : "NULL"
        let sql = """
            SELECT b.BookmarkID, b.VolumeID, \(column("Text")), \(column("Annotation")), \(column("DateCreated")),
                   \(column("DateModified")), \(column("ChapterProgress")), \(column("StartContainerPath")),
                   \(column("StartOffset")), \(column("EndContainerPath")), \(column("EndOffset")), \(column("Type")),
                   \(column("Hidden")), \(column("Color")),
                   v.Title, v.Attribution,
                   (SELECT Title FROM content c WHERE c.ContentID = b.ContentID AND c.ContentType <> '6' ORDER BY c.ContentType LIMIT 1),
                   (SELECT \(volumeIndex) FROM content c WHERE c.ContentID = b.ContentID AND c.ContentType <> '6' ORDER BY c.ContentType LIMIT 1) AS chapterIndex
            FROM Bookmark b LEFT JOIN content v ON v.ContentID = b.VolumeID AND v.ContentType = '6'
            ORDER BY coalesce(v.Title, b.VolumeID) COLLATE BINARY, b.VolumeID, chapterIndex IS NULL, chapterIndex, 7
            """
        var bookmarks: [KoboBookmark] = []
        try database.query(sql) { row in
            let hidden = row.text(12)?.lowercased()
            bookmarks.append(KoboBookmark(
                id: row.text(0) ?? "", volume: row.text(1) ?? "", text: row.text(2), annotation: row.text(3),
                created: row.text(4), modified: row.text(5), chapterProgress: row.double(6) ?? 0,
                startPath: row.text(7), startOffset: row.integer(8), endPath: row.text(9), endOffset: row.integer(10),
                type: row.text(11), isHidden: hidden == "true" || hidden == "1", color: row.integer(13),
                title: row.text(14), author: row.text(15), chapter: row.text(16), chapterIndex: row.integer(17)))
        }
        // SQLite has ordered them by book, chapter and progress; bookmarks at the same progress are
        // ordered by where they start, the EPUB point's steps compared number by number.
        var start = 0
        while start < bookmarks.count {
            var end = start + 1
            while end < bookmarks.count, bookmarks[end].volume == bookmarks[start].volume,
                  bookmarks[end].chapterIndex == bookmarks[start].chapterIndex,
                  bookmarks[end].chapterProgress == bookmarks[start].chapterProgress {
                end += 1
            }
            if end - start > 1 {
                let run = bookmarks[start..<end].map { ($0, KoboBookmark.pointSteps($0.startPath)) }.sorted { a, b in
                    if a.1 != b.1 { return a.1.lexicographicallyPrecedes(b.1) }
                    if (a.0.startOffset ?? 0) != (b.0.startOffset ?? 0) { return (a.0.startOffset ?? 0) < (b.0.startOffset ?? 0) }
                    return a.0.id < b.0.id
                }
                bookmarks.replaceSubrange(start..<end, with: run.map(\.0))
            }
            start = end
        }
        return bookmarks
    }

    /// Whether `path` names an existing regular file.
    static func isFile(_ path: String) -> Bool {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && !isDirectory.boolValue
    }
}
