import CardportCore
import CardportKobo
import CardportTestSupport
import Foundation
import Testing

/// Every real Kobo database in the shared corpus reads with nothing lost: each highlight and note is
/// a citation, and the file is left exactly as it was.
///
/// The expected rows are read from each database by the `sqlite3` shell, independently of the reader.
/// The corpus is `../shared/corpus/kobo` next to the checkout (or `CARDPORT_KOBO_CORPUS`).
@Suite(.enabled(if: KoboCorpus.exists, "no Kobo corpus at ../shared/corpus/kobo (or CARDPORT_KOBO_CORPUS)"))
struct KoboCorpusTests {
    let format = KoboFormat()

    static var files: [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: KoboCorpus.folder)) ?? []).filter { $0.hasSuffix(".sqlite") }.sorted()
    }

    @Test func theCorpusIsComplete() {
        #expect(Self.files.count == 3, "expected the 3 Kobo corpus databases in \(KoboCorpus.folder)")
    }

    /// One expected row per bookmark: id, text and note trimmed of white space, date, book, author, chapter.
    static func expectedRows(_ path: String) throws -> [[String]] {
        guard let sqlite3 = ExternalProgram.find("sqlite3", package: "sqlite3") else { return [] }
        let trim = "' ' || char(9) || char(10) || char(13)"
        let sql = """
            SELECT b.BookmarkID, trim(coalesce(b.Text, ''), \(trim)), trim(coalesce(b.Annotation, ''), \(trim)),
                   coalesce(b.DateCreated, ''), coalesce(v.Title, ''), coalesce(v.Attribution, ''),
                   coalesce((SELECT Title FROM content c WHERE c.ContentID = b.ContentID AND c.ContentType = '9'), ''),
                   b.Type, b.Hidden
            FROM Bookmark b LEFT JOIN content v ON v.ContentID = b.VolumeID AND v.ContentType = '6'
            ORDER BY b.BookmarkID
            """
        let result = try ExternalProgram.run(sqlite3, ["-readonly", "-separator", "\u{1F}", "-newline", "\u{1E}",
                                                       "file:\(path)?immutable=1", sql])
        #expect(result.status == 0, "\(result.errors)")
        return result.output.split(separator: "\u{1E}").map { $0.split(separator: "\u{1F}", omittingEmptySubsequences: false).map(String.init) }
    }

    @Test(arguments: files)
    func everyBookmarkIsACitation(_ name: String) throws {
        let path = KoboCorpus.folder + "/" + name
        let reader = try format.makeReader(try ByteInput(bytes: [UInt8](), name: path), options: ReadOptions())
        let citations = try reader.readAll().compactMap { record -> Citation? in
            if case .citation(let citation) = record { return citation }
            return nil
        }
        let rows = try Self.expectedRows(path)
        let shown = rows.filter { $0[8] != "true" && $0[7] != "dogear" }
        #expect(!rows.isEmpty)
        #expect(citations.count == shown.count)
        #expect(reader.notes["dog-ears skipped"] == rows.count { $0[7] == "dogear" })
        let byID = Dictionary(uniqueKeysWithValues: citations.map { ($0.sourceID ?? "", $0) })
        for row in shown {
            let citation = try #require(byID[row[0]], "bookmark \(row[0]) was not read")
            #expect(citation.id == RecordID.foreign(namespace: "kobo", id: row[0]))
            #expect(citation.text == (row[1].isEmpty ? row[2] : row[1]))
            #expect(citation.note == (row[1].isEmpty || row[2].isEmpty ? nil : row[2]))
            #expect(citation.createdAt == Timestamp(parsing: row[3]))
            #expect(citation.source == row[4] && citation.author == row[5])
            let chapter = row[6].trimmingCharacters(in: .whitespaces)
            #expect(citation.chapter == (chapter.isEmpty ? nil : chapter))
            #expect(citation.source?.contains("\u{FEFF}") == false)
            #expect(citation.position?.contains("#point(") == true)
        }
        #expect(citations.filter { $0.note != nil }.count == shown.count { $0[7] == "note" })
    }

    @Test func readsInReadingOrder() throws {
        let path = KoboCorpus.folder + "/tr-6-entries-KoboReader.sqlite"
        let reader = try format.makeReader(try ByteInput(bytes: [UInt8](), name: path), options: ReadOptions())
        let positions = try reader.readAll().compactMap { record -> String? in
            if case .citation(let citation) = record { return citation.position }
            return nil
        }
        // By chapter progress, then by the steps of the EPUB point, number by number.
        #expect(positions == [
            "OEBPS/Text/Unknown_split_000.html#point(/1/4/2/1:4)",
            "OEBPS/Text/Unknown_split_000.html#point(/1/4/2/4/1:2)",
            "OEBPS/Text/Unknown_split_001.html#point(/1/4/770/1:550)",
            "OEBPS/Text/Unknown_split_001.html#point(/1/4/770/1:933)",
            "OEBPS/Text/Unknown_split_005.html#point(/1/4/398/1:162)",
            "OEBPS/Text/Unknown_split_005.html#point(/1/4/855:4)",
        ])
    }

    @Test(arguments: files)
    func leavesTheDatabaseAndItsFolderUntouched(_ name: String) throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("KoboReader.sqlite")
        try FileManager.default.copyItem(atPath: KoboCorpus.folder + "/" + name, toPath: path)
        let before = try Data(contentsOf: URL(fileURLWithPath: path))
        let modified = try FileManager.default.attributesOfItem(atPath: path)[.modificationDate] as? Date
        let reader = try format.makeReader(try ByteInput(bytes: [UInt8](), name: path), options: ReadOptions())
        #expect(try !reader.readAll().isEmpty)
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)
        #expect(try FileManager.default.attributesOfItem(atPath: path)[.modificationDate] as? Date == modified)
        // No journal, WAL or shared-memory file appeared beside it.
        #expect(directory.entries == ["KoboReader.sqlite"])
    }
}

/// Where the real Kobo databases are.
enum KoboCorpus {
    static let folder = ProcessInfo.processInfo.environment["CARDPORT_KOBO_CORPUS"]
        ?? PackagePaths.root + "/../shared/corpus/kobo"

    static var exists: Bool {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: folder, isDirectory: &isDirectory) && isDirectory.boolValue
    }
}
