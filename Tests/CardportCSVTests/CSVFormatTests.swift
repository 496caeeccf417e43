import CardportCore
import CardportCSV
import CardportTestSupport
import PropertyBased
import Foundation
import Testing

@Suite struct CSVFormatTests {
    let format = CSVFormat()

    @Test func conformsToTheFormatContract() async {
        await FormatConformance.check(format, brokenInput: "text,author\n\"Ars longa,Hippocrates\n", project: CSVCards.kept)
    }

    @Test(arguments: CSVCards.delimiters)
    func readsBackWhatItWritesForEveryDelimiter(_ delimiter: UInt8) async {
        await propertyCheck(count: 150, input: CSVCards.library) { library in
            let written = try FormatHarness.write(format, library.records, options: WriteOptions(delimiter: delimiter))
            let expected = CSVCards.kept(library)
            // Told the delimiter, and sniffing it from the header.
            let told = try FormatHarness.read(format, written.text, options: ReadOptions(delimiter: delimiter))
            #expect(Library(told) == expected)
            #expect(Library(try FormatHarness.read(format, written.text)) == expected)
        }
    }

    @Test func readsBackWhatItWritesWithoutTheFormulaGuard() async {
        await propertyCheck(count: 100, input: CSVCards.library) { library in
            let written = try FormatHarness.write(format, library.records, options: WriteOptions(formulaGuard: false))
            #expect(Library(try FormatHarness.read(format, written.text)) == CSVCards.kept(library))
        }
    }

    @Test func readsBackRecordsOfEveryKindInAnyOrder() async {
        await propertyCheck(count: 100, input: RandomCards.library(of: [.citation, .bookmark, .task, .topic])) { library in
            let records = library.records.shuffled()
            let written = try FormatHarness.write(format, records)
            #expect(try FormatHarness.read(format, written.text) == records.compactMap(CSVCards.kept))
        }
    }

    @Test func countsRecordsItCannotHold() throws {
        let output = ByteOutput()
        let writer = try format.makeWriter(output, options: WriteOptions())
        try writer.write(.tag(Tag(name: "x")))
        try writer.write(.task(TaskItem(id: "t1", description: "Read")))
        try writer.finish()
        #expect(writer.losses.records == [.tag: 1])
        #expect(String(decoding: output.bytes, as: UTF8.self) == "description,progress,created_at,updated_at,id\r\nRead,0,,,t1\r\n")
    }

    @Test func sniffsItsDialectsByTheirHeaders() {
        func sniff(_ format: CSVFormat, _ text: String) -> SniffResult { format.sniff(Array(text.utf8)) }
        let readwise = "Highlight,Book Title,Book Author,Amazon Book ID,Note,Color,Tags,Location Type,Location,Highlighted at,Document tags\n"
        let imports = "Highlight,Title,Author,URL,Note,Location,Date\n"
        let todoist = "TYPE,CONTENT,DESCRIPTION,PRIORITY,INDENT,AUTHOR,RESPONSIBLE,DATE,DATE_LANG,TIMEZONE\n"
        #expect(sniff(CSVFormat(dialect: .readwise), readwise) == .certain)
        #expect(sniff(CSVFormat(dialect: .readwiseImport), imports) == .certain)
        #expect(sniff(CSVFormat(dialect: .todoist), todoist) == .certain)
        #expect(sniff(CSVFormat(dialect: .readwise), imports) == .no)
        #expect(sniff(CSVFormat(dialect: .todoist), readwise) == .no)
        #expect(sniff(format, readwise) == .possible)
        #expect(sniff(format, "text;author\n") == .possible)
        #expect(sniff(format, "name\turl\n") == .certain)
        #expect(sniff(format, "url\tfoo\n") == .possible)
        #expect(sniff(format, "{\"text\":\"a\"}\n") == .no)
        #expect(sniff(format, "==========\n") == .no)
    }

    @Test func isCertainOfATabSeparatedHeaderOfOneKind() {
        // Excel's "Unicode text": tab-separated, a header of columns it knows.
        #expect(format.sniff(Array("Text\tAuthor\tTags\nKnow thyself.\tSocrates\tgreek\n".utf8)) == .certain)
        #expect(format.sniff(Array("Text,Author,Tags\n".utf8)) == .possible)
        #expect(format.sniff(Array("Water the plants\tat home\n".utf8)) == .no)
    }

    @Test func namesEachDialectAsItsOwnFormat() {
        #expect(CSVDialect.allCases.map { CSVFormat(dialect: $0).id } == ["csv", "readwise", "readwise-import", "todoist"])
        #expect(CSVFormat().descriptor.extensions == ["csv", "tsv"])
        #expect(CSVFormat(dialect: .readwise).canWrite == false)
    }

    @Test func writesTabsToTSVFilesByDefault() throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("quotes.tsv")
        let file = try OutputFile(path: path)
        let writer = try format.makeWriter(file.output, options: WriteOptions())
        try writer.write(.citation(Citation(text: "a,b", author: "c")))
        try writer.finish()
        try file.commit()
        let text = try String(contentsOfFile: path, encoding: .utf8)
        #expect(text.hasPrefix("text\tauthor\tsource\t"))
        #expect(text.contains("\r\na,b\tc\t"))
    }
}
