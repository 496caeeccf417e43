import CardportCore
import Foundation

/// Reads Apple Books' annotation database by the path its input is named after, in reading order
/// (book by book, then by Books' own location order).
final class AppleBooksReader: RecordReader {
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

    /// Books' colour indexes; 0 is no colour (an underline or a plain mark).
    static let colours = [1: "green", 2: "blue", 3: "yellow", 4: "pink", 5: "purple"]

    /// Seconds from 1970 to 2001-01-01, the epoch of Apple's dates.
    static let appleEpoch: Double = 978_307_200

    private func load() throws(CardportError) {
        loaded = true
        try input.fillToEnd()
        if input.available.contains(where: { $0 != 0x20 && !(0x09...0x0D).contains($0) }) {
            throw input.error(.malformedInput, "Apple Books' database is read from its file, not from a stream of text", at: input.offset,
                              hint: "name the AEAnnotation_….sqlite file as the input")
        }
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: input.name, isDirectory: &isDirectory), !isDirectory.boolValue else { return }
        let database = try ReadOnlyDatabase(path: input.name)
        let columns = try database.columns(of: "ZAEANNOTATION")
        guard !columns.isEmpty else {
            throw CardportError(.malformedInput, "'\(input.name)' is an SQLite database but not Apple Books' annotations: it has no 'ZAEANNOTATION' table",
                                location: SourceLocation(file: input.name, line: 1, column: 1, offset: 0),
                                hint: "give the AEAnnotation_….sqlite from ~/Library/Containers/com.apple.iBooksX/Data/Documents/AEAnnotation/")
        }
        let books = try AppleBooksReader.library(besides: input.name)
        func column(_ name: String) -> String { columns.contains(name) ? name : "NULL" }
        let sql = """
            SELECT \(column("ZANNOTATIONUUID")), \(column("ZANNOTATIONASSETID")), \(column("ZANNOTATIONSELECTEDTEXT")),
                   \(column("ZANNOTATIONNOTE")), \(column("ZANNOTATIONSTYLE")), \(column("ZANNOTATIONISUNDERLINE")),
                   \(column("ZANNOTATIONDELETED")), \(column("ZANNOTATIONCREATIONDATE")), \(column("ZANNOTATIONMODIFICATIONDATE")),
                   \(column("ZANNOTATIONLOCATION")), \(column("ZFUTUREPROOFING5")), \(column("ZANNOTATIONTYPE")), Z_PK
            FROM ZAEANNOTATION
            ORDER BY \(column("ZANNOTATIONASSETID")), \(column("ZPLLOCATIONRANGESTART")), \(column("ZANNOTATIONCREATIONDATE")), Z_PK
            """
        var citations: [Record] = []
        var unnamed = 0
        var seenBooks = Set<String>()
        try database.query(sql) { row in
            if row.integer(6) ?? 0 != 0 { notes.count("deleted annotations skipped"); return }
            let text = row.text(2)?.trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
            let note = row.text(3)?.trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
            guard !text.isEmpty || !note.isEmpty else {
                // Type 3 is where the reader last stopped; any other row without text is a bookmark.
                notes.count(row.integer(11) == 3 ? "reading positions skipped" : "bookmarks skipped")
                return
            }
            let asset = row.text(1) ?? ""
            let book = books[asset]
            if book == nil { unnamed += 1 }
            seenBooks.insert(asset)
            let sourceID = row.text(0) ?? "\(asset)#\(row.integer(12) ?? 0)"
            var extras: [String: String] = [:]
            let chapter = row.text(10)?.trimmingCharacters(in: .whitespacesAndNewlines)
            let colour = row.integer(4).flatMap { AppleBooksReader.colours[$0] }
            if row.integer(5) ?? 0 != 0 { extras[AppleBooksFormat.ExtrasKey.style] = "underline" }
            if text.isEmpty { extras[AppleBooksFormat.ExtrasKey.type] = "note" }
            let created = row.double(7).map(AppleBooksReader.timestamp)
            let modified = row.double(8).map(AppleBooksReader.timestamp)
            notes.count(text.isEmpty ? "notes without highlighted text" : note.isEmpty ? "highlights" : "highlights with a note")
            citations.append(.citation(Citation(
                id: RecordID.foreign(namespace: "apple-books", id: sourceID), text: text.isEmpty ? note : text,
                author: book?.author, source: book?.title ?? (asset.isEmpty ? nil : asset),
                createdAt: created, updatedAt: modified ?? created, note: text.isEmpty ? nil : note, chapter: chapter,
                colour: colour, position: row.text(9), sourceID: sourceID, extras: extras)))
        }
        notes.count("books", seenBooks.count)
        notes.count("highlights of books not in the library database (titled by their asset id)", unnamed)
        remaining = citations.reversed()
    }

    /// A date in seconds since 2001-01-01 UTC, to the millisecond.
    static func timestamp(_ seconds: Double) -> Timestamp {
        let milliseconds = Int64((seconds + appleEpoch) * 1000)
        let whole = milliseconds >= 0 ? milliseconds / 1000 : (milliseconds - 999) / 1000
        let rest = Int32(milliseconds - whole * 1000)
        return Timestamp(secondsSince1970: whole, nanoseconds: rest * 1_000_000, zone: .utc, fractionDigits: rest == 0 ? 0 : 3)
    }

    /// Title and author by asset id, from the first `BKLibrary*.sqlite` beside the annotation
    /// database, in the `BKLibrary` folder next to its folder (macOS keeps them so), or in the
    /// usual place under the home folder; empty when there is none.
    static func library(besides path: String) throws(CardportError) -> [String: (title: String?, author: String?)] {
        let folder = (path as NSString).deletingLastPathComponent
        let home = FileManager.default.homeDirectoryForCurrentUser.path
        let places = [folder.isEmpty ? "." : folder, (folder as NSString).deletingLastPathComponent + "/BKLibrary",
                      home + "/Library/Containers/com.apple.iBooksX/Data/Documents/BKLibrary"]
        for place in places {
            let names = ((try? FileManager.default.contentsOfDirectory(atPath: place)) ?? [])
                .filter { $0.hasPrefix("BKLibrary") && $0.hasSuffix(".sqlite") }.sorted()
            guard let name = names.first else { continue }
            let database = try ReadOnlyDatabase(path: place + "/" + name)
            var books: [String: (title: String?, author: String?)] = [:]
            try database.query("SELECT ZASSETID, ZTITLE, ZAUTHOR FROM ZBKLIBRARYASSET") { row in
                if let id = row.text(0) { books[id] = (row.text(1), row.text(2)) }
            }
            return books
        }
        return [:]
    }
}
