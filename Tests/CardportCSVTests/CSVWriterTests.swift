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

    @Test func writesEveryKindInItsOwnSection() throws {
        let topic = Topic(id: "p1", title: "Stoic ethics", dueDate: Timestamp(parsing: "2024-02-15"), status: .inProgress,
                          links: ["https://a.example/x", "b;c"],
                          questions: [Question(text: "What is x = y?", answer: "Up to us", isDone: true), Question(text: "Why?")])
        let text = try write([
            .bookmark(Bookmark(id: "b1", name: "Docs", text: "https://example.org", tags: ["ref"])),
            .task(TaskItem(id: "t1", description: "Read", progress: try TaskProgress(percent: 45))),
            .topic(topic),
        ]).text
        #expect(text == """
            name,url,tags,created_at,updated_at,id\r
            Docs,https://example.org,ref,,,b1\r
            \r
            description,progress,created_at,updated_at,id\r
            Read,45,,,t1\r
            \r
            title,status,due,notes,links,questions,created_at,updated_at,id\r
            Stoic ethics,inProgress,2024-02-15,,"https://a.example/x
            b;c","[x] What is x \\= y? => Up to us
            [ ] Why?",,,p1\r

            """)
        #expect(try FormatHarness.read(format, text) == [
            .bookmark(Bookmark(id: "b1", name: "Docs", text: "https://example.org", tags: ["ref"])),
            .task(TaskItem(id: "t1", description: "Read", progress: try TaskProgress(percent: 45))),
            .topic(topic),
        ])
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
