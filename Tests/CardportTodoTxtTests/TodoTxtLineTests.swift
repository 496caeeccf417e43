import CardportCore
@testable import CardportTodoTxt
import Testing

@Suite struct TodoTxtLineTests {
    private func parse(_ text: String) -> TodoTxtLine? { TodoTxtLine(parsing: Array(text.utf8)[...]) }

    @Test func takesAnOpenTaskApart() throws {
        let line = try #require(parse("(A) 2024-01-02 Call Mum +family @phone due:2024-01-10 t:2024-01-05"))
        #expect(!line.isDone)
        #expect(line.priority == "A")
        #expect(line.created == Timestamp(year: 2024, month: 1, day: 2, isDateOnly: true))
        // Keys Cardport does not map stay in the text, where todo.txt tools look for them.
        #expect(line.text == "Call Mum +family @phone t:2024-01-05")
        #expect(line.projects == ["family"])
        #expect(line.contexts == ["phone"])
        #expect(line.values.map(\.key) == ["due"])
    }

    @Test func takesADoneTaskApart() throws {
        let line = try #require(parse("x 2024-01-05 2024-01-02 Read chapter 3 +study pri:B"))
        #expect(line.isDone)
        #expect(line.completed == Timestamp(year: 2024, month: 1, day: 5, isDateOnly: true))
        #expect(line.created == Timestamp(year: 2024, month: 1, day: 2, isDateOnly: true))
        #expect(line.priority == "B")
        #expect(line.text == "Read chapter 3 +study")
    }

    @Test func whatIsNotAPrefixIsText() throws {
        #expect(parse("xylophone lessons")?.isDone == false)
        #expect(parse("(a) lower-case is not a priority")?.priority == nil)
        #expect(parse("2024-13-01 not a date")?.created == nil)
        #expect(parse("X 2024-01-01 capital X is not done")?.isDone == false)
        #expect(parse("  \t ") == nil)
        #expect(parse("due:2024-01-01")?.text == "due:2024-01-01")
        // `pri:` belongs to done tasks and `progress:` to open ones; elsewhere they are text.
        #expect(parse("Call pri:A")?.text == "Call pri:A")
        #expect(parse("Call pri:A")?.priority == nil)
        #expect(parse("x Read progress:50")?.text == "Read progress:50")
        #expect(parse("a  +b +b @")?.projects == ["b"])
        #expect(parse("a  +b +b @")?.text == "a  +b +b @")
    }

    @Test func rendersWhatItParsed() throws {
        for text in ["(A) 2024-01-02 Call Mum +family @phone due:2024-01-10", "x 2024-01-05 2024-01-02 Read pri:B", "x Plain",
                     "Just text"] {
            #expect(try #require(parse(text)).rendered == text)
        }
    }
}
