import CardportCore
import Foundation

/// Reads a Kobo's `KoboReader.sqlite`: every bookmark row, in reading order, as citations.
///
/// The database is opened by the path the input is named after (``KoboDatabase``); the input's
/// own bytes are not the database (see ``FormatDescriptor/readsFromPath``).
///
/// The bookmarks are read in one scan, with their books and chapters from two small look-ups of
/// `content`, and put in reading order here: by an index, so no bookmark moves. Ordering them in
/// SQLite sorted every row whole, strings and all, which took most of the time of a large
/// database. Citations are made one at a time as they are handed out.
final class KoboDatabaseReader: RecordReader {
    private let input: ByteInput
    private var started = false
    /// Every bookmark, as the database lists them, and the reading order as indices into them.
    private var bookmarks: [KoboBookmark] = []
    private var order: [Int32] = []
    private var position = 0
    private var books = Set<String>()
    private(set) var notes = ReaderNotes()

    init(input: ByteInput) {
        self.input = input
    }

    func next() throws(CardportError) -> Record? {
        if !started { try start() }
        while position < order.count {
            let index = Int(order[position])
            position += 1
            if let citation = accept(bookmarks[index]) {
                if position == order.count { finish() }
                return .citation(citation)
            }
        }
        finish()
        return nil
    }

    private func finish() {
        guard !bookmarks.isEmpty else { return }
        bookmarks = []
        order = []
        position = 0
        notes.count("books", books.count)
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
        let contentColumns = try database.columns(of: "content")
        var volumes: [String: (title: String?, author: String?)] = [:]
        try database.query("SELECT ContentID, Title, Attribution FROM content WHERE ContentType = '6'") { row in
            let id = row.text(0) ?? ""
            if volumes[id] == nil { volumes[id] = (row.text(1), row.text(2)) }
        }
        // A bookmark's chapter is the first row of its `ContentID` that is not a book, by type.
        var chapters: [String: (title: String?, index: Int?)] = [:]
        let volumeIndex = contentColumns.contains("VolumeIndex") ? "VolumeIndex" : "NULL"
        try database.query("""
            SELECT ContentID, Title, \(volumeIndex) FROM content WHERE ContentType <> '6' ORDER BY ContentID, ContentType
            """) { row in
            let id = row.text(0) ?? ""
            if chapters[id] == nil { chapters[id] = (row.text(1), row.integer(2)) }
        }
        try database.query(try KoboDatabaseReader.query(for: database)) { row in
            var bookmark = KoboDatabaseReader.bookmark(row)
            if let volume = volumes[bookmark.volume] { (bookmark.title, bookmark.author) = volume }
            if let chapter = row.text(14).flatMap({ chapters[$0] }) { (bookmark.chapter, bookmark.chapterIndex) = chapter }
            bookmarks.append(bookmark)
        }
        order = KoboDatabaseReader.readingOrder(bookmarks)
    }

    /// The indices of `bookmarks` in reading order: book by book (by title, as bytes), chapter by
    /// chapter (in the book's order, chapters the book does not list last), by progress through the
    /// chapter, then by the EPUB point's steps compared number by number, the offset and the id.
    static func readingOrder(_ bookmarks: [KoboBookmark]) -> [Int32] {
        // Books are few: each gets its rank once, so bookmarks compare numbers, not titles.
        var bookNames: [String: (title: String, volume: String)] = [:]
        for bookmark in bookmarks where bookNames[bookmark.volume] == nil {
            bookNames[bookmark.volume] = (bookmark.title ?? bookmark.volume, bookmark.volume)
        }
        let ranked = bookNames.values.sorted { a, b in
            if !a.title.utf8.elementsEqual(b.title.utf8) { return a.title.utf8.lexicographicallyPrecedes(b.title.utf8) }
            return a.volume.utf8.lexicographicallyPrecedes(b.volume.utf8)
        }
        var rank: [String: Int32] = [:]
        for (index, book) in ranked.enumerated() { rank[book.volume] = Int32(index) }
        struct Key {
            var book: Int32
            var index: Int32
            var chapter: Int
            var progress: Double
        }
        // A chapter the book does not list sorts after every chapter it does.
        let keys = bookmarks.enumerated().map { index, bookmark in
            Key(book: rank[bookmark.volume]!, index: Int32(index), chapter: bookmark.chapterIndex ?? Int.max,
                progress: bookmark.chapterProgress)
        }
        let sorted = keys.sorted { a, b in
            if a.book != b.book { return a.book < b.book }
            if a.chapter != b.chapter { return a.chapter < b.chapter }
            if a.progress != b.progress { return a.progress < b.progress }
            return atSamePlace(bookmarks[Int(a.index)], precedes: bookmarks[Int(b.index)])
        }
        return sorted.map(\.index)
    }

    /// The order of two bookmarks at the same progress through a chapter: by the EPUB point's
    /// steps compared number by number, the offset, and the id.
    private static func atSamePlace(_ a: borrowing KoboBookmark, precedes b: borrowing KoboBookmark) -> Bool {
        let stepsA = KoboBookmark.pointSteps(a.startPath), stepsB = KoboBookmark.pointSteps(b.startPath)
        if stepsA != stepsB { return stepsA.lexicographicallyPrecedes(stepsB) }
        if (a.startOffset ?? 0) != (b.startOffset ?? 0) { return (a.startOffset ?? 0) < (b.startOffset ?? 0) }
        return a.id < b.id
    }

    /// The citation a bookmark makes, or `nil` when it makes none (and why is counted).
    private func accept(_ bookmark: borrowing KoboBookmark) -> Citation? {
        if bookmark.isHidden { notes.count("hidden bookmarks skipped (the device does not show them)"); return nil }
        switch bookmark.kind {
        case .dogEar: notes.count("dog-ears skipped"); return nil
        case .markup: notes.count("handwritten markups skipped"); return nil
        case .highlight, .note: break
        }
        guard let citation = bookmark.citation() else { notes.count("bookmarks without text or note skipped"); return nil }
        if citation.extras[KoboFormat.ExtrasKey.type] == "note" {
            notes.count("notes without highlighted text")
        } else {
            notes.count(citation.note == nil ? "highlights" : "highlights with a note")
        }
        books.insert(bookmark.volume)
        return citation
    }

    /// The query of every bookmark, in the database's order. Columns a firmware lacks are read as NULL.
    static func query(for database: KoboDatabase) throws(CardportError) -> String {
        let columns = try database.columns(of: "Bookmark")
        func column(_ name: String) -> String { columns.contains(name) ? name : "NULL" }
        return """
            SELECT BookmarkID, VolumeID, \(column("Text")), \(column("Annotation")), \(column("DateCreated")),
                   \(column("DateModified")), \(column("ChapterProgress")), \(column("StartContainerPath")),
                   \(column("StartOffset")), \(column("EndContainerPath")), \(column("EndOffset")), \(column("Type")),
                   \(column("Hidden")), \(column("Color")), \(column("ContentID"))
            FROM Bookmark
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
            title: nil, author: nil, chapter: nil, chapterIndex: nil)
    }

    /// Whether `path` names an existing regular file.
    static func isFile(_ path: String) -> Bool {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && !isDirectory.boolValue
    }
}
