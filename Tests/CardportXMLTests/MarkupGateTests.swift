import CardportCore
import CardportTestSupport
@testable import CardportXML
import Testing

/// Names, attribute values, attribute counts and whole tags are refused at the limits, at their
/// byte, before libxml2 parses them; markup within the limits reads as before, however it falls
/// across chunks.
@Suite struct MarkupGateTests {
    private static let opening = "<?xml version=\"1.0\"?>\n<opml version=\"2.0\"><body>\n"
    private static let closing = "\n</body></opml>\n"

    private func options(fieldSize: Int = ReadLimits.defaultFieldSize,
                         attributes: Int = ReadLimits.defaultAttributes) -> ReadOptions {
        var options = ReadOptions()
        options.limits = ReadLimits(maximumFieldSize: fieldSize, maximumAttributes: attributes)
        return options
    }

    private func error(_ text: String, _ format: any CardFormat, _ options: ReadOptions, name: String) -> CardportError? {
        do {
            _ = try FormatHarness.read(format, text, name: name, options: options)
            return nil
        } catch {
            return error
        }
    }

    /// The location of `line` and `column` in `document`, its byte offset counted from the document
    /// itself (the lines before, then the column), never taken from the error under test.
    private func location(_ name: String, _ line: Int, _ column: Int, in document: String) -> CardportCore.SourceLocation {
        let lines = document.utf8.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
        let offset = lines.prefix(line - 1).reduce(0) { $0 + $1.count + 1 } + column - 1
        return CardportCore.SourceLocation(file: name, line: line, column: column, offset: offset)
    }

    @Test func refusesAnAttributeValueLongerThanTheFieldSize() {
        let value = String(repeating: "x", count: 1025)
        let document = MarkupGateTests.opening + "<outline type=\"link\" url=\"https://a\" text=\"\(value)\"/>" + MarkupGateTests.closing
        let failure = error(document, OPMLFormat(), options(fieldSize: 1024), name: "long.opml")
        #expect(failure?.code == .limitExceeded)
        #expect(failure?.message == "an attribute value is longer than the maximum field size (1K)")
        #expect(failure?.hint == "raise it with --max-field-size 2K")
        // `<outline type="link" url="https://a" text="` is 43 characters: the value starts at column 44.
        #expect(failure?.location == location("long.opml", 3, 44, in: document))
        #expect(failure?.location?.offset == MarkupGateTests.opening.utf8.count + 43)
    }

    @Test func takesAnAttributeValueOfExactlyTheFieldSize() throws {
        let value = String(repeating: "x", count: 1024)
        let tag = "<outline type=\"link\" url=\"https://a\" text=\"\(value)\"/>"
        let records = try FormatHarness.read(OPMLFormat(), MarkupGateTests.opening + tag + MarkupGateTests.closing,
                                             options: options(fieldSize: 1024))
        #expect(records == [.bookmark(Bookmark(name: value, text: "https://a"))])
    }

    @Test func refusesAStartTagLongerThanTwiceTheFieldSize() throws {
        // Three values each within the limit, 3 × 1000 bytes in all.
        let value = String(repeating: "x", count: 1000)
        let tag = "<outline type=\"link\" url=\"https://a\" text=\"\(value)\" title=\"\(value)\" _note=\"\(value)\"/>"
        let failure = error(MarkupGateTests.opening + tag + MarkupGateTests.closing, OPMLFormat(),
                            options(fieldSize: 1024), name: "tag.opml")
        #expect(failure?.message == "a start tag (an element with all its attributes) is longer than twice the maximum field size (1K)")
        #expect(failure?.location == location("tag.opml", 3, 1, in: MarkupGateTests.opening + tag))
        let raised = try FormatHarness.read(OPMLFormat(), MarkupGateTests.opening + tag + MarkupGateTests.closing,
                                            options: options(fieldSize: 2048))
        #expect(raised.count == 1)
    }

    @Test func refusesMoreAttributesThanTheLimitAtTheFirstOneOver() {
        // One attribute a line, so the line of the error says which attribute it is.
        let attributes = (1...300).map { "\n a\($0)=\"v\"" }.joined()
        let document = MarkupGateTests.opening + "<outline type=\"link\" url=\"https://a\"" + attributes + "/>" + MarkupGateTests.closing
        let failure = error(document, OPMLFormat(), options(), name: "many.opml")
        #expect(failure?.code == .limitExceeded)
        #expect(failure?.message == "<outline> has more attributes than the maximum attributes per element (256)")
        #expect(failure?.hint == "raise it with --max-attributes 512")
        // `type` and `url` are the first two: a255 is the 257th attribute, on line 3 + 255.
        #expect(failure?.location == location("many.opml", 258, 2, in: document))
        #expect(failure?.sourceLine == " a255=\"v\"")
    }

    @Test func refusesManyAttributesOnANetscapeLink() {
        let attributes = (1...20).map { " X\($0)=\"v\"" }.joined()
        let document = "<!DOCTYPE NETSCAPE-Bookmark-file-1>\n<DL><p>\n<DT><A HREF=\"https://a\"\(attributes)>A</A>\n</DL>\n"
        let failure = error(document, NetscapeBookmarksFormat(), options(attributes: 10), name: "many.html")
        #expect(failure?.message == "<A> has more attributes than the maximum attributes per element (10)")
        // `<DT><A HREF="https://a"` is 23 characters, then ` X1="v"` … ` X9="v"` seven each: X10, the
        // eleventh attribute, starts after one more space.
        #expect(failure?.location == location("many.html", 3, 23 + 9 * 7 + 2, in: document))
        let raised = try? FormatHarness.read(NetscapeBookmarksFormat(), document, options: options(attributes: 21))
        #expect(raised?.count == 1)
    }

    @Test func measuresAnUnquotedHTMLValue() throws {
        let document = "<!DOCTYPE NETSCAPE-Bookmark-file-1>\n<DL><p>\n<DT><A HREF=https://" + String(repeating: "a", count: 2000) + ">A</A>\n</DL>\n"
        let failure = error(document, NetscapeBookmarksFormat(), options(fieldSize: 1024), name: "bare.html")
        #expect(failure?.message == "an attribute value is longer than the maximum field size (1K)")
        // `<DT><A HREF=` is 12 characters.
        #expect(failure?.location == location("bare.html", 3, 13, in: document))
        let read = try FormatHarness.read(NetscapeBookmarksFormat(), document, options: options(fieldSize: 4096))
        #expect(read.count == 1)
    }

    @Test func refusesAnElementNameLongerThanTheFieldSize() {
        let name = String(repeating: "n", count: 300)
        let failure = error(MarkupGateTests.opening + "<\(name)/>" + MarkupGateTests.closing, OPMLFormat(),
                            options(fieldSize: 256), name: "name.opml")
        #expect(failure?.message == "an element name is longer than the maximum field size (256)")
        #expect(failure?.location == location("name.opml", 3, 2, in: MarkupGateTests.opening))
    }

    @Test func refusesACommentLongerThanTheFieldSize() {
        let comment = "<!--" + String(repeating: "c", count: 2000) + "-->"
        let failure = error(MarkupGateTests.opening + comment + MarkupGateTests.closing, OPMLFormat(),
                            options(fieldSize: 1024), name: "comment.opml")
        #expect(failure?.message == "a comment is longer than the maximum field size (1K)")
        #expect(failure?.location == location("comment.opml", 3, 1, in: MarkupGateTests.opening))
    }

    @Test func readsMarkupThatFallsAcrossChunks() throws {
        // Values longer than a chunk, a `>` in quotes, in a comment, in CDATA and in an internal subset.
        let long = String(repeating: "a", count: StreamingParser.chunkSize + 100)
        let document = """
            <?xml version="1.0"?>
            <!DOCTYPE xbel [ <!ELEMENT xbel ANY> ]>
            <xbel version="1.0">
            <!-- a comment with > and - inside -->
            <bookmark href="https://a/?q=>" id="\(long)"><title><![CDATA[<b>bold</b> > ]]></title></bookmark>
            <bookmark href="https://b"><title>\(long)</title></bookmark>
            </xbel>
            """
        let records = try FormatHarness.read(XBELFormat(), document)
        #expect(records.count == 2)
        #expect(records.first.map { if case .bookmark(let b) = $0 { b.text == "https://a/?q=>" && b.name == "<b>bold</b> > " } else { false } } == true)
        #expect(records.last.map { if case .bookmark(let b) = $0 { b.name == long } else { false } } == true)
    }
}
