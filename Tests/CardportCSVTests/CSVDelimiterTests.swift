@testable import CardportCSV
import CardportCore
import CardportTestSupport
import Testing

@Suite struct CSVDelimiterTests {
    private func guess(_ text: String) -> Character {
        Character(Unicode.Scalar(CSVDelimiter.guess(Array(text.utf8))))
    }

    @Test func takesTheMostFrequentOutsideQuotes() {
        #expect(guess("text;author;tags\n") == ";")
        #expect(guess("text\tauthor\n") == "\t")
        // Three commas inside the quotes, two semicolons outside them.
        #expect(guess("\"Title, subtitle, part, two\";Author;Tags\n") == ";")
    }

    @Test func breaksATieInTheOrderCommaTabSemicolonBar() {
        #expect(guess("a;b,c\n") == ",")
        #expect(guess("a|b\tc\n") == "\t")
        #expect(guess("a|b;c\n") == ";")
    }

    @Test func looksPastLinesWithNoneAndFallsBackToAComma() {
        #expect(guess("\n\ntext|author\n") == "|")
        #expect(guess("text\n") == ",")
        #expect(guess("") == ",")
    }

    @Test func theSniffSplitsTheHeaderWhereTheReaderDoes() throws {
        // As many commas as semicolons, but the commas are quoted: both split at the semicolons.
        let text = "text;author;\"notes, comments, remarks\"\nHello;Me;n\n"
        #expect(CSVFormat.firstLine(Array(text.utf8)) == ["text", "author", "notes, comments, remarks"])
        let records = try FormatHarness.read(CSVFormat(), text)
        guard case .citation(let citation) = records.first else {
            Issue.record("no citation in \(records)")
            return
        }
        #expect(citation.text == "Hello")
        #expect(citation.author == "Me")
    }
}
