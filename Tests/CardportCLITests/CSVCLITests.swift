import CardportTestSupport
import Foundation
import Testing

@Suite struct CSVCLITests {
    @Test func convertsAReadwiseExportFoundByItsHeader() throws {
        let scratch = try TemporaryDirectory()
        let result = try CLIRunner.run(["convert", "Samples/readwise-export.csv", "-o", scratch.file("h.csv")])
        #expect(result == CLIRunner.Result(status: 0, stdout: "", stderr: """
            read 5 records from Samples/readwise-export.csv (readwise): 5 citations
            wrote 5 records to \(scratch.file("h.csv")) (csv)

            """))
        let lines = try scratch.read("h.csv").components(separatedBy: "\r\n")
        #expect(lines[0] == "text,author,source,tags,favourite,archived,created_at,updated_at,note,location,colour,id,Amazon Book ID,Document tags,Location Type,Readwise Location")
        #expect(lines[1] == "\"It is not that we have a short time to live, but that we waste a lot of it.\",Seneca,On the Shortness of Life,stoicism;time,true,false,2023-02-11T08:14:00+00:00,,The opening line.,location 112,yellow,6ebc4094-66ae-8028-a22b-2b2976e4f2aa,B00HZ4CKU4,philosophy,,")
    }

    @Test func readsExcelsUnicodeTextAsATabSeparatedTable() throws {
        let scratch = try TemporaryDirectory()
        // Excel's "Unicode text" (.txt): UTF-16LE with its byte-order mark, tab-separated, CRLF.
        let table = "Text\tAuthor\tTags\r\nKnow thyself.\tSocrates\tgreek\r\nCarpe diem – seize the day\tHorace\tlatin\r\n"
        let path = scratch.file("quotes.txt")
        try Data([0xFF, 0xFE] + table.utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }).write(to: URL(fileURLWithPath: path))
        let result = try CLIRunner.run(["convert", path, "-o", "-", "--to", "jsonl"])
        #expect(result == CLIRunner.Result(status: 0, stdout: """
            {"kind":"citation","id":"1321ee4f-0cd6-80e2-b955-b32ae589c50a","text":"Know thyself.","author":"Socrates","tags":["greek"],"favourite":false,"archived":false}
            {"kind":"citation","id":"5e829158-a93b-8995-95d7-9ac8f7c1ffe2","text":"Carpe diem – seize the day","author":"Horace","tags":["latin"],"favourite":false,"archived":false}

            """, stderr: """
            read 2 records from \(path) (csv): 2 citations
              1 warning:
            \(path):2:1: warning: read as 'csv' because of its content: as 'kindle', which its extension suggests, it fails here: no Kindle entry could be read; the first: cannot read the metadata line of the entry for 'Text\tAuthor\tTags': it names no kind of entry Cardport knows
                2 | Know thyself. Socrates greek
                  | ^
              hint: pass --from kindle to read it as 'kindle' and see the error
            wrote 2 records to standard output (jsonl)

            """))
    }

    @Test func aCitationWithAURLColumnReadsBackAsACitation() throws {
        let scratch = try TemporaryDirectory()
        let converted = try CLIRunner.run(["convert", "Samples/readwise-import.csv", "-o", scratch.file("rw.csv")])
        #expect(converted.status == 0)
        #expect(try scratch.read("rw.csv").hasPrefix("text,author,source,tags,favourite,archived,created_at,updated_at,note,location,id,URL\r\n"))
        let inspected = try CLIRunner.run(["inspect", scratch.file("rw.csv")])
        #expect(inspected == CLIRunner.Result(status: 0, stdout: """
            \(scratch.file("rw.csv")): csv, 3 records (3 citations)

            """, stderr: ""))
    }

    @Test func writesTheDelimiterAndGuardItIsTold() throws {
        let input = "description;progress\n=1+1;50\n"
        let guarded = try CLIRunner.run(["convert", "-", "--from", "csv", "-o", "-", "--to", "csv", "-q"], stdin: input)
        #expect(guarded == CLIRunner.Result(status: 0, stdout: """
            description,progress,created_at,updated_at,id\r
            '=1+1,50,,,a1c3a85a-5936-80a2-9c75-d5425f8a166e\r

            """, stderr: ""))
        let open = try CLIRunner.run(["convert", "-", "--from", "csv", "-o", "-", "--to", "csv", "--delimiter", ";",
                                      "--no-formula-guard", "-q"], stdin: input)
        #expect(open.stdout.hasPrefix("description;progress;created_at;updated_at;id\r\n=1+1;50;;;"))
    }

    @Test func reportsABadRowCompilerStyleAndSkipsItWhenToldTo() throws {
        let scratch = try TemporaryDirectory()
        let input = try scratch.write("bad.csv", "text,created_at\nGood,2024-01-01\nBad,01/02/2024\n")
        let failed = try CLIRunner.run(["convert", input, "-o", scratch.file("out.jsonl")])
        #expect(failed == CLIRunner.Result(status: 65, stdout: "", stderr: """
            \(input):3:5: error: '01/02/2024' in column 'created_at' is not an ISO 8601 date
                3 | Bad,01/02/2024
                  |     ^
              hint: write dates as 2024-05-01 or 2024-05-01T10:15:00Z

            """))
        #expect(scratch.entries == ["bad.csv"])
        let skipped = try CLIRunner.run(["convert", input, "-o", scratch.file("out.jsonl"), "--keep-going", "-q"])
        #expect(skipped.status == 65)
        #expect(skipped.stderr.contains("\(input):3:5: error: '01/02/2024' in column 'created_at' is not an ISO 8601 date"))
        #expect(try scratch.read("out.jsonl").components(separatedBy: "\n").count == 2)
    }

    @Test func inspectReadsWithTheDelimiterItIsTold() throws {
        let scratch = try TemporaryDirectory()
        let input = try scratch.write("tasks.txt", "description|progress\nRead;slowly|10\n")
        let result = try CLIRunner.run(["inspect", input, "--from", "csv", "--delimiter", "|"])
        #expect(result == CLIRunner.Result(status: 0, stdout: "\(input): csv, 1 record (1 task)\n", stderr: ""))
    }

    @Test func refusesADelimiterThatIsNotOneCharacter() throws {
        let result = try CLIRunner.run(["convert", "Samples/quotes.csv", "-o", "-", "--to", "csv", "--delimiter", "ab"])
        #expect(result.status == 64)
        #expect(result.stderr.contains("'ab' is not a delimiter; use one ASCII character such as , ; | or 'tab'"))
    }
}
