import CardportCore
import CardportKobo
import CardportTestSupport
import Foundation
import Testing

@Suite struct KoboFormatTests {
    let format = KoboFormat()

    /// The tables of a Kobo database as the public exporters read them, trimmed to what matters here;
    /// `colour` adds the `Color` column of colour firmware, `typed` the `Type` and `Hidden` columns.
    static func schema(colour: Bool = true, typed: Bool = true) -> String {
        """
        CREATE TABLE content (ContentID TEXT NOT NULL, ContentType TEXT NOT NULL, MimeType TEXT NOT NULL, BookID TEXT,
            Title TEXT COLLATE NOCASE, Attribution TEXT COLLATE NOCASE, VolumeIndex INTEGER, PRIMARY KEY (ContentID, ContentType));
        CREATE TABLE Bookmark (BookmarkID TEXT NOT NULL PRIMARY KEY, VolumeID TEXT NOT NULL, ContentID TEXT NOT NULL,
            StartContainerPath TEXT NOT NULL, StartContainerChildIndex INTEGER NOT NULL DEFAULT 0, StartOffset INTEGER NOT NULL,
            EndContainerPath TEXT NOT NULL, EndContainerChildIndex INTEGER NOT NULL DEFAULT 0, EndOffset INTEGER NOT NULL,
            Text TEXT, Annotation TEXT, DateCreated TEXT, ChapterProgress REAL NOT NULL DEFAULT 0, DateModified TEXT
            \(typed ? ", Hidden BOOL NOT NULL DEFAULT 0, Type TEXT" : "")\(colour ? ", Color INTEGER" : ""));
        """
    }

    /// Creates `KoboReader.sqlite` in `directory` from `sql` with the `sqlite3` shell.
    @discardableResult
    static func database(in directory: TemporaryDirectory, _ sql: String, name: String = "KoboReader.sqlite") throws -> String {
        let path = directory.file(name)
        guard let sqlite3 = ExternalProgram.find("sqlite3", package: "sqlite3") else { return path }
        let result = try ExternalProgram.run(sqlite3, [path, sql])
        #expect(result.status == 0, "\(result.errors)")
        return path
    }

    static let books = """
        INSERT INTO content VALUES ('file:///mnt/onboard/Dune.kepub.epub', '6', 'application/x-kobo-epub+zip', NULL, 'Dune', 'Frank Herbert', -1);
        INSERT INTO content VALUES ('file:///mnt/onboard/Dune.kepub.epub!OEBPS!ch1.xhtml', '9', 'application/xhtml+xml', 'file:///mnt/onboard/Dune.kepub.epub', 'Book One: Dune', NULL, 1);
        INSERT INTO content VALUES ('file:///mnt/onboard/Dune.kepub.epub!OEBPS!ch2.xhtml', '9', 'application/xhtml+xml', 'file:///mnt/onboard/Dune.kepub.epub', 'Book Two: Muad''Dib', NULL, 2);
        INSERT INTO content VALUES ('5b2c-store-uuid', '6', 'application/x-kobo-epub+zip', NULL, 'Война и мир', 'Лев Толстой', -1);
        INSERT INTO content VALUES ('5b2c-store-uuid!OEBPS!c1.xhtml', '9', 'application/xhtml+xml', '5b2c-store-uuid', 'Том первый', NULL, 0);
        """

    func read(_ path: String) throws -> (citations: [Citation], notes: ReaderNotes) {
        let reader = try format.makeReader(try ByteInput(bytes: [UInt8](), name: path), options: ReadOptions())
        let citations = try reader.readAll().compactMap { record -> Citation? in
            if case .citation(let citation) = record { return citation }
            return nil
        }
        return (citations, reader.notes)
    }

    @Test func conformsToTheFormatContract() async {
        await FormatConformance.check(format, brokenInput: "BookmarkID,Text\n1,not a database\n")
    }

    @Test func describesItselfAsADatabaseFoundByName() {
        #expect(format.descriptor.readsFromPath && format.descriptor.writes.isEmpty)
        #expect(format.descriptor.claimsFolderFile("KoboReader.sqlite") && format.descriptor.claimsFolderFile("koboreader.sqlite"))
        #expect(!format.descriptor.claimsFolderFile("KoboReader.sqlite-wal"))
        #expect(format.sniff(Array("SQLite format 3".utf8) + [0, 16]) == .possible)
        #expect(format.sniff(Array("{}".utf8)) == .no)
    }

    @Test func readsHighlightsNotesAndColoursInReadingOrder() throws {
        let directory = try TemporaryDirectory()
        let path = try Self.database(in: directory, Self.schema() + Self.books + """
            INSERT INTO Bookmark VALUES ('b-3', 'file:///mnt/onboard/Dune.kepub.epub', 'file:///mnt/onboard/Dune.kepub.epub!OEBPS!ch2.xhtml',
                'OEBPS/ch2.xhtml#point(/1/4/10/1:0)', 0, 0, 'OEBPS/ch2.xhtml#point(/1/4/10/1:40)', 0, 0,
                'The mystery of life isn''t a problem to solve.', 'Read again.', '2023-04-02T10:00:00.000', 0.5, '2023-04-03T08:00:00Z', 'false', 'note', 2);
            INSERT INTO Bookmark VALUES ('b-1', 'file:///mnt/onboard/Dune.kepub.epub', 'file:///mnt/onboard/Dune.kepub.epub!OEBPS!ch1.xhtml',
                'OEBPS/ch1.xhtml#point(/1/4/12/1:5)', 0, 0, 'OEBPS/ch1.xhtml#point(/1/4/12/1:31)', 0, 0,
                '  I must not fear.\n', NULL, '2023-04-01T21:15:42.000', 0.25, NULL, 'false', 'highlight', 0);
            INSERT INTO Bookmark VALUES ('b-2', 'file:///mnt/onboard/Dune.kepub.epub', 'file:///mnt/onboard/Dune.kepub.epub!OEBPS!ch1.xhtml',
                'OEBPS/ch1.xhtml#point(/1/4/12/3:0)', 0, 7, 'OEBPS/ch1.xhtml#point(/1/4/12/3:20)', 0, 0,
                'Fear is the mind-killer.', '', '2023-04-01T21:16:00.000', 0.25, '', 'false', 'highlight', 3);
            INSERT INTO Bookmark VALUES ('b-4', '5b2c-store-uuid', '5b2c-store-uuid!OEBPS!c1.xhtml',
                'OEBPS/c1.xhtml#point(/1/4/2/1:0)', 0, 0, 'OEBPS/c1.xhtml#point(/1/4/2/1:30)', 0, 0,
                'Все смешалось в доме Облонских.', NULL, '2022-01-05T07:00:00.000', 0.01, NULL, 'false', 'highlight', NULL);
            """.replacingOccurrences(of: "\\n", with: "' || char(10) || '"))
        let (citations, notes) = try read(path)
        // Books by title, chapters in book order, then by where each starts.
        #expect(citations.map { $0.sourceID } == ["b-1", "b-2", "b-3", "b-4"])
        #expect(citations.map(\.text) == ["I must not fear.", "Fear is the mind-killer.",
                                          "The mystery of life isn't a problem to solve.", "Все смешалось в доме Облонских."])
        #expect(citations.map(\.note) == [nil, nil, "Read again.", nil])
        #expect(citations.map { $0.colour } == ["yellow", "green", "blue", nil])
        #expect(citations.map { $0.chapter } == ["Book One: Dune", "Book One: Dune", "Book Two: Muad'Dib", "Том первый"])
        #expect(citations[0].source == "Dune" && citations[0].author == "Frank Herbert")
        #expect(citations[3].source == "Война и мир" && citations[3].author == "Лев Толстой")
        #expect(citations[0].id == RecordID.foreign(namespace: "kobo", id: "b-1"))
        #expect(citations[0].createdAt == Timestamp(parsing: "2023-04-01T21:15:42.000"))
        #expect(citations[2].updatedAt == Timestamp(parsing: "2023-04-03T08:00:00Z"))
        #expect(citations[1].position == "OEBPS/ch1.xhtml#point(/1/4/12/3:0) 7")
        #expect(citations[1].extras["position_end"] == "OEBPS/ch1.xhtml#point(/1/4/12/3:20)")
        #expect(notes["highlights"] == 3 && notes["highlights with a note"] == 1 && notes["books"] == 2)
    }

    @Test func skipsDogEarsMarkupsAndHiddenRowsAndCountsThem() throws {
        let directory = try TemporaryDirectory()
        let row = { (id: String, text: String, note: String, hidden: String, type: String) in
            """
            INSERT INTO Bookmark VALUES ('\(id)', 'file:///mnt/onboard/Dune.kepub.epub', 'file:///mnt/onboard/Dune.kepub.epub!OEBPS!ch1.xhtml',
                'OEBPS/ch1.xhtml#point(/1/4/2/1:0)', 0, 0, 'OEBPS/ch1.xhtml#point(/1/4/2/1:9)', 0, 0,
                \(text), \(note), '2023-04-01T21:15:42.000', 0.1, NULL, '\(hidden)', '\(type)', NULL);
            """
        }
        let path = try Self.database(in: directory, Self.schema() + Self.books
            + row("dog", "NULL", "NULL", "false", "dogear") + row("hid", "'deleted on the device'", "NULL", "true", "highlight")
            + row("ink", "NULL", "NULL", "false", "markup") + row("alone", "NULL", "'a thought of mine'", "false", "note")
            + row("kept", "'kept'", "NULL", "false", "highlight"))
        let (citations, notes) = try read(path)
        #expect(citations.map(\.text) == ["a thought of mine", "kept"])
        #expect(citations[0].extras["type"] == "note" && citations[0].note == nil)
        #expect(notes["dog-ears skipped"] == 1)
        #expect(notes["hidden bookmarks skipped (the device does not show them)"] == 1)
        #expect(notes["handwritten markups skipped"] == 1)
        #expect(notes["notes without highlighted text"] == 1)
    }

    @Test func readsOlderFirmwareWithoutTypeHiddenOrColour() throws {
        let directory = try TemporaryDirectory()
        let path = try Self.database(in: directory, Self.schema(colour: false, typed: false) + """
            INSERT INTO Bookmark VALUES ('old-1', 'file:///mnt/onboard/Books/The%20Road.epub', 'file:///mnt/onboard/Books/The%20Road.epub#(2)ch3.html',
                'ch3.html#point(/1/4/2:0)', 0, 0, 'ch3.html#point(/1/4/2:9)', 0, 0, 'carry the fire', 'we are', '2014-06-01T09:00:00', 0.2, NULL);
            INSERT INTO Bookmark VALUES ('old-2', 'file:///mnt/onboard/Books/The%20Road.epub', 'file:///mnt/onboard/Books/The%20Road.epub#(2)ch3.html',
                'ch3.html#point(/1/4/8:0)', 0, 0, 'ch3.html#point(/1/4/8:0)', 0, 0, NULL, NULL, '2014-06-01T09:05:00', 0.3, NULL);
            """)
        let (citations, notes) = try read(path)
        // The book is no longer in `content`: its name comes from the file.
        #expect(citations.map(\.text) == ["carry the fire"])
        #expect(citations.first?.note == "we are" && citations.first?.source == "The Road" && citations.first?.author == nil)
        #expect(citations.first?.colour == nil && citations.first?.chapter == nil)
        #expect(notes["dog-ears skipped"] == 1)
    }

    @Test func refusesWhatIsNotAKoboDatabase() throws {
        let directory = try TemporaryDirectory()
        let other = try Self.database(in: directory, "CREATE TABLE notes (text TEXT);", name: "other.sqlite")
        let error = #expect(throws: CardportError.self) { try read(other) }
        #expect(error?.message.contains("not a Kobo one: it has no 'Bookmark' table") == true)
        #expect(error?.location?.file == other)
        let text = try directory.write("KoboReader.sqlite", "not a database at all, just text")
        #expect(throws: CardportError.self) { try read(text) }
        // A stream of text (no file to open) is refused where it starts.
        let stream = FormatHarness.error(reading: "BookmarkID\n", as: format, name: "piped")
        #expect(stream?.location?.line == 1 && stream?.location?.column == 1)
    }
}
