@testable import CardportKindle
import CardportCore
import Testing

@Suite struct KindleParserTests {
    private func parse(_ text: String) -> KindleParser.Result {
        KindleParser.parse(Array(text.utf8), name: "My Clippings.txt")
    }

    @Test func readsAnEntry() throws {
        let result = parse(KindleFixtures.entry("Dune (Frank Herbert)",
                                                "- Your Highlight on page 12 | Location 123-125 | Added on Sunday, March 5, 2023 10:15:42 PM",
                                                "Fear is the mind-killer."))
        let clipping = try #require(result.clippings.first)
        #expect(result.clippings.count == 1)
        #expect(clipping.kind == .highlight)
        #expect(clipping.book == KindleBook(title: "Dune", author: "Frank Herbert"))
        #expect(clipping.location == CitationLocation(page: "12", start: 123, end: 125))
        #expect(clipping.added?.iso8601 == "2023-03-05T22:15:42")
        #expect(clipping.text == "Fear is the mind-killer.")
        #expect(clipping.line == 1)
        #expect(result.problems.isEmpty)
    }

    @Test func byteOrderMarksAnywhereLeaveNoTrace() {
        let text = "\u{FEFF}" + KindleFixtures.highlight("\u{FEFF}\u{FEFF}Dune (Frank Herbert)", location: "1-2", "one")
            + KindleFixtures.highlight("\u{FEFF}Dune (Frank Herbert)", location: "3-4", "two")
            + KindleFixtures.highlight("Dune (Frank Herbert)", location: "5-6", "three")
        let books = Set(parse(text).clippings.map(\.book))
        #expect(books == [KindleBook(title: "Dune", author: "Frank Herbert")])
    }

    @Test(arguments: ["\r\n", "\n", "\r\r\n"])
    func everyLineEndingReads(_ ending: String) {
        let text = KindleFixtures.entry("A (B)", "- Your Highlight on Location 1-2 | Added on Monday, March 21, 2016 8:35:16 AM",
                                        "line one\(ending)line two", ending: ending)
        let clippings = parse(text).clippings
        #expect(clippings.map(\.text) == ["line one\nline two"])
    }

    @Test func mixedEndingsInOneFile() {
        let text = "A (B)\r\n- Your Note at location 5170 | Added on Wednesday, 13 May 2020 20:55:46\n\r\nfirst\nsecond\r\n==========\n"
            + "A (B)\n- Your Highlight at location 5170-5170 | Added on Wednesday, 13 May 2020 20:55:46\r\n\nthe highlight\r\n==========\r\n"
        let clippings = parse(text).clippings
        #expect(clippings.map(\.text) == ["first\nsecond", "the highlight"])
        #expect(clippings.map(\.kind) == [.note, .highlight])
    }

    @Test func leadingBlankLinesAndSeparatorsAreSkipped() {
        let text = "\r\n==========\r\n\r\n" + KindleFixtures.highlight("A (B)", location: "1-2", "text")
        let result = parse(text)
        #expect(result.clippings.map(\.text) == ["text"])
        #expect(result.clippings.first?.line == 4)
        #expect(result.problems.isEmpty)
    }

    @Test func onlyAWholeSeparatorLineEndsAnEntry() {
        let text = KindleFixtures.highlight("A (B)", location: "1-2", "before ========== after\r\n==========x\r\n =========")
        #expect(parse(text).clippings.map(\.text) == ["before ========== after\n==========x\n ========="])
    }

    @Test func emptyAndMultiLineBodies() {
        let text = KindleFixtures.highlight("A (B)", location: "1-2", "")
            + KindleFixtures.highlight("A (B)", location: "3-4", "one\r\n\r\ntwo\r\n")
        #expect(parse(text).clippings.map(\.text) == ["", "one\n\ntwo"])
    }

    @Test func aMissingBlankLineBeforeTheTextIsTolerated() {
        let text = "A (B)\r\n- Your Highlight on Location 1-2 | Added on Monday, March 21, 2016 8:35:16 AM\r\nno blank line\r\n==========\r\n"
        #expect(parse(text).clippings.map(\.text) == ["no blank line"])
    }

    @Test func theJapaneseClippingLimitMarkerIsRemovedToo() throws {
        let text = KindleFixtures.entry("本 (著者)", "- 位置No. 10-12のハイライト |作成日: 2021年8月3日火曜日 23:24:53",
                                        "この地域の人々は<このアイテムのクリップの上限に達しました>")
            + KindleFixtures.entry("本 (著者)", "- 位置No. 20-22のハイライト |作成日: 2021年8月3日火曜日 23:25:53",
                                   "<このアイテムのクリップの上限に達しました>")
        let clippings = parse(text).clippings
        #expect(clippings.map(\.text) == ["この地域の人々は", ""])
        #expect(clippings.map(\.isTruncated) == [true, true])
    }

    @Test func theClippingLimitMarkerIsRemovedAndFlagged() throws {
        let text = KindleFixtures.highlight("A (B)", location: "1-9",
                                            "Until you become an advanced investor, don't ever buy a stock  <You have reached the clipping limit for this item>")
        let clipping = try #require(parse(text).clippings.first)
        #expect(clipping.text == "Until you become an advanced investor, don't ever buy a stock")
        #expect(clipping.isTruncated)
    }

    @Test func aBadEntryIsReportedWithItsLineAndKeepsItsText() throws {
        let text = KindleFixtures.highlight("A (B)", location: "1-2", "first")
            + KindleFixtures.entry("A (B)", "- Something the device never wrote", "kept")
            + KindleFixtures.highlight("A (B)", location: "5-6", "third")
        let result = parse(text)
        #expect(result.clippings.map(\.text) == ["first", "kept", "third"])
        #expect(result.clippings.map(\.metadataLine) == [nil, "- Something the device never wrote", nil])
        #expect(result.partlyRead == 1)
        #expect(result.unreadable == 0)
        let problem = try #require(result.problems.first)
        // Line 7 starts after the six lines before it, counted here from the text itself.
        let offset = text.utf8.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).prefix(6)
            .reduce(0) { $0 + $1.count + 1 }
        #expect(problem.location == SourceLocation(file: "My Clippings.txt", line: 7, column: 1, offset: offset))
        #expect(problem.sourceLine == "- Something the device never wrote")
        #expect(problem.message.contains("cannot read the metadata line"))
    }

    @Test func anUnreadableDateKeepsTheEntryWithAWarning() throws {
        let text = KindleFixtures.entry("A (B)", "- Your Highlight on Location 1-2 | Added on the first day of spring", "kept")
        let result = parse(text)
        let clipping = try #require(result.clippings.first)
        #expect(clipping.added == nil)
        #expect(clipping.addedText == "Added on the first day of spring")
        #expect(result.problems.count == 1)
        #expect(result.problems.first?.location?.line == 2)
    }

    @Test func invalidUTF8IsReplacedAndReported() {
        var bytes = Array(KindleFixtures.highlight("A (B)", location: "1-2", "ok").utf8)
        let index = bytes.lastIndex(of: UInt8(ascii: "o"))!
        bytes[index] = 0xFF
        let result = KindleParser.parse(bytes, name: "bad.txt")
        #expect(result.clippings.first?.text == "\u{FFFD}k")
        #expect(result.problems.first?.message.contains("not valid UTF-8") == true)
    }

    @Test func anInvalidTitleLineIsReplacedAndReportedOnce() {
        var bytes = Array((KindleFixtures.highlight("Ab (C)", location: "1-2", "one")
                           + KindleFixtures.highlight("Ab (C)", location: "3-4", "two")).utf8)
        for index in bytes.indices where bytes[index] == UInt8(ascii: "b") { bytes[index] = 0xFF }
        let result = KindleParser.parse(bytes, name: "bad.txt")
        #expect(result.clippings.map(\.book.title) == ["A\u{FFFD}", "A\u{FFFD}"])
        #expect(result.clippings.map(\.text) == ["one", "two"])
        #expect(result.problems.map(\.message) == ["the title line 'A\u{FFFD} (C)' is not valid UTF-8; bad bytes were replaced with U+FFFD"])
        #expect(result.problems.first?.location?.line == 1)
    }

    @Test func textsAreTrimmedOfAnyWhiteSpaceAndKeptWholeOtherwise() {
        let file = KindleFixtures.highlight("A (B)", location: "1-2", "\u{3000}ideographic space\u{00A0}")
            + KindleFixtures.highlight("A (B)", location: "3-4", "“curly quotes”")
            + KindleFixtures.highlight("A (B)", location: "5-6", "\u{2003}em space and “quote”")
            + KindleFixtures.highlight("A (B)", location: "7-8", "ümlaut\tand tab\t")
        let result = KindleParser.parse(Array(file.utf8), name: "t.txt")
        #expect(result.clippings.map(\.text) == ["ideographic space", "“curly quotes”", "em space and “quote”", "ümlaut\tand tab"])
    }

    @Test func theWhiteSpaceByteFilterLetsEveryWhiteSpaceCharacterThrough() {
        var checked = 0
        for value in UInt32(0)...0x10FFFF {
            guard let scalar = Unicode.Scalar(value), scalar.properties.isWhitespace else { continue }
            let bytes = Array(String(scalar).utf8)
            #expect(KindleParser.mayStartWhiteSpace(bytes.first!), "U+\(String(value, radix: 16))")
            #expect(KindleParser.mayEndWhiteSpace(bytes.last!), "U+\(String(value, radix: 16))")
            checked += 1
        }
        #expect(checked == 25)
    }
}
