@testable import CardportStore
import Testing

@Suite struct UnspacedWordsTests {
    @Test func wordsOfScriptsWithoutSpacesAreKeptAsTyped() {
        #expect(UnspacedWords.words("資本論 marx") == ["資本論"])
        // Kana keep their marks: が is not か.
        #expect(UnspacedWords.words("「がんばる」、カタカナ") == ["がんばる", "カタカナ"])
        // Korean is written with spaces: its words are the index's.
        #expect(UnspacedWords.words("한국어를 배우다") == [])
        #expect(UnspacedWords.words("ภาษาไทย") == ["ภาษาไทย"])
        #expect(UnspacedWords.words("Café au lait, naïve") == [])
        #expect(UnspacedWords.words("") == [])
    }

    @Test func anExcerptMarksTheFirstMatchAndSaysWhereTheFieldGoesOn() {
        let start = String(SearchHit.matchStart), end = String(SearchHit.matchEnd)
        #expect(UnspacedWords.excerpt(of: "私はその人を常に先生と呼んでいた。", around: "先生", radius: 3)
                == "…を常に" + start + "先生" + end + "と呼ん…")
        #expect(UnspacedWords.excerpt(of: "先生", around: "先生") == start + "先生" + end)
        #expect(UnspacedWords.excerpt(of: "先生", around: "学生") == nil)
    }
}
