import CardportCore
import CardportCSV
import CardportTestSupport
import Testing

/// The decoder's fast way (a record of ASCII only: strings made without a check, the id hashed from
/// the cells' bytes, a repeated date taken from the cell before) against its general way.
@Suite struct CSVRowDecoderTests {
    let format = CSVFormat()

    func failure(_ bytes: [UInt8]) -> CardportError? {
        do {
            _ = try FormatHarness.read(format, bytes: bytes, name: "bad.csv")
            return nil
        } catch {
            return error
        }
    }

    func citations(_ bytes: [UInt8]) throws -> [Citation] {
        try FormatHarness.read(format, bytes: bytes, name: "in.csv").map { record in
            guard case .citation(let c) = record else { Issue.record("not a citation: \(record)"); return Citation(text: "") }
            return c
        }
    }

    @Test func readsASCIIAndNonASCIIRecordsAlike() throws {
        let header = "text,author,source,tags,favourite,created_at,updated_at,note,location\n"
        let rows = [
            "Carpe diem.,Horace,Odes,latin;life,true,2024-05-01T10:15:00Z,2024-05-01T10:15:00Z,n,12\n",
            "Carpe diem — seize it.,Horácio,Odes,latin;vida,false,2024-05-01T10:15:00Z,2024-06-01,nota,page 3\n",
            "\"Long enough to leave the small-string form, with, commas\",An Author With A Long Name,,,,,,,\n",
        ]
        let read = try citations(Array((header + rows.joined()).utf8))
        #expect(read.count == 3)
        let expected = [
            Citation(text: "Carpe diem.", author: "Horace", source: "Odes", tags: ["latin", "life"], isFavourite: true,
                     createdAt: Timestamp(parsing: "2024-05-01T10:15:00Z"),
                     updatedAt: Timestamp(parsing: "2024-05-01T10:15:00Z"), note: "n",
                     location: CitationLocation(parsing: "12") ?? CitationLocation(start: 12)),
            Citation(text: "Carpe diem — seize it.", author: "Horácio", source: "Odes", tags: ["latin", "vida"],
                     createdAt: Timestamp(parsing: "2024-05-01T10:15:00Z"),
                     updatedAt: Timestamp(parsing: "2024-06-01"), note: "nota",
                     location: CitationLocation(parsing: "page 3")),
            Citation(text: "Long enough to leave the small-string form, with, commas", author: "An Author With A Long Name"),
        ]
        #expect(read == expected)
        // The ids hashed from the cells are those the model derives from the strings.
        for citation in read {
            #expect(citation.id == RecordID.citation(text: citation.text, author: citation.author, source: citation.source))
        }
    }

    @Test func keepsAnIDItIsGivenAndDerivesOneForAnEmptyCell() throws {
        let read = try citations(Array("text,author,id\nA,B,mine\nA,B,\n".utf8))
        #expect(read.map(\.id) == ["mine", RecordID.citation(text: "A", author: "B", source: nil)])
    }

    @Test func takesARepeatedDateFromTheCellBeforeOnlyWhenItIsTheSame() throws {
        let read = try citations(Array("""
            text,created_at,updated_at
            a,2024-05-01T10:15:00Z,2024-05-01T10:15:00Z
            b,2024-05-01T10:15:00Z,2024-05-01T10:15:00.5Z
            c,2024-05-01,2024-05-01T00:00:00Z
            d,,2024-05-01

            """.utf8))
        #expect(read.map { $0.createdAt?.iso8601 } == ["2024-05-01T10:15:00Z", "2024-05-01T10:15:00Z", "2024-05-01", nil])
        #expect(read.map { $0.updatedAt?.iso8601 } == ["2024-05-01T10:15:00Z", "2024-05-01T10:15:00.5Z",
                                                       "2024-05-01T00:00:00Z", "2024-05-01"])
    }

    @Test func reportsABadDateAfterAGoodOne() throws {
        let error = try #require(FormatHarness.error(reading: "text,created_at,updated_at\nQ,2024-05-01,2024-05-1\n",
                                                     as: format, name: "bad.csv"))
        #expect(error.message == "'2024-05-1' in column 'updated_at' is not an ISO 8601 date")
        #expect(error.location.map { [$0.line, $0.column] } == [2, 14])
    }

    @Test func reportsInvalidUTF8BesideValidNonASCIICells() throws {
        // The record is not ASCII, so each cell is checked on its own: the valid ones pass, the bad one
        // is reported at its column (columns count characters: each "é," is two), whichever it is.
        let bad: [UInt8] = [0x41, 0xC3, 0x28]
        for (index, column) in ["text", "author", "source", "tags", "note", "location"].enumerated() {
            var cells: [[UInt8]] = Array(repeating: Array("é".utf8), count: 6)
            cells[index] = bad
            let row = cells.dropFirst().reduce(cells[0]) { $0 + [0x2C] + $1 }
            let bytes = Array("text,author,source,tags,note,location\n".utf8) + row + [0x0A]
            let error = try #require(failure(bytes), "column \(column)")
            #expect(error.code == .malformedInput, "column \(column)")
            #expect(error.message == "this field is not valid UTF-8 (byte 2 of the field)", "column \(column)")
            #expect(error.location.map { [$0.line, $0.column] } == [2, 1 + 2 * index], "column \(column)")
        }
    }

    @Test func readsLongTagListsWithEscapes() throws {
        let tags = (0..<40).map { "tag \($0)" }
        let read = try citations(Array("text,tags\nQ,\(tags.joined(separator: ";"));a\\;b;\\ c\n".utf8))
        #expect(read.first?.tags == tags + ["a;b", " c"])
    }
}
