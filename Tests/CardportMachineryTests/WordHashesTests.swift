import CardportMachinery
import CardportTestSupport
import PropertyBased
import Testing

@Suite struct WordHashesTests {
    /// Each word's hash and start, as `WordHashes` gives them.
    static func words(_ text: [UInt8]) -> [(hash: UInt64, start: Int)] {
        var found: [(hash: UInt64, start: Int)] = []
        text.withUnsafeBufferPointer { bytes in
            WordHashes.forEach(bytes) { hash, start in
                found.append((hash, start))
                return true
            }
        }
        return found
    }

    /// The words of a text split on spaces, with their starts: what the hashes must follow.
    static func split(_ text: [UInt8]) -> [(word: ArraySlice<UInt8>, start: Int)] {
        var result: [(word: ArraySlice<UInt8>, start: Int)] = []
        var start: Int?
        for (offset, byte) in text.enumerated() {
            if byte == 0x20 {
                if let begun = start { result.append((text[begun..<offset], begun)) }
                start = nil
            } else if start == nil {
                start = offset
            }
        }
        if let begun = start { result.append((text[begun..<text.count], begun)) }
        return result
    }

    static let pool: [[UInt8]] = [
        Array("a".utf8), Array("ab".utf8), Array("abcdefg".utf8), Array("abcdefgh".utf8),
        Array("abcdefghi".utf8), Array("abcdefghabcdefgh".utf8), Array("abcdefghabcdefghx".utf8),
        Array("zoë".utf8), Array("日本語のテキスト".utf8), [0x61, 0x00], [0x00], [0xFF, 0x80, 0x21],
    ]

    /// Texts of `words` words from ``pool``, with one to three spaces between them and up to two
    /// before, ending with a space or not.
    /// A failing text shrinks by whole scalars (a pool word's invalid bytes stay together).
    static func texts(words: ClosedRange<Int>) -> Generator<[UInt8], Shrinking<[UInt8]>> {
        Generator(run: { rng in
            var text: [UInt8] = Array(repeating: 0x20, count: Int.random(in: 0...2, using: &rng))
            for _ in 0..<Int.random(in: words, using: &rng) {
                text += pool.randomElement(using: &rng)!
                text += Array(repeating: 0x20, count: Int.random(in: 1...3, using: &rng))
            }
            if Bool.random(using: &rng), !text.isEmpty { text.removeLast() }
            return text
        }, shrink: { Shrinking.removingScalars(of: $0) })
    }

    /// Words start where the text splits on spaces, and each word hashes as it does alone,
    /// whatever its length (across eight-byte steps), its bytes (NUL and non-ASCII included), the
    /// spaces around it and where the text ends.
    @Test func wordsStartWhereTheTextSplitsAndHashAsTheyDoAlone() async {
        await propertyCheck(count: 200, input: Self.texts(words: 0...12)) { text in
            let found = Self.words(text)
            let expected = Self.split(text)
            #expect(found.map(\.start) == expected.map(\.start))
            for (word, (hash, _)) in zip(expected.map(\.word), found) {
                #expect(Self.words(Array(word)).map(\.hash) == [hash])
            }
        }
    }

    @Test func differentWordsHashDifferently() {
        let hashes = Self.pool.map { Self.words($0).map(\.hash) }
        #expect(hashes.allSatisfy { $0.count == 1 })
        #expect(Set(hashes.map { $0[0] }).count == Self.pool.count)
    }

    @Test func anEmptyTextOrOnlySpacesHasNoWords() {
        #expect(Self.words([]).isEmpty)
        #expect(Self.words(Array("   ".utf8)).isEmpty)
    }

    @Test func stopsWhenTold() {
        var seen = 0
        Array("one two three four".utf8).withUnsafeBufferPointer { bytes in
            WordHashes.forEach(bytes) { _, _ in
                seen += 1
                return seen < 2
            }
        }
        #expect(seen == 2)
    }
}
