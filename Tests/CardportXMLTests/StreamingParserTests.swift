import CardportCore
import CardportTestSupport
@testable import CardportXML
import Foundation
import Testing

/// Hostile documents fail fast with a clear error and reach nothing outside the input.
@Suite struct StreamingParserTests {
    @Test func refusesAnEntityExpansionBomb() {
        var lines = ["<?xml version=\"1.0\"?>", "<!DOCTYPE opml [", "  <!ENTITY lol \"lol\">"]
        for level in 1...9 {
            let previous = level == 1 ? "lol" : "lol\(level - 1)"
            lines.append("  <!ENTITY lol\(level) \"" + String(repeating: "&\(previous);", count: 10) + "\">")
        }
        lines += ["]>", "<opml version=\"2.0\"><body><outline type=\"link\" text=\"&lol9;\" url=\"https://a\"/></body></opml>"]
        let error = FormatHarness.error(reading: lines.joined(separator: "\n"), as: OPMLFormat(), name: "bomb.opml")
        #expect(error?.code == .limitExceeded)
        #expect(error?.message == "the document declares an entity ('lol'); Cardport reads no entity declarations")
        // Line 3, column 21: after the first two lines and their line feeds, then 20 bytes into the line.
        let offset = lines[0].utf8.count + 1 + lines[1].utf8.count + 1 + 20
        #expect(error?.location == SourceLocation(file: "bomb.opml", line: 3, column: 21, offset: offset))
    }

    @Test func neverReadsAFileThroughAnExternalEntity() throws {
        let scratch = try TemporaryDirectory()
        let secret = try scratch.write("secret.txt", "the launch code is 0000")
        let documents = [
            "<?xml version=\"1.0\"?>\n<!DOCTYPE xbel [ <!ENTITY secret SYSTEM \"file://\(secret)\"> ]>\n<xbel version=\"1.0\"><bookmark href=\"https://a\"><title>&secret;</title></bookmark></xbel>\n",
            "<?xml version=\"1.0\"?>\n<!DOCTYPE xbel [ <!ENTITY secret SYSTEM \"\(secret)\"> ]>\n<xbel version=\"1.0\"><bookmark href=\"https://a\"><title>&secret;</title></bookmark></xbel>\n",
            "<?xml version=\"1.0\"?>\n<!DOCTYPE xbel [ <!ENTITY % remote SYSTEM \"\(secret)\"> %remote; ]>\n<xbel version=\"1.0\"/>\n",
        ]
        for document in documents {
            let error = FormatHarness.error(reading: document, as: XBELFormat(), name: "xxe.xbel")
            #expect(error?.code == .limitExceeded, "\(document)")
            #expect(error?.message.hasPrefix("the document declares an entity") == true)
            #expect(error.map { !$0.rendered(colour: false).contains("launch code") } == true)
        }
    }

    @Test func neverLoadsAnExternalDTD() throws {
        let scratch = try TemporaryDirectory()
        let dtd = try scratch.write("evil.dtd", "<!ENTITY secret \"the launch code is 0000\">")
        let document = """
            <?xml version="1.0"?>
            <!DOCTYPE xbel SYSTEM "\(dtd)">
            <xbel version="1.0"><bookmark href="https://a"><title>&secret;</title></bookmark></xbel>
            """
        let error = FormatHarness.error(reading: document, as: XBELFormat(), name: "dtd.xbel")
        #expect(error?.message == "not well-formed XML: Entity 'secret' not defined")
        #expect(error?.location?.line == 3)
        // The same doctype with no reference reads normally: the DTD is named, never fetched.
        let plain = document.replacingOccurrences(of: "&secret;", with: "A")
        #expect(try FormatHarness.read(XBELFormat(), plain) == [.bookmark(Bookmark(name: "A", text: "https://a"))])
    }

    @Test func refusesAbsurdNesting() {
        let depth = 100_000
        let opml = "<opml version=\"2.0\"><body>" + String(repeating: "<outline text=\"a\">", count: depth)
            + String(repeating: "</outline>", count: depth) + "</body></opml>"
        let error = FormatHarness.error(reading: opml, as: OPMLFormat(), name: "deep.opml")
        #expect(error?.code == .limitExceeded)
        #expect(error?.message == "elements nest deeper than the maximum depth (200)")
        #expect(error?.hint == "raise it with --max-depth 400")

        let html = "<!DOCTYPE NETSCAPE-Bookmark-file-1>\n" + String(repeating: "<DL><p><DT><H3>a</H3>\n", count: depth)
        let htmlError = FormatHarness.error(reading: html, as: NetscapeBookmarksFormat(), name: "deep.html")
        #expect(htmlError?.code == .limitExceeded)
        #expect(htmlError?.message == "folders nest deeper than the maximum depth (200)")
    }

    @Test func reportsMalformedXMLWithItsLine() {
        let error = FormatHarness.error(reading: "<opml version=\"2.0\">\n  <body>\n    <outline text=\"a & b\"/>\n  </body>\n</opml>\n",
                                        as: OPMLFormat(), name: "amp.opml")
        #expect(error?.code == .malformedInput)
        #expect(error?.location?.file == "amp.opml")
        #expect(error?.location?.line == 3)
        #expect(error?.sourceLine == "    <outline text=\"a & b\"/>")
        #expect(error?.message.hasPrefix("not well-formed XML: ") == true)
    }

    @Test func reportsInvalidUTF8InOneLine() throws {
        let bytes = Array("<opml version=\"2.0\"><body><outline type=\"link\" text=\"Bad ".utf8) + [0xC3, 0x20]
            + Array("x\" url=\"https://a\"/></body></opml>\n".utf8)
        var failure: CardportError?
        do { _ = try FormatHarness.read(OPMLFormat(), bytes: bytes, name: "bad.opml") } catch { failure = error }
        #expect(failure?.code == .malformedInput)
        #expect(failure?.location?.line == 1)
        #expect(failure?.message.contains("\n") == false)
        #expect(failure?.message.hasPrefix("not well-formed XML: Input is not proper UTF-8") == true)
    }

    @Test func readsAnInputLargerThanOneChunkInBoundedPieces() throws {
        var text = "<?xml version=\"1.0\"?>\n<xbel version=\"1.0\">\n"
        for index in 0..<5000 {
            text += "  <bookmark href=\"https://example.org/\(index)\"><title>Page \(index) &amp; more</title></bookmark>\n"
        }
        text += "</xbel>\n"
        #expect(text.utf8.count > 4 * StreamingParser.chunkSize)
        let records = try FormatHarness.read(XBELFormat(), text)
        #expect(records.count == 5000)
        #expect(records.last == .bookmark(Bookmark(name: "Page 4999 & more", text: "https://example.org/4999")))
    }
}
