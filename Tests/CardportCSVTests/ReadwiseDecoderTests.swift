import CardportCore
import CardportCSV
import CardportTestSupport
import Foundation
import Testing

@Suite struct ReadwiseDecoderTests {
    let format = CSVFormat(dialect: .readwise)

    func sample() throws -> String {
        try String(contentsOfFile: PackagePaths.sample("readwise-export.csv"), encoding: .utf8)
    }

    @Test func conformsToTheFormatContract() async {
        let header = CSVDialect.readwise.header.joined(separator: ",")
        await FormatConformance.check(format, brokenInput: "\(header)\nQ,B,A,,,,,,,\"2023-01-01,\n")
    }

    @Test func readsTheSampleExport() throws {
        let records = try FormatHarness.read(format, try sample())
        #expect(records.count == 5)
        #expect(records.first == .citation(Citation(
            text: "It is not that we have a short time to live, but that we waste a lot of it.",
            author: "Seneca", source: "On the Shortness of Life", tags: ["stoicism", "time"], isFavourite: true,
            createdAt: Timestamp(parsing: "2023-02-11 08:14:00+00:00"), note: "The opening line.",
            location: CitationLocation(start: 112), colour: "yellow",
            extras: ["Amazon Book ID": "B00HZ4CKU4", "Document tags": "philosophy"])))
        let citations = records.compactMap { record -> Citation? in
            if case .citation(let c) = record { return c }
            return nil
        }
        #expect(citations[2].location == CitationLocation(page: "47"))
        #expect(citations[3].text.contains("\n— quoted by Leslie Lamport"))
        #expect(citations[3].tags == ["writing", "\"thinking\" tools"])
        #expect(citations[3].location == nil)
        #expect(citations[3].extras["Location Type"] == "order")
        #expect(citations[3].extras["Readwise Location"] == "3")
    }

    @Test func thePlainCSVFormatRecognisesTheExport() throws {
        #expect(try FormatHarness.read(CSVFormat(), try sample()) == FormatHarness.read(format, try sample()))
    }

    @Test func refusesAFileThatIsNotAnExport() throws {
        let error = try #require(FormatHarness.error(reading: "Title,Author\nx,y\n", as: format))
        #expect(error.message == "this is not a Readwise export: it has no 'Highlight' column")
    }

    @Test func reportsABadDate() throws {
        let header = CSVDialect.readwise.header.joined(separator: ",")
        let error = try #require(FormatHarness.error(reading: "\(header)\nQ,B,A,,,,,,,yesterday,\n", as: format))
        #expect(error.message == "'yesterday' in column 'Highlighted at' is not an ISO 8601 date")
        #expect(error.location.map { [$0.line, $0.column] } == [2, 13])
        #expect(error.isRecoverable)
    }
}
