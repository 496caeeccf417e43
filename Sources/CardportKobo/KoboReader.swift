import CardportCore
import Foundation

/// Reads a Kobo's `KoboReader.sqlite`: every bookmark row, in reading order, as citations, a few
/// rows at a time (memory stays small whatever the number of bookmarks).
///
/// The database is opened by the path the input is named after (``KoboDatabase``); the input's
/// own bytes are not the database (see ``FormatDescriptor/readsFromPath``).
final class KoboDatabaseReader: RecordReader {
    private let input: ByteInput
    private var started = false
    /// The query being stepped through; `nil` before the start and after the end.
    private var statement: KoboDatabase.Statement?
    /// The bookmark read ahead of the run being gathered.
    private var lookahead: KoboBookmark?
    /// Citations ready to hand out, in order, and how many of them are handed out.
    private var ready: [Record] = []
    private var handedOut = 0
    private var books = Set<String>()
    private(set) var notes = ReaderNotes()

    init(input: ByteInput) {
        self.input = input
    }

    func next() throws(CardportError) -> Record? {
        if !started { try start() }
        while handedOut == ready.count {
            ready.removeAll(keepingCapacity: true)
            handedOut = 0
            guard try readRun() else { return nil }
        }
        handedOut += 1
        return ready[handedOut - 1]
    }

    private func start() throws(CardportError) {
        started = true
        try input.fillToEnd()
        let bytes = input.available
        if bytes.contains(where: { $0 != 0x20 && !(0x09...0x0D).contains($0) }) {
            throw input.error(.malformedInput, "a Kobo database is read from its file, not from a stream of text", at: input.offset,
                              hint: "name the KoboReader.sqlite file (or the device's folder) as the input")
        }
        // Only a file that exists is a database; an empty stream of another name holds nothing.
        guard KoboDatabaseReader.isFile(input.name) else { return }
        let database = try KoboDatabase(path: input.name)
        statement = try database.prepare(try KoboDatabaseReader.query(for: database))
        lookahead = try statement?.step().map(KoboDatabaseReader.bookmark)
    }

    /// Reads the bookmarks at one place of one chapter (SQLite has ordered them by book, chapter
    /// and progress), orders them by where each starts, and makes them ready as citations; `false`
    /// at the end of the database.
    private func readRun() throws(CardportError) -> Bool {
        guard let first = lookahead, let statement else {
            if self.statement != nil {
                self.statement = nil
                notes.count("books", books.count)
            }
            return false
        }
        var run = [first]
        lookahead = nil
        while let row = try statement.step() {
            let bookmark = KoboDatabaseReader.bookmark(row)
            guard bookmark.volume == first.volume, bookmark.chapterIndex == first.chapterIndex,
                  bookmark.chapterProgress == first.chapterProgress else {
                lookahead = bookmark
                break
            }
            run.append(bookmark)
        }
        if run.count > 1 {
            // Bookmarks at the same progress: by the EPUB point's steps, compared number by number.
            run = run.map { ($0, KoboBookmark.pointSteps($0.startPath)) }.sorted { a, b in
                if a.1 != b.1 { return a.1.lexicographicallyPrecedes(b.1) }
                if (a.0.startOffset ?? 0) != (b.0.startOffset ?? 0) { return (a.0.startOffset ?? 0) < (b.0.startOffset ?? 0) }
                return a.0.id < b.0.id
            }.map(\.0)
        }
        for bookmark in run { accept(bookmark) }
        return true
    }

    /// Makes a bookmark a citation, or counts why it is not one.
    private func accept(_ bookmark: KoboBookmark) {
        if bookmark.isHidden { notes.count("hidden bookmarks skipped (the device does not show them)"); return }
        switch bookmark.kind {
        case .dogEar: notes.count("dog-ears skipped"); return
        case .markup: notes.count("handwritten markups skipped"); return
        case .highlight, .note: break
        }
        guard let citation = bookmark.citation() else { notes.count("bookmarks without text or note skipped"); return }
        if citation.extras[KoboFormat.ExtrasKey.type] == "note" {
            notes.count("notes without highlighted text")
        } else {
            notes.count(citation.note == nil ? "highlights" : "highlights with a note")
        }
        books.insert(bookmark.volume)
        ready.append(.citation(citation))
    }

    /// The query of every bookmark in reading order: book by book (by title), chapter by chapter
    /// (in the book's order), then by progress through the chapter. Columns a firmware lacks are read as NULL.
    static func query(for database: KoboDatabase) throws(CardportError) -> String {
        let columns = try database.columns(of: "Bookmark")
        let contentColumns = try database.columns(of: "content")
        func column(_ name: String) -> String { columns.contains(name) ? "b.\(name)" : "NULL" }
        let volumeIndex = contentColumns.contains("VolumeIndex") ? "VolumeIndex" : "NULL"
        return """
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
    }

    /// The bookmark of one row of ``query(for:)``.
    static func bookmark(_ row: KoboDatabase.Row) -> KoboBookmark {
        let hidden = row.text(12)?.lowercased()
        return KoboBookmark(
            id: row.text(0) ?? "", volume: row.text(1) ?? "", text: row.text(2), annotation: row.text(3),
            created: row.text(4), modified: row.text(5), chapterProgress: row.double(6) ?? 0,
            startPath: row.text(7), startOffset: row.integer(8), endPath: row.text(9), endOffset: row.integer(10),
            type: row.text(11), isHidden: hidden == "true" || hidden == "1", color: row.integer(13),
            title: row.text(14), author: row.text(15), chapter: row.text(16), chapterIndex: row.integer(17))
    }

    /// Whether `path` names an existing regular file.
    static func isFile(_ path: String) -> Bool {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && !isDirectory.boolValue
    }
}
