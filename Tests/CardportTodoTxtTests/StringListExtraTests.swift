@testable import CardportTodoTxt
import Testing

@Suite struct StringListExtraTests {
    @Test func readsWhatItWrites() {
        for values in [[], ["a"], ["home", "phone"], ["quote \" backslash \\ tab \t", "é👍🏽", "\u{1}"]] {
            #expect(StringListExtra.parse(StringListExtra.text(values)) == values)
        }
    }

    @Test func readsTaskwarriorsTags() {
        #expect(StringListExtra.parse(#" [ "exam" , "maths" ] "#) == ["exam", "maths"])
        #expect(StringListExtra.parse(#"["\u00e9\ud83d\udc4d"]"#) == ["é👍"])
    }

    @Test func refusesWhatIsNotAListOfStrings() {
        #expect(StringListExtra.parse("exam") == nil)
        #expect(StringListExtra.parse("[1]") == nil)
        #expect(StringListExtra.parse(#"["a",]"#) == nil)
        #expect(StringListExtra.parse(#"["a"] x"#) == nil)
    }
}
