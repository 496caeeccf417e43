import CardportAppleBooks
import CardportCore
import CardportTestSupport
import Foundation
import Testing

/// No public sample of Apple Books' databases exists: these fixtures are built from the tables and
/// columns the public exporters read (`ZAEANNOTATION` in `AEAnnotation_….sqlite`, `ZBKLIBRARYASSET`
/// in `BKLibrary-….sqlite`), with the `sqlite3` shell.
@Suite struct AppleBooksFormatTests {
    let format = AppleBooksFormat()

    static let annotations = """
        CREATE TABLE ZAEANNOTATION (Z_PK INTEGER PRIMARY KEY, Z_ENT INTEGER, Z_OPT INTEGER, ZANNOTATIONDELETED INTEGER,
            ZANNOTATIONISUNDERLINE INTEGER, ZANNOTATIONSTYLE INTEGER, ZANNOTATIONTYPE INTEGER, ZPLLOCATIONRANGESTART INTEGER,
            ZANNOTATIONCREATIONDATE TIMESTAMP, ZANNOTATIONMODIFICATIONDATE TIMESTAMP, ZANNOTATIONASSETID VARCHAR,
            ZANNOTATIONLOCATION VARCHAR, ZANNOTATIONNOTE VARCHAR, ZANNOTATIONREPRESENTATIVETEXT VARCHAR,
            ZANNOTATIONSELECTEDTEXT VARCHAR, ZANNOTATIONUUID VARCHAR, ZFUTUREPROOFING5 VARCHAR);
        INSERT INTO ZAEANNOTATION VALUES (1, 1, 1, 0, 0, 3, 2, 120, 700000000.5, 700000100, 'ASSET-B', 'epubcfi(/6/12[c2]!/4/2/10,/1:0,/1:33)',
            NULL, 'ctx', 'The second highlight, read second.', 'UUID-1', 'Chapter 2');
        INSERT INTO ZAEANNOTATION VALUES (2, 1, 1, 0, 1, 0, 2, 10, 699000000, 699000000, 'ASSET-B', 'epubcfi(/6/8[c1]!/4/2/2,/1:0,/1:20)',
            'Mine.', 'ctx', ' The first, underlined. ', 'UUID-2', 'Chapter 1');
        INSERT INTO ZAEANNOTATION VALUES (3, 1, 1, 1, 0, 3, 2, 50, 699500000, 699500000, 'ASSET-B', 'epubcfi(/6/10!/4/2)', NULL, NULL,
            'deleted on the device', 'UUID-3', NULL);
        INSERT INTO ZAEANNOTATION VALUES (4, 1, 1, 0, 0, 0, 3, 999, 700000200, 700000200, 'ASSET-B', 'epubcfi(/6/14!/4/2)', NULL, NULL,
            NULL, 'UUID-4', NULL);
        INSERT INTO ZAEANNOTATION VALUES (5, 1, 1, 0, 0, 0, 1, 60, 700000300, 700000300, 'ASSET-B', 'epubcfi(/6/12!/4/8)', NULL, NULL,
            NULL, 'UUID-5', NULL);
        INSERT INTO ZAEANNOTATION VALUES (6, 1, 1, 0, 0, 4, 2, 5, 700000400, NULL, 'ASSET-A', 'epubcfi(/6/4!/4/2)', 'Только заметка.', NULL,
            NULL, 'UUID-6', NULL);
        INSERT INTO ZAEANNOTATION VALUES (7, 1, 1, 0, 0, 5, 2, 1, 700000500, NULL, 'ASSET-Z', NULL, NULL, NULL, '書籍庫にない本', 'UUID-7', NULL);
        """

    static let library = """
        CREATE TABLE ZBKLIBRARYASSET (Z_PK INTEGER PRIMARY KEY, ZASSETID VARCHAR, ZTITLE VARCHAR, ZAUTHOR VARCHAR);
        INSERT INTO ZBKLIBRARYASSET VALUES (1, 'ASSET-B', 'Walden', 'Henry David Thoreau');
        INSERT INTO ZBKLIBRARYASSET VALUES (2, 'ASSET-A', 'Преступление и наказание', 'Фёдор Достоевский');
        """

    /// Makes the two databases; `libraryFolder` is where the library goes, relative to the directory.
    func fixture(libraryFolder: String?) throws -> (TemporaryDirectory, String) {
        let directory = try TemporaryDirectory()
        try FileManager.default.createDirectory(atPath: directory.file("AEAnnotation"), withIntermediateDirectories: true)
        let path = directory.file("AEAnnotation/AEAnnotation_v10312011_1727_local.sqlite")
        guard let sqlite3 = ExternalProgram.find("sqlite3", package: "sqlite3") else { return (directory, path) }
        #expect(try ExternalProgram.run(sqlite3, [path, Self.annotations]).status == 0)
        if let libraryFolder {
            try FileManager.default.createDirectory(atPath: directory.file(libraryFolder), withIntermediateDirectories: true)
            #expect(try ExternalProgram.run(sqlite3, [directory.file(libraryFolder + "/BKLibrary-1-091020131601.sqlite"), Self.library]).status == 0)
        }
        return (directory, path)
    }

    func read(_ path: String) throws -> (citations: [Citation], notes: ReaderNotes) {
        let reader = try format.makeReader(try ByteInput(bytes: [UInt8](), name: path), options: ReadOptions())
        let citations = try reader.readAll().compactMap { record -> Citation? in
            if case .citation(let citation) = record { return citation }
            return nil
        }
        return (citations, reader.notes)
    }

    @Test func conformsToTheFormatContract() async {
        await FormatConformance.check(format, brokenInput: "ZAEANNOTATION\n")
        #expect(format.descriptor.claimsFolderFile("AEAnnotation_v10312011_1727_local.sqlite"))
        #expect(!format.descriptor.claimsFolderFile("BKLibrary-1-091020131601.sqlite"))
    }

    @Test func readsHighlightsWithTitlesFromTheLibraryInItsMacOSPlace() throws {
        let (directory, path) = try fixture(libraryFolder: "BKLibrary")
        let (citations, notes) = try read(path)
        // By asset, then by Books' location order; deleted rows, the reading position and bookmarks skipped.
        #expect(citations.map { $0.sourceID } == ["UUID-6", "UUID-2", "UUID-1", "UUID-7"])
        #expect(citations[0].text == "Только заметка." && citations[0].note == nil && citations[0].extras["type"] == "note")
        #expect(citations[0].source == "Преступление и наказание" && citations[0].author == "Фёдор Достоевский")
        #expect(citations[0].colour == "pink")
        #expect(citations[1].text == "The first, underlined." && citations[1].note == "Mine.")
        #expect(citations[1].extras["style"] == "underline" && citations[1].colour == nil)
        #expect(citations[1].chapter == "Chapter 1" && citations[1].position == "epubcfi(/6/8[c1]!/4/2/2,/1:0,/1:20)")
        #expect(citations[2].source == "Walden" && citations[2].author == "Henry David Thoreau" && citations[2].colour == "yellow")
        // 700000000.5 seconds after 2001-01-01T00:00:00Z.
        #expect(citations[2].createdAt == Timestamp(secondsSince1970: 978_307_200 + 700_000_000, nanoseconds: 500_000_000, fractionDigits: 3))
        #expect(citations[2].updatedAt == Timestamp(secondsSince1970: 978_307_200 + 700_000_100))
        #expect(citations[2].id == RecordID.foreign(namespace: "apple-books", id: "UUID-1"))
        // A book the library does not know is named by its asset id.
        #expect(citations[3].source == "ASSET-Z" && citations[3].author == nil && citations[3].colour == "purple")
        #expect(notes["deleted annotations skipped"] == 1 && notes["reading positions skipped"] == 1 && notes["bookmarks skipped"] == 1)
        #expect(notes["highlights of books not in the library database (titled by their asset id)"] == 1)
        // Read-only: nothing appeared beside either database.
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.file("AEAnnotation")) == ["AEAnnotation_v10312011_1727_local.sqlite"])
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.file("BKLibrary")) == ["BKLibrary-1-091020131601.sqlite"])
    }

    @Test func findsTheLibraryBesideTheAnnotations() throws {
        let (directory, path) = try fixture(libraryFolder: "AEAnnotation")
        defer { withExtendedLifetime(directory) {} }
        #expect(try read(path).citations.first?.source == "Преступление и наказание")
    }

    @Test func readsWithoutALibrary() throws {
        let (directory, path) = try fixture(libraryFolder: nil)
        defer { withExtendedLifetime(directory) {} }
        let (citations, notes) = try read(path)
        #expect(citations.map(\.source) == ["ASSET-A", "ASSET-B", "ASSET-B", "ASSET-Z"])
        #expect(notes["highlights of books not in the library database (titled by their asset id)"] == 4)
    }

    @Test func refusesAnotherDatabase() throws {
        let directory = try TemporaryDirectory()
        guard let sqlite3 = ExternalProgram.find("sqlite3", package: "sqlite3") else { return }
        let path = directory.file("AEAnnotation_other.sqlite")
        #expect(try ExternalProgram.run(sqlite3, [path, "CREATE TABLE t (x);"]).status == 0)
        let error = #expect(throws: CardportError.self) { try read(path) }
        #expect(error?.message.contains("has no 'ZAEANNOTATION' table") == true)
    }
}
