import CardportCore
import CardportCSV
import CardportTestSupport
import Foundation
import Testing

@Suite struct CSVReaderTests {
    let format = CSVFormat()

    func citations(_ text: String, options: ReadOptions = ReadOptions()) throws -> [Citation] {
        try FormatHarness.read(format, text, options: options).map { record in
            guard case .citation(let c) = record else { Issue.record("not a citation: \(record)"); return Citation(text: "") }
            return c
        }
    }

    func failure(_ text: String, format: CSVFormat = CSVFormat()) -> CardportError? {
        FormatHarness.error(reading: text, as: format, name: "bad.csv")
    }

    func failure(bytes: [UInt8]) -> CardportError? {
        do {
            _ = try FormatHarness.read(format, bytes: bytes, name: "bad.csv")
            return nil
        } catch {
            return error
        }
    }

    // MARK: RFC 4180

    @Test func readsQuotedFieldsWithDelimitersQuotesAndLineBreaks() throws {
        let text = "text,author\r\n\"a, \"\"b\"\"\r\nc\rd\ne\",\"\"\r\nplain,x\n"
        let read = try citations(text)
        #expect(read.map(\.text) == ["a, \"b\"\r\nc\rd\ne", "plain"])
        #expect(read.map(\.author) == [nil, "x"])
    }

    @Test(arguments: ["\r\n", "\n", "\r"])
    func readsEveryRecordEnd(_ end: String) throws {
        let text = ["text,tags", "one,a;b", "\"two\",", "three,c"].joined(separator: end)
        let read = try citations(text + end)
        #expect(read.map(\.text) == ["one", "two", "three"])
        #expect(read.map(\.tags) == [["a", "b"], [], ["c"]])
        #expect(try citations(text).count == 3)
    }

    @Test func skipsAByteOrderMarkAndBlankLines() throws {
        let bytes: [UInt8] = [0xEF, 0xBB, 0xBF] + Array("Quote,By\n\nCarpe diem.,Horace\n\n".utf8)
        let records = try FormatHarness.read(format, bytes: bytes)
        #expect(records == [.citation(Citation(text: "Carpe diem.", author: "Horace"))])
    }

    @Test(arguments: [(",", "a,b"), (";", "a;b"), ("\t", "a\tb"), ("|", "a|b")])
    func sniffsTheDelimiterFromTheHeader(_ delimiter: String, _ header: String) throws {
        let text = "text\(delimiter)author\(delimiter)tags\n\"x\(delimiter)y\"\(delimiter)Me\(delimiter)\"t1;t2\"\n"
        let read = try citations(text)
        #expect(read.map(\.text) == ["x\(delimiter)y"])
        #expect(read.map(\.author) == ["Me"])
        #expect(read.map(\.tags) == [["t1", "t2"]])
        #expect(!header.isEmpty)
    }

    @Test func usesTheDelimiterItIsTold() throws {
        let read = try citations("text|x\na;b|c\n", options: ReadOptions(delimiter: 0x7C))
        #expect(read.map(\.text) == ["a;b"])
        #expect(read.first?.extras == ["x": "c"])
    }

    // MARK: Columns

    @Test func matchesHeaderAliasesInAnyCase() throws {
        let text = "Highlight,BOOK,By,Favorite,Starred Tags,Created At,page,Comment\nQ,B,A,yes,,2024-05-01,12,N\n"
        let c = try #require(try citations(text).first)
        #expect(c.text == "Q")
        #expect(c.source == "B")
        #expect(c.author == "A")
        #expect(c.isFavourite)
        #expect(c.extras == [:])
        #expect(c.createdAt == Timestamp(parsing: "2024-05-01"))
        #expect(c.location == CitationLocation(start: 12))
        #expect(c.note == "N")
    }

    @Test func tellsTheKindFromTheHeaderOrFromKind() throws {
        let text = "title,url\nDocs,https://example.org\n"
        #expect(try FormatHarness.read(format, text) == [.bookmark(Bookmark(name: "Docs", text: "https://example.org"))])
        let tasks = try FormatHarness.read(format, "Task,Percent\nRead,45%\n")
        #expect(tasks == [.task(TaskItem(description: "Read", progress: try TaskProgress(percent: 45)))])
        let topics = try FormatHarness.read(format, "name,due,status\nAlgebra,2024-06-01,in progress\n")
        #expect(topics == [.topic(Topic(title: "Algebra", dueDate: Timestamp(parsing: "2024-06-01"), status: .inProgress))])
        let forced = try FormatHarness.read(format, "title,notes\nAlgebra,x\n", options: ReadOptions(kind: .topic))
        #expect(forced == [.topic(Topic(title: "Algebra", notes: "x"))])
    }

    @Test func aURLColumnBesideACitationsColumnsDoesNotMakeBookmarks() throws {
        let text = "text,author,source,id,URL\nQ,A,B,c1,https://x.example\n"
        #expect(try FormatHarness.read(format, text) == [
            .citation(Citation(id: "c1", text: "Q", author: "A", source: "B", extras: ["URL": "https://x.example"])),
        ])
        // A bookmark's own columns still make a bookmark.
        #expect(try FormatHarness.read(format, "title,url,author\nDocs,https://example.org,A\n") == [
            .bookmark(Bookmark(name: "Docs", text: "https://example.org", extras: ["author": "A"])),
        ])
    }

    @Test func readsEachRowAsTheKindItsKindColumnNames() throws {
        // Columns reordered and trimmed in a spreadsheet, a kind in the plural, a note in another kind's column.
        let text = """
            url,kind,title,text,description,author,id
            https://example.org,bookmarks,,,,,b1
            ,Task,,,Read,,t1
            ,topic,Optics,,,,p1
            ,citation,,Know thyself.,,Socrates,c1
            ,citation,Stray,Q,,,c2

            """
        #expect(try FormatHarness.read(format, text) == [
            .bookmark(Bookmark(id: "b1", text: "https://example.org")),
            .task(TaskItem(id: "t1", description: "Read")),
            .topic(Topic(id: "p1", title: "Optics")),
            .citation(Citation(id: "c1", text: "Know thyself.", author: "Socrates")),
            .citation(Citation(id: "c2", text: "Q", extras: ["title": "Stray"])),
        ])
        #expect(throws: CardportError.self) { try FormatHarness.read(format, "kind,text,url\nquote,Q,\n") }
    }

    @Test func keepsUnknownColumnsAsExtrasAndWritesThemBack() throws {
        let text = "text,Mood,Shade\nQ,calm,\nR,,red\n"
        let records = try FormatHarness.read(format, text)
        #expect(records == [.citation(Citation(text: "Q", extras: ["Mood": "calm"])),
                            .citation(Citation(text: "R", extras: ["Shade": "red"]))])
        let written = try FormatHarness.write(format, records).text
        #expect(written.hasPrefix("text,author,source,tags,favourite,archived,created_at,updated_at,note,location,id,Mood,Shade\r\n"))
        #expect(try FormatHarness.read(format, written) == records)
    }

    @Test func writesHighlightColumnsOnlyWhenACitationHasThem() throws {
        let plain = Citation(text: "P")
        let highlight = Citation(text: "H", chapter: "Chapter 3", colour: "yellow", position: "epubcfi(/6/4!/4/2/1:0)",
                                 sourceID: "b-1")
        let written = try FormatHarness.write(format, [.citation(plain), .citation(highlight)]).text
        #expect(written.hasPrefix(
            "text,author,source,tags,favourite,archived,created_at,updated_at,note,location,chapter,colour,position,source_id,id\r\n"))
        #expect(try FormatHarness.read(format, written) == [.citation(plain), .citation(highlight)])
        #expect(try FormatHarness.write(format, [.citation(plain)]).text.hasPrefix(
            "text,author,source,tags,favourite,archived,created_at,updated_at,note,location,id\r\n"))
        // `Color`, as spreadsheets and Readwise name it, is the colour too.
        #expect(try FormatHarness.read(format, "text,Color\nQ,blue\n") == [.citation(Citation(text: "Q", colour: "blue"))])
    }

    @Test func countsAHighlightFieldFirstMetAfterTheHeader() throws {
        // The writer settles its header after 1,024 records.
        var records = Array(repeating: Record.citation(Citation(text: "P")), count: 1024)
        records.append(.citation(Citation(text: "H", chapter: "Late")))
        let written = try FormatHarness.write(format, records)
        #expect(written.losses.fields == ["citation.chapter": 1])
    }

    @Test func removesTheFormulaGuardOnlyBeforeFormulaStarts() throws {
        let text = "text\n'=1+1\n'-5\n'hello\n''=x\n'\n"
        #expect(try citations(text).map(\.text) == ["=1+1", "-5", "'hello", "'=x", "'"])
    }

    @Test func readsSectionsOfSeveralKinds() throws {
        let text = "text\nQ\n\nurl\nhttps://a.example\n\n\ndescription,progress\nT,100\n"
        #expect(try FormatHarness.read(format, text) == [
            .citation(Citation(text: "Q")), .bookmark(Bookmark(text: "https://a.example")),
            .task(TaskItem(description: "T", progress: .done)),
        ])
    }

    @Test func readsAcrossWindowBoundariesOfALargeFile() throws {
        let directory = try TemporaryDirectory()
        var text = "text,note\n"
        let long = String(repeating: "ab,\"c\"\n", count: 40_000)
        for i in 0..<12 { text += "\"\(i) \(long.replacingOccurrences(of: "\"", with: "\"\""))\",n\(i)\n" }
        let path = try directory.write("big.csv", text)
        let input = try ByteInput(path: path)
        let records = try format.makeReader(input, options: ReadOptions()).readAll()
        #expect(records.count == 12)
        #expect(records.last == .citation(Citation(text: "11 " + long, note: "n11")))
    }

    // MARK: Bad input

    @Test func reportsAnUnterminatedQuote() throws {
        let error = try #require(failure("text,author\nok,A\n\"never closed,B\nmore\n"))
        #expect(error.code == .malformedInput)
        #expect(error.message == "a quoted field is never closed")
        #expect(error.location == SourceLocation(file: "bad.csv", line: 3, column: 1, offset: 17))
        #expect(error.isRecoverable)
    }

    @Test func reportsAStrayCharacterAfterAClosingQuote() throws {
        let error = try #require(failure("text,author\n\"a\"b,A\n"))
        #expect(error.message == "unexpected 'b' after a closing quote")
        #expect(error.location?.line == 2)
        #expect(error.location?.column == 4)
    }

    @Test func reportsRowsWithTheWrongNumberOfFields() throws {
        let tooMany = try #require(failure("text,author\na,b,c\n"))
        #expect(tooMany.message == "this record has 3 fields; the header has 2")
        #expect(tooMany.location.map { [$0.line, $0.column] } == [2, 5])
        let tooFew = try #require(failure("text,author\nok,A\nalone\n"))
        #expect(tooFew.message == "this record has 1 field; the header has 2")
        #expect(tooFew.location.map { [$0.line, $0.column] } == [3, 1])
        #expect(tooFew.isRecoverable)
    }

    @Test func reportsInvalidUTF8() throws {
        let bytes: [UInt8] = Array("text,author\nok,".utf8) + [0x41, 0xC3, 0x28] + Array("\n".utf8)
        #expect(throws: CardportError.self) { try FormatHarness.read(format, bytes: bytes, name: "bad.csv") }
        do {
            _ = try FormatHarness.read(format, bytes: bytes, name: "bad.csv")
        } catch {
            #expect(error.code == .malformedInput)
            #expect(error.message == "this field is not valid UTF-8 (byte 2 of the field)")
            #expect(error.location.map { [$0.line, $0.column] } == [2, 4])
        }
    }

    @Test func reportsInvalidUTF8InEveryKindOfCell() throws {
        // Text, list, location, date, flag and extra cells: each is checked as it is read.
        let bad: [UInt8] = [0x41, 0xC3, 0x28]
        for column in ["text", "tags", "location", "created_at", "favourite", "rating"] {
            let header = column == "text" ? "text" : "text,\(column)"
            let bytes = Array("\(header)\n".utf8) + (column == "text" ? [] : Array("Q,".utf8)) + bad + Array("\n".utf8)
            let error = try #require(failure(bytes: bytes), "column \(column)")
            #expect(error.code == .malformedInput, "column \(column)")
            #expect(error.message == "this field is not valid UTF-8 (byte 2 of the field)", "column \(column)")
            #expect(error.location.map { [$0.line, $0.column] } == [2, column == "text" ? 1 : 3], "column \(column)")
        }
    }

    @Test func reportsBadValuesAtTheirCell() throws {
        let date = try #require(failure("text,created_at\nQ,5 May 2024\n"))
        #expect(date.code == .invalidValue)
        #expect(date.message == "'5 May 2024' in column 'created_at' is not an ISO 8601 date")
        #expect(date.location.map { [$0.line, $0.column] } == [2, 3])
        let progress = try #require(failure("description,progress\nT,33\nU,lots\n"))
        #expect(progress.message == "task progress 33 is not one of 0, 5, 10, … 100")
        #expect(progress.location.map { [$0.line, $0.column] } == [2, 3])
        let word = try #require(failure("description,progress\nU,lots\n"))
        #expect(word.message == "'lots' is not a progress")
        let flag = try #require(failure("text,favourite\nQ,maybe\n"))
        #expect(flag.message == "'maybe' in column 'favourite' is not true or false")
        let status = try #require(failure("title,status\nT,someday\n"))
        #expect(status.message == "'someday' is not a topic status")
        let missing = try #require(failure("text,author\n,A\n"))
        #expect(missing.message == "this citation has no text")
    }

    @Test func reportsAHeaderItCannotPlace() throws {
        let unknown = try #require(failure("colour,size\nred,2\n"))
        #expect(unknown.message == "cannot tell what kind of records the columns hold")
        #expect(!unknown.isRecoverable)
        let keyless = try #require(failure("author\nA\n"))
        #expect(keyless.message == "cannot tell what kind of records the columns hold")
        do {
            _ = try FormatHarness.read(format, "author\nA\n", options: ReadOptions(kind: .citation))
            Issue.record("a header without a text column was read")
        } catch {
            #expect(error.message == "the header has no 'text' column, which every citation needs")
        }
    }

    @Test func skipsBadRowsAndGoesOn() throws {
        let text = "text,created_at\nA,\nB,never\n\"C\"x,\nD,2024-01-01\nE,extra,field\n\"F,\n"
        let reader = try format.makeReader(try ByteInput(string: text, name: "bad.csv"), options: ReadOptions())
        var texts: [String] = []
        var lines: [Int] = []
        while true {
            do {
                guard let record = try reader.next() else { break }
                if case .citation(let c) = record { texts.append(c.text) }
            } catch {
                #expect(error.isRecoverable)
                lines.append(error.location?.line ?? 0)
            }
        }
        #expect(texts == ["A", "D"])
        #expect(lines == [3, 4, 6, 7])
    }

    @Test func refusesARecordLargerThanTheLimit() throws {
        let small = CSVFormat(recordLimit: 1024)
        let text = "text\n\"" + String(repeating: "x", count: 5000) + "\"\nshort\n"
        let error = try #require(FormatHarness.error(reading: text, as: small))
        #expect(error.code == .limitExceeded)
        #expect(error.message == "a record is larger than the maximum field size (1K)")
        #expect(error.hint == "raise it with --max-field-size 2K; or the file is not CSV, or a quote is never closed (check --from and --delimiter)")
        #expect(try FormatHarness.read(small, "text\nshort\n").count == 1)
        #expect(CSVFormat.defaultRecordLimit == 16 << 20)
    }

    @Test func refusesAnUnboundedFieldFromAFile() throws {
        let directory = try TemporaryDirectory()
        let path = try directory.write("huge.csv", "text\n\"" + String(repeating: "y", count: 3 << 20))
        let input = try ByteInput(path: path)
        let reader = CSVFormat(recordLimit: 1 << 20).makeReader
        #expect(throws: CardportError.self) { try reader(input, ReadOptions()).readAll() }
    }
}
