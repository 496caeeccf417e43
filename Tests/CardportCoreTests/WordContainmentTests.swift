import CardportCore
import Testing

@Suite struct WordContainmentTests {
    @Test func aLongerHighlightContainsTheShorterOneEndingInAFullStop() {
        #expect(WordContainment.contains("Truth is a matter of the imagination. The soundest fact may fail or prevail.",
                                         "Truth is a matter of the imagination."))
    }

    @Test func caseSpacingAndQuotesDoNotMatter() {
        #expect(WordContainment.contains("He said: “Well   begun is half done,” and left.", "well begun is HALF done"))
    }

    @Test func aPieceOfAWordIsNotAWord() {
        #expect(!WordContainment.contains("the imagination", "imagin"))
        #expect(!WordContainment.contains("the imagination", "he imagination"))
        #expect(!WordContainment.contains("cats and dogs", "cat"))
    }

    @Test func aTextContainsItselfAndTheEmptyText() {
        #expect(WordContainment.contains("Well begun.", "well begun"))
        #expect(WordContainment.contains("Well begun.", ""))
        #expect(!WordContainment.contains("", "Well"))
    }

    @Test func scriptsWithoutSpacesMatchAnywhere() {
        #expect(WordContainment.contains("この地域の人々は、川魚から多くを得ていた。", "川魚から"))
        #expect(WordContainment.contains("人新世の「資本論」を読む", "資本論"))
    }

    @Test func eitherDirection() {
        #expect(WordContainment.eitherContains("short one", "a short one indeed"))
        #expect(WordContainment.eitherContains("a short one indeed", "short one"))
        #expect(!WordContainment.eitherContains("apples", "oranges"))
    }
}
