@testable import CardportMachinery
import Testing

@Suite struct NearestNamesTests {
    @Test func suggestsTheNearestNamesWithinAThirdOfTheLength() {
        #expect(NearestNames.suggestions(for: "ouput", among: ["output", "out-dir", "quiet"]) == ["output"])
        #expect(NearestNames.suggestions(for: "jsn", among: ["json", "jsonl", "yaml"]) == ["json"])
        #expect(NearestNames.suggestions(for: "JSONL", among: ["jsonl"]) == ["jsonl"])
        #expect(NearestNames.suggestions(for: "xyz", among: ["json", "yaml"]).isEmpty)
    }

    @Test func tiesKeepTheOrderGivenAndNamesAreNotRepeated() {
        #expect(NearestNames.suggestions(for: "csb", among: ["tsv", "csv", "csv"]) == ["csv"])
        #expect(NearestNames.didYouMean("jsonx", among: ["json", "jsonl"]) == "did you mean 'json' or 'jsonl'?")
        #expect(NearestNames.didYouMean("zzzz", among: ["json"]) == nil)
    }

    @Test func countsASwapOfNeighboursAsOneEdit() {
        #expect(NearestNames.editDistance(Array("ab"), Array("ba")) == 1)
        #expect(NearestNames.editDistance(Array(""), Array("abc")) == 3)
        #expect(NearestNames.editDistance(Array("kitten"), Array("sitting")) == 3)
    }
}
