public import CardportCore
import CardportMachinery

/// Splits a "My Clippings.txt" file into entries and reads each one.
///
/// Entries end at lines that are exactly `==========`; a separator inside a line of text does not
/// split. Byte-order marks are dropped wherever a line starts with them (devices write one before
/// many titles, sometimes twice), and `\r\n`, `\r\r\n` and `\n` endings may mix. An entry whose
/// metadata line cannot be read is reported with its line and skipped; the rest is read.
///
/// ```swift
/// let result = KindleParser.parse(Array(text.utf8), name: "My Clippings.txt")
/// result.clippings.count   // entries read
/// result.problems          // entries skipped, with their lines
/// ```
public enum KindleParser {
    /// What a file held.
    public struct Result: Sendable {
        /// The entries read, in file order.
        public var clippings: [KindleClipping] = []
        /// Entries that could not be read, and dates that could not be, as located warnings.
        public var problems: [CardportError] = []
        /// How many entries could not be read at all (a title line and nothing else).
        public var unreadable = 0
        /// How many entries have a metadata line the reader could not fully understand; they keep
        /// their text (``KindleClipping/metadataLine``).
        public var partlyRead = 0
        /// How many line feeds the bytes held, so that the lines of a later part can be numbered.
        var lineFeeds = 0
        /// The distinct title lines, numbered as the entries' ``KindleClipping/titleNumber``.
        var titles = ByteTable<KindleBook>()
    }

    /// The exact separator line.
    static let separator = Array("==========".utf8)

    /// Parses a whole file's bytes (a leading byte-order mark is allowed); given `threads`, a
    /// large file's halves are read at once.
    public static func parse(_ bytes: [UInt8], name: String, threads: (any ReadThreads)? = nil) -> Result {
        bytes.withUnsafeBytes { parse($0, name: name, offset: 0, threads: threads) }
    }

    /// Parses bytes that start at `offset` in the file named `name`.
    ///
    /// Given `threads`, a large file is cut in two at a separator line near its middle and the
    /// halves are read at the same time; the entries come back in file order with their file's
    /// line numbers.
    static func parse(_ bytes: UnsafeRawBufferPointer, name: String, offset: Int, threads: (any ReadThreads)? = nil) -> Result {
        guard let threads, case let parts = KindleParser.parts(of: bytes, threads: threads.count), parts.count > 1 else {
            return parseSequentially(bytes, name: name, offset: offset)
        }
        var results = [Result](repeating: Result(), count: parts.count)
        // The parts are disjoint slices of one read-only buffer, and each task writes only its own
        // result. Each part is numbered from line 1 and moved down by the lines before it afterwards,
        // so that no part waits for the lines of the one before to be counted.
        nonisolated(unsafe) let bytes = bytes
        results.withUnsafeMutableBufferPointer { results in
            nonisolated(unsafe) let results = results
            KindleParts.run(parts.count, on: threads) { i in
                let part = UnsafeRawBufferPointer(rebasing: bytes[parts[i]])
                results[i] = parseSequentially(part, name: name, offset: offset + parts[i].lowerBound)
            }
        }
        // The parts' entries are moved, not copied, into one list: a copy would retain every string
        // of every entry, and freeing the parts release them all again.
        let total = results.reduce(0) { $0 + $1.clippings.count }
        let placeholder = KindleClipping(kind: .bookmark, book: KindleBook(title: "", author: nil), text: "")
        var result = Result()
        var linesBefore = 0
        result.titles = results[0].titles
        result.clippings = [KindleClipping](unsafeUninitializedCapacity: total) { joined, initialized in
            for part in results.indices {
                let shift = initialized
                // A later part's title numbers become the whole file's: the same line keeps the
                // number an earlier part gave it, a new one is numbered after all the earlier ones.
                var titleNumbers: [Int32] = []
                if part > 0 {
                    let titles = results[part].titles
                    for number in 0..<titles.count {
                        titleNumbers.append(Int32(titles.withKey(at: number) { key in
                            switch result.titles.find(key) {
                            case .found(let known): return known
                            case .missing(let place): return result.titles.add(key, titles[number], at: place)
                            }
                        }))
                    }
                }
                results[part].clippings.withUnsafeMutableBufferPointer { entries in
                    guard let first = entries.baseAddress, !entries.isEmpty else { return }
                    (joined.baseAddress! + shift).moveInitialize(from: first, count: entries.count)
                    entries.initialize(repeating: placeholder)
                }
                initialized += results[part].clippings.count
                if part > 0 {
                    for index in shift..<initialized {
                        joined[index].index += shift
                        joined[index].line += linesBefore
                        if joined[index].titleNumber >= 0 {
                            joined[index].titleNumber = titleNumbers[Int(joined[index].titleNumber)]
                        }
                    }
                }
                for var problem in results[part].problems {
                    problem.location?.line += linesBefore
                    result.problems.append(problem)
                }
                result.unreadable += results[part].unreadable
                result.partlyRead += results[part].partlyRead
                linesBefore += results[part].lineFeeds
            }
        }
        result.lineFeeds = linesBefore
        return result
    }

    /// Where to cut a file so its parts can be read at once on `threads` threads: in two at the
    /// first separator line after the middle, when the file is large enough to gain from it.
    static func parts(of bytes: UnsafeRawBufferPointer, threads: Int) -> [Range<Int>] {
        let count = bytes.count
        guard count >= 4 << 20, threads > 1 else { return [0..<count] }
        var position = count / 2
        while position < count, let hit = ByteSearch.first(0x0A, from: bytes.baseAddress! + position, count: count - position) {
            let lineStart = UnsafeRawPointer(hit) - bytes.baseAddress! + 1
            var end = lineStart
            while end < count, end - lineStart < 10, bytes[end] == 0x3D { end += 1 }
            if end - lineStart == 10 {
                while end < count, bytes[end] == 0x0D { end += 1 }
                if end < count, bytes[end] == 0x0A { return [0..<(end + 1), (end + 1)..<count] }
            }
            position = lineStart
        }
        return [0..<count]
    }

    /// Reads a file, or a part of one whose first line is line `firstLine`, on this thread.
    static func parseSequentially(_ bytes: UnsafeRawBufferPointer, name: String, offset: Int, firstLine: Int = 1) -> Result {
        var result = Result()
        result.clippings.reserveCapacity(bytes.count / 256)
        var books = ByteTable<KindleBook>()
        var plans = KindleMetadataPlans()
        var entry: [Line] = []
        var lineNumber = firstLine
        var position = 0
        let count = bytes.count
        while position < count {
            let newline = ByteSearch.first(0x0A, from: bytes.baseAddress! + position, count: count - position)
            let next = newline.map { UnsafeRawPointer($0) - bytes.baseAddress! } ?? count
            var line = Line(start: position, end: next, number: lineNumber)
            while line.end > line.start, bytes[line.end - 1] == 0x0D { line.end -= 1 }
            while line.end - line.start >= 3, bytes[line.start] == 0xEF, bytes[line.start + 1] == 0xBB,
                  bytes[line.start + 2] == 0xBF { line.start += 3 }
            if line.end - line.start == 10, isSeparator(bytes.baseAddress! + line.start) {
                read(entry, bytes, name: name, offset: offset, books: &books, plans: &plans, into: &result)
                entry.removeAll(keepingCapacity: true)
            } else {
                entry.append(line)
            }
            position = next + 1
            lineNumber += 1
        }
        result.lineFeeds = lineNumber - firstLine - (bytes.last == 0x0A || count == 0 ? 0 : 1)
        read(entry, bytes, name: name, offset: offset, books: &books, plans: &plans, into: &result)
        result.titles = books
        return result
    }

    /// Whether the ten bytes at `start` are `==========`: two loads, not a loop.
    @inline(__always)
    private static func isSeparator(_ start: UnsafeRawPointer) -> Bool {
        start.loadUnaligned(as: UInt64.self) == 0x3D3D_3D3D_3D3D_3D3D
            && start.loadUnaligned(fromByteOffset: 8, as: UInt16.self) == 0x3D3D
    }

    /// One line of the file: its content's bytes (without the ending or a leading BOM) and number.
    struct Line {
        var start: Int
        var end: Int
        var number: Int
        var isBlank: Bool { start == end }
    }

    private static func read(_ lines: [Line], _ bytes: UnsafeRawBufferPointer, name: String, offset: Int,
                             books: inout ByteTable<KindleBook>, plans: inout KindleMetadataPlans,
                             into result: inout Result) {
        guard let titleIndex = lines.firstIndex(where: { !isBlank($0, bytes) }) else { return }
        let titleLine = lines[titleIndex]
        // The title as text only where it is needed: a new book, or a message.
        var title: String { string(bytes, titleLine.start, titleLine.end) }
        guard titleIndex + 1 < lines.count else {
            result.unreadable += 1
            result.problems.append(problem("entry has a title line but no metadata line", at: titleLine, title,
                                           name: name, offset: offset,
                                           hint: "an entry is a title line, a line like '- Your Highlight on Location 12-14 | Added on …', a blank line and the text"))
            return
        }
        let metaLine = lines[titleIndex + 1]
        let metaBytes = UnsafeRawBufferPointer(rebasing: bytes[metaLine.start..<metaLine.end])
        // A line the reader cannot fully understand is never guessed at: its entry keeps its text,
        // with the line as written, and is reported where the part not understood starts.
        var metadataLine: String?
        var meta: KindleMetadataLine
        if let parsed = plans.parse(metaBytes) {
            meta = parsed
            if let unread = parsed.problem {
                let text = string(bytes, metaLine.start, metaLine.end)
                metadataLine = text
                meta.location = CitationLocation()
                result.partlyRead += 1
                result.problems.append(problem("cannot read the metadata line of the entry for '\(title)': \(unread.message)",
                                               at: metaLine, column: column(of: unread.offset, in: metaBytes), text,
                                               name: name, offset: offset,
                                               hint: "the text is kept as a citation, with the line in extras.kindle_metadata; a number is read as a page or a location only when a word such as 'page' or 'Location' says so"))
            }
        } else {
            let text = string(bytes, metaLine.start, metaLine.end)
            metadataLine = text
            meta = KindleMetadataLine(kind: .highlight, location: CitationLocation(), dateText: "", added: nil)
            result.partlyRead += 1
            result.problems.append(problem("cannot read the metadata line of the entry for '\(title)': it names no kind of entry Cardport knows",
                                           at: metaLine, text, name: name, offset: offset,
                                           hint: "the text is kept as a citation, with the line in extras.kindle_metadata; expected the kind (highlight, note, bookmark), its location and the date, as Kindle writes them"))
        }
        var bodyStart = titleIndex + 2
        if bodyStart < lines.count, lines[bodyStart].isBlank { bodyStart += 1 }
        var bodyEnd = lines.count
        while bodyEnd > bodyStart, isBlank(lines[bodyEnd - 1], bytes) { bodyEnd -= 1 }
        var (text, isValid) = bodyStart < bodyEnd ? body(lines[bodyStart..<bodyEnd], bytes) : ("", true)
        text = trimmed(text)
        var isTruncated = false
        // Markers end in '>': most texts are ruled out by their last byte.
        if text.utf8.last == 0x3E, let marker = KindleVocabulary.clippingLimitMarkers.first(where: { text.hasSuffix($0) }) {
            text = String(Substring(text.dropLast(marker.count)).trimmingSpaces)
            isTruncated = true
        }
        if !isValid {
            result.problems.append(problem("the text of the entry for '\(title)' is not valid UTF-8; bad bytes were replaced with U+FFFD",
                                           at: lines[bodyStart], nil, name: name, offset: offset,
                                           hint: "the file was probably edited with another encoding; save it as UTF-8"))
        }
        let book: KindleBook
        let titleNumber: Int
        let titleBytes = UnsafeRawBufferPointer(rebasing: bytes[titleLine.start..<titleLine.end])
        switch books.find(titleBytes) {
        case .found(let index):
            book = books[index]
            titleNumber = index
        case .missing(let place):
            book = KindleBook(titleLine: title)
            titleNumber = books.add(titleBytes, book, at: place)
            // Said where the book first appears (in each part, for a file read in two).
            if UTF8Validation.firstInvalidOffset(titleBytes) != nil {
                result.problems.append(problem("the title line '\(title)' is not valid UTF-8; bad bytes were replaced with U+FFFD",
                                               at: titleLine, nil, name: name, offset: offset,
                                               hint: "the file was probably edited with another encoding; save it as UTF-8"))
            }
        }
        if metadataLine == nil && meta.added == nil && meta.kind != .bookmark && !meta.dateText.isEmpty {
            result.problems.append(problem("cannot read the date '\(meta.dateText)'; it is kept as text in extras.kindle_added",
                                           at: metaLine, string(bytes, metaLine.start, metaLine.end),
                                           name: name, offset: offset, hint: nil))
        }
        var clipping = KindleClipping(
            kind: meta.kind, book: book, location: meta.location, added: meta.added,
            addedText: meta.added == nil ? meta.dateText : "",
            text: text, isTruncated: isTruncated, line: titleLine.number, index: result.clippings.count)
        clipping.titleNumber = Int32(titleNumber)
        clipping.metadataLine = metadataLine
        result.clippings.append(clipping)
    }

    /// The body lines joined with `\n` (carriage returns dropped), and whether they were valid UTF-8
    /// (invalid bytes are replaced with U+FFFD).
    private static func body(_ lines: ArraySlice<Line>, _ bytes: UnsafeRawBufferPointer) -> (String, isValid: Bool) {
        let first = lines.first!, last = lines.last!
        let span = UnsafeRawBufferPointer(rebasing: bytes[first.start..<last.end])
        // One slice of the file when the lines are contiguous and end in a bare `\n`.
        var contiguous = true
        var previousEnd = first.start - 1
        for line in lines {
            if line.start != previousEnd + 1 { contiguous = false; break }
            previousEnd = line.end
        }
        if contiguous { return decode(span) }
        var joined: [UInt8] = []
        joined.reserveCapacity(span.count)
        for line in lines {
            if !joined.isEmpty { joined.append(0x0A) }
            joined.append(contentsOf: UnsafeRawBufferPointer(rebasing: bytes[line.start..<line.end]))
        }
        return joined.withUnsafeBytes { decode($0) }
    }

    /// A string from UTF-8 in one pass when it is valid, else with U+FFFD for the bad bytes.
    private static func decode(_ bytes: UnsafeRawBufferPointer) -> (String, isValid: Bool) {
        switch UTF8Validation.string(bytes) {
        case .success(let text): return (text, true)
        case .failure: return (String(decoding: bytes, as: UTF8.self), false)
        }
    }

    /// The text without white space at either end; a text with nothing to trim (nearly every one)
    /// is returned as it is, without making a new string.
    private static func trimmed(_ text: String) -> String {
        guard let (first, last) = text.withUTF8Bytes({ $0.isEmpty ? nil : ($0[0], $0[$0.count - 1]) }) else { return text }
        if mayStartWhiteSpace(first) && text.unicodeScalars.first!.properties.isWhitespace
            || mayEndWhiteSpace(last) && text.unicodeScalars.last!.properties.isWhitespace {
            return String(Substring(text).trimmingSpaces)
        }
        return text
    }

    /// Whether a text whose first UTF-8 byte is `byte` may start with white space: an ASCII space or
    /// control, or the lead byte of U+0085, U+00A0, U+1680 or U+2000–U+3000.
    @inline(__always)
    static func mayStartWhiteSpace(_ byte: UInt8) -> Bool {
        byte <= 0x20 || byte == 0x7F || byte == 0xC2 || byte == 0xE1 || byte == 0xE2 || byte == 0xE3
    }

    /// Whether a text whose last UTF-8 byte is `byte` may end with white space: an ASCII space or
    /// control, or the last byte of one of the white space characters above U+007F (U+0085, U+00A0,
    /// U+1680, U+2000–U+200A, U+2028, U+2029, U+202F, U+205F, U+3000).
    @inline(__always)
    static func mayEndWhiteSpace(_ byte: UInt8) -> Bool {
        switch byte {
        case 0x00...0x20, 0x7F, 0x80...0x8A, 0x9F, 0xA0, 0xA8, 0xA9, 0xAF: return true
        default: return false
        }
    }

    private static func isBlank(_ line: Line, _ bytes: UnsafeRawBufferPointer) -> Bool {
        var i = line.start
        while i < line.end, bytes[i] == 0x20 || bytes[i] == 0x09 { i += 1 }
        return i == line.end
    }

    private static func string(_ bytes: UnsafeRawBufferPointer, _ start: Int, _ end: Int) -> String {
        String(decoding: UnsafeRawBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self)
    }

    private static func problem(_ message: String, at line: Line, column: (scalars: Int, bytes: Int) = (1, 0),
                                _ text: String?, name: String, offset: Int, hint: String?) -> CardportError {
        CardportError(.malformedInput, message,
                      location: SourceLocation(file: name, line: line.number, column: column.scalars,
                                               offset: offset + line.start + column.bytes),
                      sourceLine: text, hint: hint, isRecoverable: true)
    }

    /// The 1-based column (in Unicode scalars) of the byte at `offset` in a line, and the offset.
    private static func column(of offset: Int, in line: UnsafeRawBufferPointer) -> (scalars: Int, bytes: Int) {
        var scalars = 1
        for byte in line[..<min(offset, line.count)] where byte & 0xC0 != 0x80 { scalars += 1 }
        return (scalars, offset)
    }
}
