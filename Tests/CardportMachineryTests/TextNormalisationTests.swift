@testable import CardportMachinery
import CardportTestSupport
import PropertyBased
import Testing

@Suite struct TextNormalisationTests {
    @Test func lowerCasesASCIIAndUnicode() {
        #expect(TextNormalisation.normalise("Carpe DIEM") == "carpe diem")
        #expect(TextNormalisation.normalise("ÉTÉ À PARIS") == "été à paris")
        #expect(TextNormalisation.normalise("ΣΟΦΊΑ") == "σοφία")
        #expect(TextNormalisation.normalise("ТОСКА") == "тоска")
    }

    @Test func collapsesEveryKindOfWhitespace() {
        #expect(TextNormalisation.normalise("  a \t b\r\n\nc  ") == "a b c")
        #expect(TextNormalisation.normalise("a\u{00A0}b\u{2003}c\u{3000}d\u{2028}e") == "a b c d e")
    }

    @Test func unifiesCurlyQuotesDashesAndEllipses() {
        #expect(TextNormalisation.normalise("it’s ‘so’ “very” «nice»") == "it's 'so' \"very\" \"nice")
        #expect(TextNormalisation.normalise("a – b — c ‐ d − e") == "a - b - c - d - e")
        #expect(TextNormalisation.normalise("wait… what") == "wait... what")
        #expect(TextNormalisation.normalise("wait... what") == TextNormalisation.normalise("wait… what"))
    }

    @Test func trimsPunctuationAtTheEdgesOnly() {
        #expect(TextNormalisation.normalise("“Well begun is half done.”") == "well begun is half done")
        #expect(TextNormalisation.normalise("...and so, on!?") == "and so, on")
        #expect(TextNormalisation.normalise("(aside)") == "aside")
        #expect(TextNormalisation.normalise("¿Qué?") == "qué")
        // Symbols are content, not punctuation.
        #expect(TextNormalisation.normalise("$5 + 3 = 8 ❤️") == "$5 + 3 = 8 ❤️")
    }

    @Test func textThatIsAllPunctuationKeepsItsOwnKey() {
        #expect(TextNormalisation.normalise(" ?!  ") == "?!")
        #expect(TextNormalisation.normalise("…") == "...")
        #expect(TextNormalisation.normalise("") == "")
    }

    @Test func appliesNFKC() {
        #expect(TextNormalisation.normalise("ﬁne") == "fine")
        #expect(TextNormalisation.normalise("Ｆｕｌｌ，ｗｉｄｔｈ") == "full,width")
        #expect(TextNormalisation.normalise("e\u{301}te\u{301}") == "été")
        #expect(TextNormalisation.normalise("x²") == "x2")
    }

    @Test func keepsDifferentWordsApart() {
        #expect(TextNormalisation.normalise("Carpe diem") != TextNormalisation.normalise("Carpe noctem"))
        #expect(TextNormalisation.normalise("a b") != TextNormalisation.normalise("ab"))
    }

    @Test func theFastPathsAgreeWithTheNormaliser() async {
        await propertyCheck(count: 500, input: NormalisationSamples.text) { text in
            #expect(TextNormalisation.normalise(text) == TextNormalisation.normaliseThroughNFKC(text))
        }
    }

    /// One buffer reused for texts long and short, with and without edge punctuation, and for
    /// texts that need the normaliser, holds each text's fold exactly.
    @Test func aReusedBufferHoldsEachFoldExactly() async {
        let texts = Generator<[String], Shrinking<[String]>>(run: { rng in
            (0..<Int.random(in: 1...12, using: &rng)).map { _ in
                let text = NormalisationSamples.text.run(using: &rng)
                return Bool.random(using: &rng) ? "“" + String(repeating: text + " ", count: Int.random(in: 1...30, using: &rng)) + "…" : text
            }
        }, shrink: { texts in
            Shrinking.removing(from: texts, keeping: 1)
                + Shrinking.replacingEach(in: texts) { Shrinking.removingCharacters(of: $0) }
        })
        await propertyCheck(count: 200, input: texts) { texts in
            var buffer = NormalisationBuffer()
            for text in texts {
                TextNormalisation.normalise(text, into: &buffer)
                #expect(buffer.withBytes { String(decoding: $0, as: UTF8.self) } == TextNormalisation.normalise(text))
                #expect(buffer.count == TextNormalisation.normalise(text).utf8.count)
            }
        }
    }

    @Test func everyTableScalarAgreesWithTheNormaliser() {
        // Every scalar the fast path admits, alone and between letters.
        for value in UInt32(0x80)..<0x2_0000 {
            guard NormalisingScalars.isKnownStable(value), let scalar = Unicode.Scalar(value) else { continue }
            let text = "A\(scalar)b"
            if TextNormalisation.normalise(text) != TextNormalisation.normaliseThroughNFKC(text) {
                Issue.record("U+\(String(value, radix: 16, uppercase: true)) folds differently on the fast path")
                return
            }
        }
    }

    @Test func foldingIsIdempotent() async {
        await propertyCheck(count: 300, input: NormalisationSamples.text) { text in
            let once = TextNormalisation.normalise(text)
            #expect(TextNormalisation.normalise(once) == once)
        }
    }
}

extension TextNormalisationTests {
    /// Mostly plain ASCII with spaces, capitals, runs of whitespace and a few other scalars: the
    /// text the eight-bytes-at-a-time path takes, checked against the byte-at-a-time path.
    @Test func theWordAtATimePathAgreesWithTheByteAtATimePath() async {
        let pieces = ["Well", "BEGUN", "is", "half", "done.", " ", " ", " ", "  ", "\t", "\n", "\r\n", "“", "’", "é", "\u{0}",
                      "\u{7F}", "A", "z", "[", "@", "`", "{", "—", "ﬁ", "0123456789"]
        let texts = Generator<String, Shrinking<String>>(run: { rng in
            (0..<Int.random(in: 0...40, using: &rng)).map { _ in pieces.randomElement(using: &rng)! }.joined()
        }, shrink: { Shrinking.removingCharacters(of: $0) })
        await propertyCheck(count: 1000, input: texts) { text in
            #expect(TextNormalisation.normalise(text) == TextNormalisation.normaliseThroughNFKC(text), "\(text.debugDescription)")
        }
    }
}

extension TextNormalisationTests {
    /// Eight-byte words that end in a space, hold two spaces in a row, or stop at a non-ASCII or
    /// control byte part-way: the word path folds the plain bytes before the stop and leaves the
    /// rest to the byte-at-a-time path.
    @Test func wordsThatStopPartWayFoldAsTheByteAtATimePathDoes() {
        let texts = ["Abcdefg Hij", "abcdefg  hij", "abcdefg ", "abcdefg  ", "abcdefg \n", "Abcdéfgh ijk", "ABC\u{1}DEFGH",
                     "a b c d e f g h i", "a  b  c  d  e  f", "Seven! éé and more words", "x       y", " leading words here",
                     "abcdefgh\tijklmnop", "ends with a space at eight ", "Çelik ÖZTÜRK and friends", "abcdefg—hijklmn"]
        for text in texts {
            #expect(TextNormalisation.normalise(text) == TextNormalisation.normaliseThroughNFKC(text), "\(text.debugDescription)")
        }
    }

    /// A stop (a non-ASCII letter, a control byte, a run of spaces, a lone space, a capital) at
    /// every offset of the first words and followed by every short tail: the run before the stop,
    /// and the last word (taken from the text's last eight bytes), fold as byte by byte.
    @Test func runsStopAtEveryOffsetAndTheLastWordFoldsAsByteByByte() {
        var mismatches: [String] = []
        for stop in ["é", "\t", "  ", " ", "\n ", "“", "A", "ß "] {
            for offset in 0..<18 {
                for tailLength in 0..<11 {
                    let text = String("AbCdEfGhIjKlMnOpQr".prefix(offset)) + stop + String("cd eFghijKL".prefix(tailLength))
                    if TextNormalisation.normalise(text) != TextNormalisation.normaliseThroughNFKC(text) { mismatches.append(text) }
                }
            }
        }
        #expect(mismatches.isEmpty, "\(mismatches.prefix(10).map(\.debugDescription))")
    }

    /// Every scalar the table or the ideograph shortcut covers folds as the scalar-by-scalar path
    /// folds it, alone, between letters and after a space.
    @Test func theScalarTableAgreesWithTheScalarByScalarPath() {
        let ranges: [ClosedRange<UInt32>] = [0x80...0x7FF, 0x2000...0x206F, 0x3000...0x30FF, 0xFF00...0xFFEF,
                                             0x3400...0x4DBF, 0x4E00...0x9FFF, 0xAC00...0xD7A3]
        var mismatches: [String] = []
        for range in ranges {
            for value in range {
                guard let scalar = Unicode.Scalar(value) else { continue }
                for text in ["\(scalar)", "A\(scalar)b", "a \(scalar)", "xyz \(scalar)\(scalar) Q"] {
                    guard let expected = TextNormalisation.normaliseScalarByScalar(text) else { continue }
                    if TextNormalisation.normalise(text) != expected { mismatches.append(String(value, radix: 16)) }
                }
            }
        }
        #expect(mismatches.isEmpty, "\(mismatches.prefix(20))")
    }
}
