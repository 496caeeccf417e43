import CardportMachinery
import PropertyBased
import Testing

@Suite struct WordBitsTests {
    static func bits(_ text: [UInt8]) -> UInt64 {
        text.withUnsafeBufferPointer { WordBits.of($0) }
    }

    /// The bits of each word alone, united: what the bits of a text must be.
    static func bitsWordByWord(_ text: [UInt8]) -> UInt64 {
        WordHashesTests.split(text).reduce(0) { $0 | bits(Array($1.word)) }
    }

    static let texts = WordHashesTests.texts(words: 0...14)

    /// A text's bits depend only on its words: the same as its words' bits one by one, whatever
    /// the words' lengths (across eight-byte steps), the spaces around them and where the text ends.
    @Test func aTextHasTheBitsOfItsWords() async {
        await propertyCheck(count: 300, input: Self.texts) { text in
            #expect(Self.bits(text) == Self.bitsWordByWord(text))
        }
    }

    /// What the near-duplicate pass relies on: a run of whole words of a text has no bit the text lacks.
    @Test func wholeWordsOfATextHaveOnlyItsBits() async {
        await propertyCheck(count: 300, input: Self.texts) { text in
            let all = Self.bits(text)
            let words = WordHashesTests.split(text)
            for first in words.indices {
                for last in first..<words.count {
                    let start = words[first].start
                    let end = words[last].start + words[last].word.count
                    #expect(Self.bits(Array(text[start..<end])) & ~all == 0)
                }
            }
        }
    }

    @Test func aWordHasOneBitAndTextsWithoutWordsNone() {
        for word in WordHashesTests.pool {
            #expect(Self.bits(word).nonzeroBitCount == 1)
        }
        #expect(Self.bits([]) == 0)
        #expect(Self.bits(Array("   ".utf8)) == 0)
    }

    @Test func textsOfOtherWordsHaveBitsTheOtherLacks() {
        let long = Self.bits(Array("the quick brown fox jumps over the lazy dog".utf8))
        let other = Self.bits(Array("a stitch in time saves nine so they say".utf8))
        #expect(other & ~long != 0)
    }
}
