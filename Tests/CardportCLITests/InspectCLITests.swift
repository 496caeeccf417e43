import CardportTestSupport
import Foundation
import Testing

/// `inspect` reads what `convert` reads: folders of an e-reader's files and its databases.
@Suite struct InspectCLITests {
    @Test func aFolderOfSidecarsIsInspectedFileByFile() throws {
        #expect(try CLIRunner.run(["inspect", "Samples/koreader"]) == CLIRunner.Result(status: 0, stdout: """
            Samples/koreader/Meditations.sdr/metadata.epub.lua: koreader, 3 records (3 citations)
              highlights: 1
              page bookmarks skipped: 1
              highlights with a note: 1
              notes on page bookmarks: 1
              books: 1
            Samples/koreader/Анна Каренина.sdr/metadata.fb2.lua: koreader, 2 records (2 citations)
              generated bookmark texts not taken as notes: 2
              page bookmarks skipped: 1
              highlights with a note: 1
              highlights: 1
              books: 1

            """, stderr: ""))
    }

    @Test func aMountedKoboIsInspectedThroughItsDatabase() throws {
        let scratch = try TemporaryDirectory()
        try FileManager.default.createDirectory(atPath: scratch.file("KOBOeReader/.kobo"), withIntermediateDirectories: true)
        let database = scratch.file("KOBOeReader/.kobo/KoboReader.sqlite")
        let sqlite3 = try #require(ExternalProgram.find("sqlite3", package: "sqlite3"))
        let made = try ExternalProgram.run(sqlite3, [database, """
            CREATE TABLE content (ContentID TEXT NOT NULL, ContentType TEXT NOT NULL, MimeType TEXT NOT NULL, BookID TEXT,
                Title TEXT, Attribution TEXT, VolumeIndex INTEGER, PRIMARY KEY (ContentID, ContentType));
            CREATE TABLE Bookmark (BookmarkID TEXT NOT NULL PRIMARY KEY, VolumeID TEXT NOT NULL, ContentID TEXT NOT NULL,
                StartContainerPath TEXT NOT NULL, StartContainerChildIndex INTEGER NOT NULL DEFAULT 0, StartOffset INTEGER NOT NULL,
                EndContainerPath TEXT NOT NULL, EndContainerChildIndex INTEGER NOT NULL DEFAULT 0, EndOffset INTEGER NOT NULL,
                Text TEXT, Annotation TEXT, DateCreated TEXT, ChapterProgress REAL NOT NULL DEFAULT 0, DateModified TEXT);
            INSERT INTO content VALUES ('file:///mnt/onboard/Dune.epub', '6', 'application/epub+zip', NULL, 'Dune', 'Frank Herbert', -1);
            INSERT INTO Bookmark VALUES ('b-1', 'file:///mnt/onboard/Dune.epub', 'file:///mnt/onboard/Dune.epub!OEBPS!ch1.xhtml',
                'OEBPS/ch1.xhtml#point(/1/4/12/1:5)', 0, 0, 'OEBPS/ch1.xhtml#point(/1/4/12/1:31)', 0, 0,
                'I must not fear.', 'Litany.', '2023-04-01T21:15:42.000', 0.25, NULL);
            """])
        #expect(made.status == 0, "\(made.errors)")
        let result = try CLIRunner.run(["inspect", scratch.file("KOBOeReader")])
        #expect(result == CLIRunner.Result(status: 0, stdout: """
            \(database): kobo, 1 record (1 citation)
              highlights with a note: 1
              books: 1

            """, stderr: ""))
        // The database is only read: no journal or WAL is left beside it.
        #expect(try FileManager.default.contentsOfDirectory(atPath: scratch.file("KOBOeReader/.kobo")) == ["KoboReader.sqlite"])
    }
}
