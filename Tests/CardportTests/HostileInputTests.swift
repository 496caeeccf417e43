import Cardport
import CardportCore
import CardportMachinery
import CardportTestSupport
import Foundation
import Testing

/// Bad input of every kind: each limit hit in each reader that has it, text that is not UTF-8, and
/// binary files given by mistake. Each case asserts the whole error: code, message, hint, location.
@Suite struct HostileInputTests {
    private let registry = FormatRegistry.standard

    /// The error reading `bytes` as `format` through the bounded reader commands use.
    private func error(_ format: String, _ bytes: [UInt8], limits: ReadLimits = ReadLimits(),
                       name: String = "in") throws -> CardportError {
        var options = ReadOptions()
        options.limits = limits
        do {
            let input = try ByteInput(bytes: bytes, name: name)
            _ = try registry.format(named: format).makeBoundedReader(input, options: options).readAll()
        } catch {
            return error
        }
        throw CardportError(.usage, "reading as \(format) did not fail")
    }

    private func error(_ format: String, _ text: String, limits: ReadLimits = ReadLimits(), name: String = "in") throws -> CardportError {
        try error(format, Array(text.utf8), limits: limits, name: name)
    }

    /// The error inspecting a file, as `cardport inspect` reads it.
    private func inspectionError(_ path: String, from: String? = nil, limits: ReadLimits) -> CardportError? {
        var options = ReadOptions()
        options.limits = limits
        do {
            _ = try Inspection(registry: registry).run(path: path, from: from, options: options)
            return nil
        } catch {
            return error
        }
    }

    /// The location of `line` and `column` in `text`, its byte offset counted here from the text itself
    /// (the bytes of the lines before, then the column's), never taken from the error under test.
    private func at(_ name: String, _ line: Int, _ column: Int, in text: String) -> CardportCore.SourceLocation {
        let lines = text.utf8.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
        let offset = lines.prefix(line - 1).reduce(0) { $0 + $1.count + 1 } + column - 1
        return CardportCore.SourceLocation(file: name, line: line, column: column, offset: offset)
    }

    private func at(_ path: String, _ line: Int, _ column: Int) throws -> CardportCore.SourceLocation {
        at(path, line, column, in: try String(contentsOfFile: path, encoding: .utf8))
    }

    // MARK: The limits themselves

    @Test func limitsHaveDocumentedDefaultsAndFlags() {
        let limits = ReadLimits()
        #expect(limits.maximumInputSize == 256 << 20)
        #expect(limits.maximumFieldSize == 16 << 20)
        #expect(limits.maximumDepth == 200)
        #expect(limits.maximumRecords == 50_000_000)
        #expect(limits.maximumExpansion == 1_000_000)
        #expect(ReadOptions().limits == limits)
        #expect(ReadLimits.Limit.allCases.map(\.flag) == ["--max-input-size", "--max-field-size", "--max-depth", "--max-records", "--max-expansion", "--max-attributes"])
        #expect(limits.hint(for: .inputSize) == "raise it with --max-input-size 512M")
        #expect(limits.hint(for: .depth) == "raise it with --max-depth 400")
        #expect(ReadLimits(maximumDepth: 8000).hint(for: .depth) == "raise it with --max-depth 10000")
        #expect(ReadLimits(maximumDepth: 50_000).maximumDepth == ReadLimits.depthCeiling)
        #expect(ReadLimits(maximumDepth: 10_000).hint(for: .depth) == "10000 is the most --max-depth allows; flatten the input's nesting")
        #expect(ReadLimits().maximumAttributes == 256)
        #expect(ReadLimits().hint(for: .attributes) == "raise it with --max-attributes 512")
    }

    @Test func sizesTakeSuffixes() {
        #expect(ReadLimits.parseSize("512M") == 512 << 20)
        #expect(ReadLimits.parseSize("2g") == 2 << 30)
        #expect(ReadLimits.parseSize("64KiB") == 64 << 10)
        #expect(ReadLimits.parseSize("1000") == 1000)
        #expect(ReadLimits.parseSize("12Q") == nil)
        #expect(ReadLimits.parseSize("0") == nil)
        #expect(ReadLimits.parseSize("-1M") == nil)
        #expect(ReadLimits.parseSize("99999999999999999999G") == nil)
        #expect(ReadLimits.formatSize(256 << 20) == "256M")
        #expect(ReadLimits.formatSize(3 << 30) == "3G")
        #expect(ReadLimits.formatSize(1536) == "1536")
    }

    // MARK: Maximum input size

    @Test func aFileReadWholeIsBoundedByTheInputSize() throws {
        let scratch = try TemporaryDirectory()
        let entry = "Book (Author)\n- Your Highlight on page 1 | Location 1-2 | Added on Monday, 1 January 2024 10:00:00\n\nText\n==========\n"
        let path = try scratch.write("clippings.txt", String(repeating: entry, count: 40))
        let error = try #require(inspectionError(path, from: "kindle", limits: ReadLimits(maximumInputSize: 2048)))
        #expect(error.code == .limitExceeded)
        #expect(error.message == "'\(path)' is read whole, and is larger than the maximum input size (2K)")
        #expect(error.hint == "raise it with --max-input-size 4K")
        #expect(error.location == CardportCore.SourceLocation(file: path, line: 1, column: 1, offset: 0))
        #expect(inspectionError(path, from: "kindle", limits: ReadLimits(maximumInputSize: 8192)) == nil)
    }

    @Test func aRecordLargerThanTheInputSizeIsRefusedWhereItStarts() throws {
        let scratch = try TemporaryDirectory()
        let long = "{\"kind\":\"citation\",\"text\":\"" + String(repeating: "a", count: 100_000) + "\"}\n"
        let path = try scratch.write("long.jsonl", "{\"kind\":\"citation\",\"text\":\"short\"}\n" + long)
        let error = try #require(inspectionError(path, limits: ReadLimits(maximumInputSize: 64 << 10)))
        #expect(error.code == .limitExceeded)
        #expect(error.message == "a single record is larger than the maximum input size (64K)")
        #expect(error.hint == "raise it with --max-input-size 128K; or the file is not in the format it was read as (check --from)")
        #expect(try error.location == at(path, 2, 1))
        #expect(inspectionError(path, limits: ReadLimits(maximumInputSize: 128 << 10)) == nil)
    }

    // MARK: Maximum field size

    @Test func fieldSizeBoundsACSVRecord() throws {
        let text = "text\nshort\n\"" + String(repeating: "x", count: 3000) + "\"\n"
        let error = try error("csv", text, limits: ReadLimits(maximumFieldSize: 1024))
        #expect(error.code == .limitExceeded)
        #expect(error.message == "a record is larger than the maximum field size (1K)")
        #expect(error.hint == "raise it with --max-field-size 2K; or the file is not CSV, or a quote is never closed (check --from and --delimiter)")
        #expect(error.location == at("in", 3, 1, in: text))
    }

    @Test func fieldSizeBoundsAJSONString() throws {
        let text = "{\"kind\":\"citation\",\"text\":\"" + String(repeating: "y", count: 2000) + "\"}\n"
        let error = try error("jsonl", text, limits: ReadLimits(maximumFieldSize: 1024))
        #expect(error.code == .limitExceeded)
        #expect(error.message == "a string is longer than the maximum field size (1K)")
        #expect(error.hint == "raise it with --max-field-size 2K")
        #expect(error.location == at("in", 1, 28, in: text))
    }

    @Test func fieldSizeBoundsAYAMLScalar() throws {
        let yaml = "- text: ok\n- text: " + String(repeating: "z", count: 2000) + "\n"
        let error = try error("yaml", yaml, limits: ReadLimits(maximumFieldSize: 1024))
        #expect(error.code == .limitExceeded)
        #expect(error.message == "a value is longer than the maximum field size (1K)")
        #expect(error.hint == "raise it with --max-field-size 2K")
        #expect(error.location == at("in", 2, 9, in: yaml))
    }

    @Test func fieldSizeBoundsXMLText() throws {
        let xbel = "<?xml version=\"1.0\"?>\n<xbel version=\"1.0\"><bookmark href=\"https://a\">\n<title>" + String(repeating: "t", count: 2000)
            + "</title></bookmark></xbel>\n"
        let error = try error("xbel", xbel, limits: ReadLimits(maximumFieldSize: 1024))
        #expect(error.code == .limitExceeded)
        #expect(error.message == "a title, description or tag is longer than the maximum field size (1K)")
        #expect(error.hint == "raise it with --max-field-size 2K")
        #expect(error.location?.line == 3)

        let html = "<!DOCTYPE NETSCAPE-Bookmark-file-1>\n<DL><p>\n<DT><A HREF=\"https://a\">" + String(repeating: "t", count: 2000) + "</A>\n</DL>\n"
        let netscape = try self.error("netscape", html, limits: ReadLimits(maximumFieldSize: 1024))
        #expect(netscape.code == .limitExceeded)
        #expect(netscape.message == "a link text or description is longer than the maximum field size (1K)")
        #expect(netscape.hint == "raise it with --max-field-size 2K")
        #expect(netscape.location?.line == 4)
    }

    @Test func fieldSizeBoundsALineOfALineFormat() throws {
        let text = "(A) first task\n(B) " + String(repeating: "w", count: 3000) + "\n"
        let error = try error("todotxt", text, limits: ReadLimits(maximumFieldSize: 1024))
        #expect(error.code == .limitExceeded)
        #expect(error.message == "a line is longer than the maximum field size (1K)")
        #expect(error.hint == "raise it with --max-field-size 2K")
        #expect(error.location == at("in", 2, 1, in: text))
        let buku = "- [a](https://a) <!-- TAGS: x -->\n- [" + String(repeating: "b", count: 3000) + "](https://b)\n"
        let lines = try self.error("buku", buku, limits: ReadLimits(maximumFieldSize: 1024))
        #expect(lines.message == "a line is longer than the maximum field size (1K)")
        #expect(lines.location?.line == 2)
    }

    // MARK: Maximum depth

    @Test func depthBoundsJSON() throws {
        let deep = "{\"citations\":[{\"text\":\"a\",\"x\":" + String(repeating: "[", count: 10) + String(repeating: "]", count: 10) + "}]}"
        let error = try error("cardport", deep, limits: ReadLimits(maximumDepth: 5))
        #expect(error.code == .limitExceeded)
        #expect(error.message == "arrays and objects nest deeper than the maximum depth (5)")
        #expect(error.hint == "raise it with --max-depth 10")
        #expect(error.location == at("in", 1, 35, in: deep))
        var options = ReadOptions()
        options.limits.maximumDepth = 20
        #expect(try FormatHarness.read(registry.format(named: "cardport"), deep, options: options).count == 1)
    }

    @Test func depthBoundsFirefoxFolders() throws {
        var json = "{\"guid\":\"root________\",\"title\":\"\",\"typeCode\":2,\"children\":["
        for level in 0..<8 { json += "{\"title\":\"f\(level)\",\"typeCode\":2,\"children\":[" }
        json += "{\"title\":\"a\",\"typeCode\":1,\"uri\":\"https://a\"}" + String(repeating: "]}", count: 9)
        // Each folder is an object and an array, so the JSON's own depth is reached first.
        let error = try error("firefox", json, limits: ReadLimits(maximumDepth: 5))
        #expect(error.code == .limitExceeded)
        #expect(error.message == "arrays and objects nest deeper than the maximum depth (5)")
        #expect(error.hint == "raise it with --max-depth 10")
        #expect(error.location?.line == 1)
    }

    @Test func depthBoundsXMLAndBookmarkFolders() throws {
        let opml = "<opml version=\"2.0\"><body>\n" + String(repeating: "<outline text=\"a\">", count: 10)
            + String(repeating: "</outline>", count: 10) + "</body></opml>\n"
        let error = try error("opml", opml, limits: ReadLimits(maximumDepth: 5))
        #expect(error.code == .limitExceeded)
        #expect(error.message == "elements nest deeper than the maximum depth (5)")
        #expect(error.hint == "raise it with --max-depth 10")
        #expect(error.location?.line == 2)

        let html = "<!DOCTYPE NETSCAPE-Bookmark-file-1>\n" + String(repeating: "<DL><p><DT><H3>a</H3>\n", count: 10)
        let folders = try self.error("netscape", html, limits: ReadLimits(maximumDepth: 5))
        #expect(folders.code == .limitExceeded)
        #expect(folders.message == "folders nest deeper than the maximum depth (5)")
        #expect(folders.hint == "raise it with --max-depth 10")
        #expect(folders.location?.line == 7)
    }

    @Test func depthBoundsYAMLAndMarkdownLists() throws {
        let yaml = "- text: a\n  extras:\n    x: " + String(repeating: "[", count: 10) + String(repeating: "]", count: 10) + "\n"
        let error = try error("yaml", yaml, limits: ReadLimits(maximumDepth: 5))
        #expect(error.code == .limitExceeded)
        #expect(error.message == "the YAML nests deeper than the maximum depth (5)")
        #expect(error.hint == "raise it with --max-depth 10")
        #expect(error.location?.line == 3)

        let markdown = (0..<8).map { String(repeating: "  ", count: $0) + "- [ ] level \($0)" }.joined(separator: "\n") + "\n"
        let lists = try self.error("markdown", markdown, limits: ReadLimits(maximumDepth: 5))
        #expect(lists.code == .limitExceeded)
        #expect(lists.message == "lists nest deeper than the maximum depth (5)")
        #expect(lists.hint == "raise it with --max-depth 10")
        #expect(lists.location?.line == 6)
    }

    // MARK: Maximum records and expansion

    @Test func recordsPerInputAreBounded() throws {
        let text = (1...5).map { "{\"kind\":\"citation\",\"text\":\"q\($0)\"}" }.joined(separator: "\n") + "\n"
        let error = try error("jsonl", text, limits: ReadLimits(maximumRecords: 3), name: "five.jsonl")
        #expect(error.code == .limitExceeded)
        #expect(error.message == "'five.jsonl' holds more records than the maximum records per input (3)")
        #expect(error.hint == "raise it with --max-records 6")
        #expect(error.location == at("five.jsonl", 4, 1, in: text))
        #expect(!error.isRecoverable)
    }

    @Test func aliasExpansionIsBounded() throws {
        let yaml = "- text: &t a\n- text: *t\n- text: *t\n- text: *t\n- text: *t\n"
        let error = try error("yaml", yaml, limits: ReadLimits(maximumExpansion: 3))
        #expect(error.code == .limitExceeded)
        #expect(error.message == "aliases in this document expand to more values than the maximum expansion (3)")
        #expect(error.hint == "raise it with --max-expansion 6; a document whose aliases multiply (\"billion laughs\") is refused")
        #expect(error.location == at("in", 5, 9, in: yaml))
    }

    @Test func xmlEntitiesAreNeverExpanded() throws {
        let xml = "<?xml version=\"1.0\"?>\n<!DOCTYPE opml [\n<!ENTITY a \"aaaa\">\n]>\n<opml version=\"2.0\"><body/></opml>\n"
        let error = try error("opml", xml)
        #expect(error.code == .limitExceeded)
        #expect(error.message == "the document declares an entity ('a'); Cardport reads no entity declarations")
        #expect(error.location?.line == 3)
    }

    // MARK: Encodings

    /// A document in each format with the byte 0xFF inside a value, and where each reader says it is.
    /// (Kindle clippings are the exception by design: a damaged entry is kept with U+FFFD and a
    /// warning at its line, so one bad entry never stops the other highlights; KindleParserTests.)
    static let invalidUTF8: [(format: String, text: String, line: Int, column: Int, message: String)] = [
        ("cardport", "{\"format\":\"cardport\",\"version\":1,\"citations\":[{\"text\":\"a\u{FFFF}b\"}]}\n", 1, 57, "invalid UTF-8 in a string"),
        ("jsonl", "{\"kind\":\"citation\",\"text\":\"a\u{FFFF}b\"}\n", 1, 29, "invalid UTF-8 in a string"),
        ("favourites", "[{\"quote\":\"a\u{FFFF}b\",\"author\":\"x\"}]\n", 1, 13, "invalid UTF-8 in a string"),
        ("csv", "text,author\na\u{FFFF}b,x\n", 2, 1, "this field is not valid UTF-8 (byte 2 of the field)"),
        ("yaml", "- text: a\u{FFFF}b\n", 1, 10, "invalid leading UTF-8 octet (byte 0xFF)"),
        ("opml", "<?xml version=\"1.0\"?>\n<opml version=\"2.0\"><body><outline type=\"link\" text=\"a\u{FFFF}b\" url=\"https://a\"/></body></opml>\n",
         2, 55, "not well-formed XML: Input is not proper UTF-8, indicate encoding !; Bytes: 0xFF 0x62 0x22 0x20"),
        ("xbel", "<?xml version=\"1.0\"?>\n<xbel version=\"1.0\"><bookmark href=\"https://a\"><title>a\u{FFFF}b</title></bookmark></xbel>\n",
         2, 56, "not well-formed XML: Input is not proper UTF-8, indicate encoding !; Bytes: 0xFF 0x62 0x3C 0x2F"),
        ("netscape", "<!DOCTYPE NETSCAPE-Bookmark-file-1>\n<DL><p><DT><A HREF=\"https://a\">a\u{FFFF}b</A>\n</DL>\n", 2, 33,
         "this is not UTF-8 text (byte 0xFF)"),
        ("markdown", "- [ ] a\u{FFFF}b\n", 1, 8, "this is not UTF-8 text"),
        ("taskwarrior", "[{\"description\":\"a\u{FFFF}b\",\"status\":\"pending\",\"uuid\":\"a0a0a0a0-0000-0000-0000-000000000000\",\"entry\":\"20240101T000000Z\"}]\n",
         1, 19, "invalid UTF-8 in a string"),
        ("firefox", "{\"guid\":\"root________\",\"title\":\"\",\"typeCode\":2,\"children\":[{\"title\":\"a\u{FFFF}b\",\"typeCode\":1,\"uri\":\"https://a\"}]}\n",
         1, 71, "invalid UTF-8 in a string"),
        ("buku", "[{\"uri\":\"https://a\",\"title\":\"a\u{FFFF}b\",\"tags\":\",\",\"description\":\"\",\"index\":1}]\n", 1, 31, "invalid UTF-8 in a string"),
        ("todotxt", "(A) a\u{FFFF}b\n", 1, 1, "invalid UTF-8 in a task"),
    ]

    @Test(arguments: HostileInputTests.invalidUTF8.indices)
    func invalidUTF8IsAnErrorAtTheByteInEveryReader(_ index: Int) throws {
        let (format, text, line, column, message) = HostileInputTests.invalidUTF8[index]
        // U+FFFF stands for the one bad byte: its three UTF-8 bytes become 0xFF.
        var bytes: [UInt8] = []
        var utf8 = Array(text.utf8)[...]
        while let byte = utf8.first {
            if utf8.starts(with: [0xEF, 0xBF, 0xBF]) {
                bytes.append(0xFF)
                utf8 = utf8.dropFirst(3)
            } else {
                bytes.append(byte)
                utf8 = utf8.dropFirst()
            }
        }
        let error = try error(format, bytes)
        #expect(error.code == .malformedInput, "\(format)")
        #expect(error.message == message, "\(format)")
        #expect(error.location?.line == line, "\(format)")
        #expect(error.location?.column == column, "\(format)")
    }

    /// `text` as UTF-16 with its byte-order mark.
    private static func utf16(_ text: String, bigEndian: Bool) -> [UInt8] {
        let units = [0xFEFF] + Array(text.utf16)
        return units.flatMap { bigEndian ? [UInt8($0 >> 8), UInt8($0 & 0xFF)] : [UInt8($0 & 0xFF), UInt8($0 >> 8)] }
    }

    @Test func utf16WithAByteOrderMarkIsReadAsUTF8() throws {
        // Excel's "Unicode text": UTF-16LE, tab-separated, with characters outside the BMP.
        let text = "text\tauthor\nCarpe diem 🌅\tHorace\nΓνῶθι σεαυτόν\t\n"
        let expected = try FormatHarness.read(registry.format(named: "csv"), text)
        for bigEndian in [false, true] {
            #expect(try FormatHarness.read(registry.format(named: "csv"), bytes: Self.utf16(text, bigEndian: bigEndian)) == expected)
        }
        // Errors are located in the text: line and column count characters, as in UTF-8.
        let broken = Self.utf16("{\"kind\":\"citation\",\"text\":\"é\"}\n{\"kind\": 🌅}\n", bigEndian: false)
        let error = try error("jsonl", broken, name: "wide.jsonl")
        #expect(error.code == .malformedInput)
        #expect(error.location?.line == 2)
        #expect(error.location?.column == 10)
        #expect(error.sourceLine == "{\"kind\": 🌅}")
    }

    @Test func utf16IsConvertedAcrossChunksOfAFile() throws {
        // Several megabytes, so characters and surrogate pairs straddle the reads.
        let scratch = try TemporaryDirectory()
        let lines = (0..<60_000).map { "{\"kind\":\"citation\",\"text\":\"quotation \($0) ✓ 🌅 ünïcödé\"}" }
        let path = scratch.file("wide.jsonl")
        try Data(Self.utf16(lines.joined(separator: "\n") + "\n", bigEndian: false)).write(to: URL(fileURLWithPath: path))
        let report = try #require(try Inspection(registry: registry).run(path: path).first)
        #expect(report.format == "jsonl")
        #expect(report.records == 60_000)
        let input = try ByteInput(path: path)
        try input.fillToEnd()
        #expect(String(decoding: input.available, as: UTF8.self) == lines.joined(separator: "\n") + "\n")
    }

    @Test func brokenUTF16IsAnErrorWhereItBreaks() throws {
        // A high surrogate followed by a letter, on line 2.
        var bytes = Self.utf16("- text: a\n- text: ", bigEndian: false) + [0x3D, 0xD8, 0x41, 0x00]
        var error = try error("yaml", bytes, name: "half.yaml")
        #expect(error.code == .malformedInput)
        #expect(error.message == "'half.yaml' is not valid UTF-16 here: a character is cut short or half of a surrogate pair")
        #expect(error.hint == "the file is damaged or not UTF-16; check it, or convert it with iconv -f UTF-16 -t UTF-8")
        #expect(error.location == CardportCore.SourceLocation(file: "half.yaml", line: 2, column: 9, offset: 18))
        // An odd number of bytes: the last character is cut short.
        bytes = Self.utf16("- text: a\n", bigEndian: true) + [0x00]
        error = try self.error("yaml", bytes, name: "odd.yaml")
        #expect(error.message == "'odd.yaml' is not valid UTF-16 here: a character is cut short or half of a surrogate pair")
        #expect(error.location?.line == 2)
    }

    @Test func utf32IsRefusedWithTheCommandThatConverts() throws {
        for bom in [[0xFF, 0xFE, 0x00, 0x00] as [UInt8], [0x00, 0x00, 0xFE, 0xFF]] {
            let error = try error("jsonl", bom + [0x7B, 0x00, 0x00, 0x00], name: "wide.jsonl")
            #expect(error.code == .malformedInput)
            #expect(error.message == "'wide.jsonl' is encoded as UTF-32; Cardport reads UTF-8 and UTF-16")
            #expect(error.hint == "convert it first, e.g. iconv -f UTF-32 -t UTF-8 'wide.jsonl' > converted.txt")
            #expect(error.location == CardportCore.SourceLocation(file: "wide.jsonl", line: 1, column: 1, offset: 0))
        }
    }

    @Test func utf16WithoutAByteOrderMarkIsNamed() throws {
        let little = Array("- text: hello there\n".utf16).flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }
        let error = try error("yaml", little, name: "notes.yaml")
        #expect(error.code == .malformedInput)
        #expect(error.message == "'notes.yaml' looks like UTF-16LE text without a byte-order mark, not a text file Cardport reads")
        #expect(error.hint == "convert it first, e.g. iconv -f UTF-16LE -t UTF-8 FILE > converted.txt")
        let big = Array("- text: hello there\n".utf16).flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] }
        #expect(try self.error("yaml", big, name: "notes.yaml").message
                == "'notes.yaml' looks like UTF-16BE text without a byte-order mark, not a text file Cardport reads")
    }

    @Test func aNULByteIsAnErrorAtItsLineAndColumn() throws {
        let error = try error("jsonl", Array("{\"kind\":\"citation\",\"text\":\"a\"}\n{\"te".utf8) + [0] + Array("xt\":\"b\"}\n".utf8), name: "nul.jsonl")
        #expect(error.code == .malformedInput)
        #expect(error.message == "a NUL byte (0x00) in 'nul.jsonl', which should be text")
        #expect(error.hint == "the file is binary, or not in UTF-8 (UTF-16 without a byte-order mark has one in every other byte)")
        #expect(error.location == CardportCore.SourceLocation(file: "nul.jsonl", line: 2, column: 5, offset: 35))
        #expect(error.sourceLine == "{\"te\0xt\":\"b\"}")
    }

    @Test func aNULByteFarIntoAFileIsFoundAsItIsRead() throws {
        let scratch = try TemporaryDirectory()
        let line = "{\"kind\":\"citation\",\"text\":\"a quotation of a reasonable length for a line\"}\n"
        let count = (3 << 20) / line.utf8.count
        let path = try scratch.write("late.jsonl", String(repeating: line, count: count) + "{\"kind\":\"citation\",\"text\":\"x\0\"}\n")
        let error = try #require(inspectionError(path, limits: ReadLimits()))
        #expect(error.code == .malformedInput)
        #expect(error.message == "a NUL byte (0x00) in '\(path)', which should be text")
        #expect(try error.location == at(path, count + 1, 29))
    }

    /// The first bytes of binary files people give by mistake, and what Cardport says they are.
    static let binaries: [(bytes: [UInt8], looksLike: String, hint: String)] = [
        (Array("PK\u{3}\u{4}".utf8) + Array(repeating: 0x41, count: 40), "a ZIP archive (.zip, or an .epub, .xlsx or .docx file)",
         "unpack it and name the file inside, or name a text file in one of the formats 'cardport formats' lists"),
        ([0x1F, 0x8B, 0x08, 0x00, 0x41], "a gzip-compressed file", "decompress it first, e.g. gunzip -k FILE"),
        (Array("%PDF-1.7\n".utf8), "a PDF document", "name a text file in one of the formats 'cardport formats' lists"),
        (Array("SQLite format 3".utf8) + [0, 0x10, 0], "an SQLite database",
         "a Kobo or Apple Books database is read with --from kobo or --from apple-books; a Cardport store with --store (e.g. cardport export --store FILE -o cards.json)"),
        ([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0], "a PNG image", "name a text file in one of the formats 'cardport formats' lists"),
        ([0xFF, 0xD8, 0xFF, 0xE0, 0, 0x10], "a JPEG image", "name a text file in one of the formats 'cardport formats' lists"),
        (Array("GIF89a".utf8) + [1, 0], "a GIF image", "name a text file in one of the formats 'cardport formats' lists"),
        ([0x7F, 0x45, 0x4C, 0x46, 2, 1, 1, 0], "an ELF executable", "name a text file in one of the formats 'cardport formats' lists"),
        (Array(repeating: 0x41, count: 60) + Array("BOOKMOBI".utf8) + [0, 0], "a MOBI/AZW ebook",
         "Cardport reads a Kindle's highlights from 'My Clippings.txt' in the Kindle's documents folder, not the book"),
        ((0..<200).map { UInt8(($0 * 37) % 256) }, "binary data", "name a text file in one of the formats 'cardport formats' lists"),
    ]

    @Test(arguments: HostileInputTests.binaries.indices)
    func aBinaryFileIsRefusedByWhatItLooksLike(_ index: Int) throws {
        let (bytes, looksLike, hint) = HostileInputTests.binaries[index]
        let scratch = try TemporaryDirectory()
        let path = scratch.file("given.json")
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        for format in ["cardport", "csv", "kindle", "yaml", "opml"] {
            let error = try #require(inspectionError(path, from: format, limits: ReadLimits()))
            #expect(error.code == .malformedInput)
            #expect(error.message == "'\(path)' looks like \(looksLike), not a text file Cardport reads", "\(format)")
            #expect(error.hint == hint)
            #expect(error.location == CardportCore.SourceLocation(file: path, line: 1, column: 1, offset: 0))
        }
    }

    @Test func textIsNotMistakenForBinary() throws {
        for text in ["PK is a text that starts with PK\n", "GIF87 is not a header\n", "- text: \u{1B}[1mbold\u{1B}[0m in a terminal\n"] {
            #expect(BinarySniffer.identify(Array(text.utf8)) == nil, "\(text)")
        }
    }
}
