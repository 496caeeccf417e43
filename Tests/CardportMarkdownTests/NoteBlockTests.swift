import CardportCore
@testable import CardportMarkdown
import Testing

@Suite struct NoteBlockTests {
    private func citation(_ id: String) -> Citation {
        Citation(id: id, text: "Text of \(id)")
    }

    @Test func blockIDsAreEightLettersAndDigits() {
        #expect(NoteBlock.ids(of: [citation("1A2B-3C4D-5E6F"), citation("99999999-0000")]) == ["1a2b3c4d", "99999999"])
    }

    @Test func collidingBlockIDsAreLengthenedTogether() {
        let ids = NoteBlock.ids(of: [citation("abcdef12-3456-aaaa"), citation("77777777"), citation("abcdef12-3457-bbbb"),
                                     citation("abcdef12-3456-cccc")])
        // The three that share `abcdef12` need 13 letters and digits to differ; the other keeps eight.
        #expect(ids == ["abcdef123456a", "77777777", "abcdef123457b", "abcdef123456c"])
    }

    @Test func idsThatDifferOnlyInPunctuationGetANumber() {
        #expect(NoteBlock.ids(of: [citation("abcd-efgh-1"), citation("abcdefgh-1"), citation("ABCDEFGH1")])
                == ["abcdefgh1", "abcdefgh1-2", "abcdefgh1-3"])
    }
}
