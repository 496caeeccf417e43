@testable import CardportTodoTxt
import Testing

@Suite struct TodoTxtWriterTests {
    @Test(arguments: [
        ("Call Mum +family", false, "Call Mum +family", true),
        ("Two\nlines\r\nhere", false, "Two lines  here", false),
        ("\u{FEFF}Starts with a mark", false, "Starts with a mark", false),
        ("x marks the spot", false, "x marks the spot", false),
        ("(B) looks like a priority", false, "(B) looks like a priority", false),
        ("2024-01-02 looks like a date", false, "2024-01-02 looks like a date", false),
        ("Ask about due:friday", false, "Ask about due:friday", false),
        ("Reach progress:50", true, "Reach progress:50", true),
        ("Keep pri:A", false, "Keep pri:A", true),
        ("Keep pri:A", true, "Keep pri:A", false),
    ])
    func writesTextAsALineCanHoldIt(_ text: String, _ isDone: Bool, _ line: String, _ isExact: Bool) {
        let written = TodoTxtWriter.lineText(text, isDone: isDone)
        #expect(written.text == line)
        #expect(written.isExact == isExact)
    }

    @Test func mapsTaskwarriorPrioritiesAndDueDates() {
        #expect(TodoTxtWriter.letter("H") == "A")
        #expect(TodoTxtWriter.letter("L") == "C")
        #expect(TodoTxtWriter.letter("Q") == "Q")
        #expect(TodoTxtWriter.letter("high") == nil)
        #expect(TodoTxtWriter.dueDay("20240110T230000Z") == "2024-01-10")
        #expect(TodoTxtWriter.dueDay("2024-01-10T08:00:00+02:00") == "2024-01-10")
        #expect(TodoTxtWriter.dueDay("20241310T000000Z") == nil)
        #expect(TodoTxtWriter.dueDay("friday") == nil)
    }
}
