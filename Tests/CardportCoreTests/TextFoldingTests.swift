@testable import CardportCore
import CardportMachinery
import CardportTestSupport
import PropertyBased
import Testing

@Suite struct TextFoldingTests {
    @Test func lowerCasesASCIIAndUnicode() {
        #expect(TextFolding.fold("Carpe DIEM") == "carpe diem")
        #expect(TextFolding.fold("ÉTÉ À PARIS") == "été à paris")
        #expect(TextFolding.fold("ΣΟΦΊΑ") == "σοφία")
        #expect(TextFolding.fold("ТОСКА") == "тоска")
    }

    @Test func collapsesEveryKindOfWhitespace() {
        #expect(TextFolding.fold("  a \t b\r\n\nc  ") == "a b c")
        #expect(TextFolding.fold("a\u{00A0}b\u{2003}c\u{3000}d\u{2028}e") == "a b c d e")
    }

    @Test func unifiesCurlyQuotesDashesAndEllipses() {
        #expect(TextFolding.fold("it’s ‘so’ “very” «nice»") == "it's 'so' \"very\" \"nice")
        #expect(TextFolding.fold("a – b — c ‐ d − e") == "a - b - c - d - e")
        #expect(TextFolding.fold("wait… what") == "wait... what")
        #expect(TextFolding.fold("wait... what") == TextFolding.fold("wait… what"))
    }

    @Test func trimsPunctuationAtTheEdgesOnly() {
        #expect(TextFolding.fold("“Well begun is half done.”") == "well begun is half done")
        #expect(TextFolding.fold("...and so, on!?") == "and so, on")
        #expect(TextFolding.fold("(aside)") == "aside")
        #expect(TextFolding.fold("¿Qué?") == "qué")
        // Symbols are content, not punctuation.
        #expect(TextFolding.fold("$5 + 3 = 8 ❤️") == "$5 + 3 = 8 ❤️")
    }

    @Test func textThatIsAllPunctuationKeepsItsOwnKey() {
        #expect(TextFolding.fold(" ?!  ") == "?!")
        #expect(TextFolding.fold("…") == "...")
        #expect(TextFolding.fold("") == "")
    }

    @Test func appliesNFKC() {
        #expect(TextFolding.fold("ﬁne") == "fine")
        #expect(TextFolding.fold("Ｆｕｌｌ，ｗｉｄｔｈ") == "full,width")
        #expect(TextFolding.fold("e\u{301}te\u{301}") == "été")
        #expect(TextFolding.fold("x²") == "x2")
    }

    @Test func keepsDifferentWordsApart() {
        #expect(TextFolding.fold("Carpe diem") != TextFolding.fold("Carpe noctem"))
        #expect(TextFolding.fold("a b") != TextFolding.fold("ab"))
    }

    @Test func theFastPathsAgreeWithTheNormaliser() async {
        await propertyCheck(count: 500, input: FoldingSamples.text) { text in
            #expect(TextFolding.fold(text) == TextFolding.foldThroughNormaliser(text))
        }
    }

    /// One buffer reused for texts long and short, with and without edge punctuation, and for
    /// texts that need the normaliser, holds each text's fold exactly.
    @Test func aReusedBufferHoldsEachFoldExactly() async {
        let texts = Generator<[String], Shrinking<[String]>>(run: { rng in
            (0..<Int.random(in: 1...12, using: &rng)).map { _ in
                let text = FoldingSamples.text.run(using: &rng)
                return Bool.random(using: &rng) ? "“" + String(repeating: text + " ", count: Int.random(in: 1...30, using: &rng)) + "…" : text
            }
        }, shrink: { texts in
            Shrinking.removing(from: texts, keeping: 1)
                + Shrinking.replacingEach(in: texts) { Shrinking.removingCharacters(of: $0) }
        })
        await propertyCheck(count: 200, input: texts) { texts in
            var buffer = FoldBuffer()
            for text in texts {
                TextFolding.fold(text, into: &buffer)
                #expect(buffer.withBytes { String(decoding: $0, as: UTF8.self) } == TextFolding.fold(text))
                #expect(buffer.count == TextFolding.fold(text).utf8.count)
            }
        }
    }

    @Test func everyTableScalarAgreesWithTheNormaliser() {
        // Every scalar the fast path admits, alone and between letters.
        for value in UInt32(0x80)..<0x2_0000 {
            guard FoldingScalars.isKnownStable(value), let scalar = Unicode.Scalar(value) else { continue }
            let text = "A\(scalar)b"
            if TextFolding.fold(text) != TextFolding.foldThroughNormaliser(text) {
                Issue.record("U+\(String(value, radix: 16, uppercase: true)) folds differently on the fast path")
                return
            }
        }
    }

    @Test func foldingIsIdempotent() async {
        await propertyCheck(count: 300, input: FoldingSamples.text) { text in
            let once = TextFolding.fold(text)
            #expect(TextFolding.fold(once) == once)
        }
    }
}

extension TextFoldingTests {
    /// Mostly plain ASCII with spaces, capitals, runs of whitespace and a few other scalars: the
    /// text the eight-bytes-at-a-time path takes, checked against the byte-at-a-time path.
    @Test func theWordAtATimePathAgreesWithTheByteAtATimePath() async {
        let pieces = ["Well", "BEGUN", "is", "half", "done.", " ", " ", " ", "  ", "\t", "\n", "\r\n", "“", "’", "é", "\u{0}",
                      "\u{7F}", "A", "z", "[", "@", "`", "{", "—", "ﬁ", "0123456789"]
        let texts = Generator<String, Shrinking<String>>(run: { rng in
            (0..<Int.random(in: 0...40, using: &rng)).map { _ in pieces.randomElement(using: &rng)! }.joined()
        }, shrink: { Shrinking.removingCharacters(of: $0) })
        await propertyCheck(count: 1000, input: texts) { text in
            #expect(TextFolding.fold(text) == TextFolding.foldThroughNormaliser(text), "\(text.debugDescription)")
        }
    }
}

extension TextFoldingTests {
    /// Eight-byte words that end in a space, hold two spaces in a row, or stop at a non-ASCII or
    /// control byte part-way: the word path folds the plain bytes before the stop and leaves the
    /// rest to the byte-at-a-time path.
    @Test func wordsThatStopPartWayFoldAsTheByteAtATimePathDoes() {
        let texts = ["Abcdefg Hij", "abcdefg  hij", "abcdefg ", "abcdefg  ", "abcdefg \n", "Abcdéfgh ijk", "ABC\u{1}DEFGH",
                     "a b c d e f g h i", "a  b  c  d  e  f", "Seven! éé and more words", "x       y", " leading words here",
                     "abcdefgh\tijklmnop", "ends with a space at eight ", "Çelik ÖZTÜRK and friends", "abcdefg—hijklmn"]
        for text in texts {
            #expect(TextFolding.fold(text) == TextFolding.foldThroughNormaliser(text), "\(text.debugDescription)")
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
                    if TextFolding.fold(text) != TextFolding.foldThroughNormaliser(text) { mismatches.append(text) }
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
                    guard let expected = TextFolding.foldScalarByScalar(text) else { continue }
                    if TextFolding.fold(text) != expected { mismatches.append(String(value, radix: 16)) }
                }
            }
        }
        #expect(mismatches.isEmpty, "\(mismatches.prefix(20))")
    }
}
