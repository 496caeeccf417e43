import CardportCore
import CardportCSV
import CardportTestSupport
import Foundation
import Testing

@Suite struct ReadwiseImportWriterTests {
    let format = CSVFormat(dialect: .readwiseImport)

    /// What the import CSV holds of a citation.
    static func kept(_ library: Library) -> Library {
        Library(citations: library.citations.map { c in
            Citation(text: c.text, author: c.author, source: c.source, createdAt: c.createdAt, note: c.note,
                     location: c.location?.start.map { CitationLocation(start: $0) })
        })
    }

    @Test func conformsToTheFormatContract() async {
        await FormatConformance.check(format, brokenInput: "Highlight,Title\n\"open,x\n", project: ReadwiseImportWriterTests.kept)
    }

    @Test func readsTheSample() throws {
        let text = try String(contentsOfFile: PackagePaths.sample("readwise-import.csv"), encoding: .utf8)
        let records = try FormatHarness.read(format, text)
        #expect(records.count == 3)
        #expect(records.first == .citation(Citation(
            text: "Simple is better than complex.", author: "Tim Peters", source: "The Zen of Python",
            createdAt: Timestamp(parsing: "2024-02-01T09:30:00Z"), extras: ["URL": "https://peps.python.org/pep-0020/"])))
        #expect(try FormatHarness.read(CSVFormat(), text) == records)
    }

    @Test func writesTheImportColumnsAndCountsTheRest() throws {
        let citation = Citation(text: "=Q", author: "A", source: "S", tags: ["t"], isFavourite: true,
                                createdAt: Timestamp(parsing: "2024-02-01T09:30:00Z"), note: "n",
                                location: CitationLocation(page: "3", start: 40, end: 42),
                                extras: ["URL": "https://a.example", "Color": "red"])
        let written = try FormatHarness.write(format, [.citation(citation)])
        #expect(written.text == "Highlight,Title,Author,URL,Note,Location,Date\r\n'=Q,S,A,https://a.example,n,40,2024-02-01T09:30:00Z\r\n")
        #expect(written.losses.fields == ["citation.tags": 1, "citation.favourite": 1, "citation.location": 1,
                                          "citation.extras": 1])
    }
}
