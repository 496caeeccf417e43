@testable import Cardport
import CardportCore
import CardportMachinery
import CardportTestSupport
import PropertyBased
import Testing

@Suite struct NearDuplicateFinderTests {
    static func roots(_ texts: [String], groups: [UInt64]? = nil, parts: Int? = nil) -> [Int32] {
        let folded = texts.map(TextNormalisation.normalise)
        let entries = folded.indices.map { index in
            var bytes = Array(folded[index].utf8)
            let sketch = bytes.withUnsafeMutableBufferPointer { NearDuplicateFinder.sketch(ofNormalised: UnsafeBufferPointer($0)) }
            return NearDuplicateFinder.Entry(prefix: sketch.prefix, words: sketch.words, group: (groups?[index] ?? 1, 2),
                                             length: UInt32(bytes.count))
        }
        return NearDuplicateFinder.roots(of: entries, parts: parts) { index, buffer in buffer = NormalisationBuffer(folded[index].utf8) }
    }

    @Test func theResultDoesNotDependOnHowTheWorkIsShared() async {
        let words = ["well", "begun", "is", "half", "done", "carpe", "diem", "the", "end"]
        let texts = Generator<[String], Shrinking<[String]>>(run: { rng in
            (0..<Int.random(in: 0...60, using: &rng)).map { _ in
                (0..<Int.random(in: 1...7, using: &rng)).map { _ in words.randomElement(using: &rng)! }.joined(separator: " ")
            }
        }, shrink: Self.fewerTextsAndWords)
        await propertyCheck(count: 200, input: texts) { texts in
            let groups = texts.indices.map { UInt64($0 % 3) }
            let one = Self.roots(texts, groups: groups, parts: 1)
            #expect(Self.roots(texts, groups: groups, parts: 2) == one)
            #expect(Self.roots(texts, groups: groups, parts: 5) == one)
        }
    }

    @Test func findsTextsContainedByWholeWords() {
        #expect(Self.roots(["well begun is half", "Well begun is half done.", "begun is", "is half done", "carpe diem"])
                == [1, -1, 1, 1, -1])
    }

    @Test func aTextEndingWherePunctuationFollowsIsContained() {
        #expect(Self.roots(["Truth is a matter of the imagination.",
                            "Truth is a matter of the imagination. The soundest fact may fail or prevail."]) == [1, -1])
        #expect(Self.roots(["matter of the imagination", "a matter of the imagination;the soundest"]) == [1, -1])
        #expect(Self.roots(["the imagination", "the imaginationé"]) == [-1, -1])
    }

    @Test func aWordInsideAnotherIsNotContainment() {
        #expect(Self.roots(["art of war", "the heart of war"]) == [-1, -1])
        #expect(Self.roots(["he end", "the end of it"]) == [-1, -1])
    }

    @Test func shortTextsOfOneOrTwoWordsAreFound() {
        #expect(Self.roots(["diem", "carpe diem now", "carpe diem"]) == [1, -1, 1])
    }

    @Test func onlyTextsOfTheSameGroupAreCompared() {
        #expect(Self.roots(["well begun", "well begun is half done"], groups: [1, 7]) == [-1, -1])
    }

    @Test func aGroupWithoutShortTextsStillFindsItsOwn() {
        // Only group 1 has texts of one or two words; group 2's texts are found all the same, and
        // a short text is never found in another group's text.
        #expect(Self.roots(["diem", "carpe diem now", "well begun is half", "well begun is half done", "begun"],
                           groups: [1, 1, 2, 2, 1]) == [1, -1, 3, -1, -1])
    }

    /// The index finds exactly what comparing every pair by whole words finds: for each text, the
    /// longest text of its group that contains it (the earliest on a tie), followed to the end.
    @Test func findsWhatComparingEveryPairFinds() async {
        // Words of seven to nine bytes and longer ones that share their first eight bytes: a word's
        // bit comes from its first eight bytes only.
        let words = ["well", "begun", "is", "half", "done", "carpe", "diem", "ünï", "1234567", "12345678",
                     "123456789", "extraordinarily", "extraordinarilz"]
        let texts = Generator<[String], Shrinking<[String]>>(run: { rng in
            (0..<Int.random(in: 0...40, using: &rng)).map { _ in
                let count = Int.random(in: 0...9, using: &rng) < 7 ? Int.random(in: 3...6, using: &rng) : Int.random(in: 1...2, using: &rng)
                return (0..<count).map { _ in words.randomElement(using: &rng)! }.joined(separator: " ")
            }
        }, shrink: Self.fewerTextsAndWords)
        await propertyCheck(count: 300, input: texts) { texts in
            let groups = texts.indices.map { UInt64($0 % 4) }
            #expect(Self.roots(texts, groups: groups, parts: 2) == Self.rootsComparingEveryPair(texts, groups: groups))
        }
    }

    /// A failing list of texts shrinks by texts left out, then by words left out of one text (each
    /// keeps a word, as the generators make them).
    @Sendable static func fewerTextsAndWords(_ texts: [String]) -> sending Shrinking<[String]> {
        Shrinking.removing(from: texts) + Shrinking.replacingEach(in: texts) { Shrinking.removingWords(of: $0) }
    }

    static func rootsComparingEveryPair(_ texts: [String], groups: [UInt64]) -> [Int32] {
        let folded = texts.map(TextNormalisation.normalise)
        func contains(_ a: String, _ b: String) -> Bool {
            a.count > b.count && !b.isEmpty && " \(a) ".contains(" \(b) ")
        }
        var container = [Int](repeating: -1, count: texts.count)
        for b in texts.indices {
            for a in texts.indices where a != b && groups[a] == groups[b] && contains(folded[a], folded[b]) {
                let current = container[b]
                if current < 0 || folded[a].utf8.count > folded[current].utf8.count
                    || (folded[a].utf8.count == folded[current].utf8.count && a < current) {
                    container[b] = a
                }
            }
        }
        return texts.indices.map { index in
            guard container[index] >= 0 else { return -1 }
            var root = container[index]
            while container[root] >= 0 { root = container[root] }
            return Int32(root)
        }
    }

    @Test func chainsEndAtTheLongestContainer() {
        // "a b" is in "a b c", which is in "a b c d": both go to the longest.
        #expect(Self.roots(["alpha beta", "alpha beta gamma", "alpha beta gamma delta"]) == [2, 2, -1])
    }

    @Test func equalTextsAreNotNearDuplicates() {
        #expect(Self.roots(["same words here", "same words here"]) == [-1, -1])
    }
}

extension NearDuplicateFinderTests {
    /// The index sorts its keys as a comparison sort by key, then entry, does, and finds each key's
    /// entries and nothing for keys it does not hold: repeated keys and keys in one bucket included.
    @Test func indexSortsAndFindsItsKeys() async {
        let lists = Generator<[UInt64], Shrinking<[UInt64]>>(run: { rng in
            let pool = (0..<Int.random(in: 1...50, using: &rng)).map { _ in UInt64.random(in: 0...UInt64.max, using: &rng) }
            return (0..<Int.random(in: 0...3_000, using: &rng)).map { _ in
                // Some keys repeat, some share their top bits, most are anywhere.
                switch Int.random(in: 0..<4, using: &rng) {
                case 0: return pool.randomElement(using: &rng)!
                case 1: return pool.randomElement(using: &rng)! ^ UInt64.random(in: 0..<1024, using: &rng)
                default: return UInt64.random(in: 0...UInt64.max, using: &rng)
                }
            }
        }, shrink: { Shrinking.removing(from: $0) })
        await propertyCheck(count: 100, input: lists) { keys in
            let list = keys.enumerated().map { (key: $0.element, entry: Int32($0.offset)) }
            let expected = list.sorted { ($0.key, $0.entry) < ($1.key, $1.entry) }
            let index = NearDuplicateIndex(list)
            #expect(index.keys == expected.map(\.key))
            #expect(index.entries == expected.map(\.entry))
            let byKey = Dictionary(grouping: list, by: \.key).mapValues { $0.map(\.entry) }
            for key in Set(keys) {
                #expect(index.mayContain(key))
                #expect(index.positions(of: key).map(index.entry(at:)) == byKey[key])
            }
            // Next to held keys (in their buckets) and at either end.
            let absentKeys = keys.map { $0 ^ 1 } + [0, 1, UInt64.max, 0x8000_0000_0000_0000]
            for absent in absentKeys where byKey[absent] == nil {
                #expect(index.positions(of: absent).isEmpty)
            }
        }
    }
}

extension NearDuplicateFinderTests {
    /// A group larger than the limit for comparing word bits pair by pair is searched by probing
    /// alone, and finds the same.
    @Test func aGroupTooLargeToCompareEveryPairIsStillSearched() {
        let count = NearDuplicateFinder.pairwiseGroupLimit + 50
        var texts = (0..<count).map { "alpha\($0) beta\($0) gamma\($0) delta\($0)" }
        // Contained in texts 3 and 700, at the start and at the end.
        texts.append("alpha3 beta3 gamma3")
        texts.append("gamma700 delta700")
        var expected = [Int32](repeating: -1, count: texts.count)
        expected[count] = 3
        expected[count + 1] = 700
        #expect(Self.roots(texts, parts: 1) == expected)
        #expect(Self.roots(texts, parts: 2) == expected)
    }
}
