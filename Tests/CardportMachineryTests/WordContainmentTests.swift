@testable import CardportMachinery
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

    /// Texts that hold one another or almost do: pieces of a few words, hazards of folding included
    /// (capitals, curly quotes, a ligature, full-width letters, a combining accent, CJK, edge punctuation).
    static let pairs: [(String, String)] = {
        let words = ["Truth", "is", "a", "matter", "of", "the", "imagination.", "“soundest”", "ﬁnd", "ｆａｃｔ",
                     "cafe\u{301}", "cafe", "café", "資本論", "  spaced", "it's", "don’t", "e", "3,000", "İstanbul",
                     "istanbul", "x²", "x2", "дело", "Ĳssel", "ijssel", "…", "ſoft", "soft"]
        var generator = SystemRandomNumberGenerator()
        var pairs: [(String, String)] = []
        for _ in 0..<3_000 {
            let long = (0..<Int.random(in: 1...9, using: &generator)).map { _ in words.randomElement(using: &generator)! }
            let from = Int.random(in: 0..<long.count, using: &generator)
            let to = Int.random(in: from..<long.count, using: &generator)
            var short = Array(long[from...to])
            if Bool.random(using: &generator) { short[0] = short[0].uppercased() }
            if Int.random(in: 0...3, using: &generator) == 0 { short = [words.randomElement(using: &generator)!] }
            pairs.append((long.joined(separator: " "), short.joined(separator: " ")))
        }
        return pairs
    }()

    @Test func foldedOnceGivesWhatTheStringsGive() {
        for (long, short) in Self.pairs {
            #expect(WordContainment.eitherContains(WordContainment.Normalised(long), WordContainment.Normalised(short))
                    == WordContainment.eitherContains(long, short), "\(long) | \(short)")
        }
    }
}
