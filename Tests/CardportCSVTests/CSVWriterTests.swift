import CardportCore
import CardportCSV
import CardportTestSupport
import Testing

@Suite struct CSVWriterTests {
    let format = CSVFormat()

    func write(_ records: [Record], options: WriteOptions = WriteOptions()) throws -> (text: String, losses: LossReport) {
        let output = ByteOutput()
        let writer = try format.makeWriter(output, options: options)
        for record in records { try writer.write(record) }
        try writer.finish()
        return (String(decoding: output.bytes, as: UTF8.self), writer.losses)
    }

    @Test func writesTheColumnsOfEachKindQuotingOnlyWhatNeedsIt() throws {
        let citation = Citation(
            id: "c1", text: "Well, \"begun\"\nis half done.", author: "Aristotle", source: "Politics", tags: ["greek", "virtue ethics"],
            isFavourite: true, createdAt: Timestamp(parsing: "2023-03-05T22:15:42Z"),
            updatedAt: Timestamp(parsing: "2023-03-05T22:15:42.120+02:00"), note: "a;b",
            location: CitationLocation(page: "12", start: 181, end: 183))
        let text = try write([.citation(citation)]).text
        #expect(text == """
            text,author,source,tags,favourite,archived,created_at,updated_at,note,location,id\r
            "Well, ""begun""
            is half done.",Aristotle,Politics,greek;virtue ethics,true,false,2023-03-05T22:15:42Z,2023-03-05T22:15:42.120+02:00,a;b,"page 12, location 181-183",c1\r

            """)
    }

    @Test func writesSeveralKindsUnderOneHeaderWithAKindColumn() throws {
        let topic = Topic(id: "p1", title: "Stoic ethics", dueDate: Timestamp(parsing: "2024-02-15"), status: .inProgress,
                          links: ["https://a.example/x", "b;c"],
                          questions: [Question(text: "What is x = y?", answer: "Up to us", isDone: true), Question(text: "Why?")])
        let records: [Record] = [
            .bookmark(Bookmark(id: "b1", name: "Docs", text: "https://example.org", tags: ["ref"])),
            .task(TaskItem(id: "t1", description: "Read", progress: try TaskProgress(percent: 45))),
            .topic(topic),
            .citation(Citation(id: "c1", text: "Know thyself.", author: "Socrates", extras: ["URL": "https://x.example"])),
        ]
        let written = try write(records)
        #expect(written.text == """
            kind,text,author,source,tags,favourite,archived,created_at,updated_at,note,location,id,name,url,description,progress,title,status,due,notes,links,questions\r
            bookmark,,,,ref,,,,,,,b1,Docs,https://example.org,,,,,,,,\r
            task,,,,,,,,,,,t1,,,Read,45,,,,,,\r
            topic,,,,,,,,,,,p1,,,,,Stoic ethics,inProgress,2024-02-15,,"https://a.example/x
            b;c","[x] What is x \\= y? => Up to us
            [ ] Why?"\r
            citation,Know thyself.,Socrates,,,false,false,,,,,c1,,,,,,,,,,\r

            """)
        // An extra named like another kind's column cannot be told from it: it is counted, not written.
        #expect(written.losses.fields == ["citation.extras": 1])
        var expected = records
        expected[3] = .citation(Citation(id: "c1", text: "Know thyself.", author: "Socrates"))
        #expect(try FormatHarness.read(format, written.text) == expected)
    }

    @Test func startsASectionForAKindMetAfterTheLookahead() throws {
        // 1024 records: the writer's lookahead, after which the header is written.
        var records = (0..<1024).map { Record.task(TaskItem(id: "t\($0)", description: "Task \($0)")) }
        records.append(.bookmark(Bookmark(id: "b1", name: "Docs", text: "https://example.org")))
        let text = try write(records).text
        #expect(text.hasPrefix("description,progress,created_at,updated_at,id\r\n"))
        #expect(text.hasSuffix("\r\n\r\nname,url,tags,created_at,updated_at,id\r\nDocs,https://example.org,,,,b1\r\n"))
        #expect(try FormatHarness.read(format, text) == records)
    }

    @Test func guardsCellsThatASpreadsheetWouldRun() throws {
        let texts = ["=1+1", "+1", "-1", "@SUM(A1)", "\tx", "\rx", "'=x", "'x", "''", "plain"]
        let records = texts.enumerated().map { Record.task(TaskItem(id: "t\($0.offset)", description: $0.element)) }
        let guarded = try write(records).text
        #expect(guarded.split(separator: "\r\n").dropFirst().map { String($0.prefix { $0 != "," }) }
                == ["'=1+1", "'+1", "'-1", "'@SUM(A1)", "'\tx", "\"'\rx\"", "''=x", "'x", "'''", "plain"])
        let open = try write(records, options: WriteOptions(formulaGuard: false)).text
        #expect(open.split(separator: "\r\n").dropFirst().map { String($0.prefix { $0 != "," }) }
                == ["=1+1", "+1", "-1", "@SUM(A1)", "\tx", "\"\rx\"", "''=x", "'x", "'''", "plain"])
        #expect(try FormatHarness.read(format, guarded) == records)
        #expect(try FormatHarness.read(format, open) == records)
    }

    @Test func escapesTagSeparatorsBackslashesAndEdgeSpaces() throws {
        let citation = Citation(id: "c", text: "t", tags: ["a;b", "c\\d", " e ", "f"])
        let text = try write([.citation(citation)]).text
        #expect(text.contains(",a\\;b;c\\\\d;\\ e\\ ;f,"))
        #expect(try FormatHarness.read(format, text) == [.citation(citation)])
    }

    @Test func writesTheDelimiterItIsTold() throws {
        let text = try write([.task(TaskItem(id: "t", description: "a|b;c"))], options: WriteOptions(delimiter: 0x7C)).text
        #expect(text == "description|progress|created_at|updated_at|id\r\n\"a|b;c\"|0|||t\r\n")
    }

    @Test func writesExtrasAsSortedColumnsAndCountsWhatItCannotPlace() throws {
        var records = [Record.task(TaskItem(id: "a", description: "A", extras: ["z": "1", "m": ""])),
                       .task(TaskItem(id: "b", description: "B", extras: ["Progress": "x", "k": "2"]))]
        records += (0..<CSVWriterTests.lookahead).map { .task(TaskItem(id: "n\($0)", description: "N")) }
        records.append(.task(TaskItem(id: "late", description: "L", extras: ["late": "3"])))
        let written = try write(records)
        #expect(written.text.hasPrefix("description,progress,created_at,updated_at,id,k,m,z\r\nA,0,,,a,,,1\r\nB,0,,,b,2,,\r\n"))
        // The empty value, the extra named like a column, and the extra that came too late.
        #expect(written.losses.fields == ["task.extras": 3])
    }

    static let lookahead = 1024
}
