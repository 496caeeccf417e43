public import CardportCore

/// The second line of a clipping: `- Your Highlight on page 12 | Location 123-125 | Added on …`,
/// in any device language and generation.
///
/// The line is read by its shape, not by one pattern per language: segments split at `|`, the last
/// segment is the date, the kind is the first kind word found (``KindleVocabulary``), and each number
/// belongs to the nearest page or location word before it in its segment (or, in Japanese and
/// Chinese, after it). Kindle 3's abbreviated ranges (`4536-37`) are expanded.
///
/// ```swift
/// let meta = KindleMetadataLine(parsing: Array("- Highlight Loc. 4536-37  | Added on Tuesday, August 21, 2012, 09:32 PM".utf8))
/// meta?.kind                 // .highlight
/// meta?.location.end         // 4537
/// ```
public struct KindleMetadataLine: Sendable, Hashable {
    /// The entry's kind.
    public var kind: KindleClipping.Kind
    /// The page and location the line gives.
    public var location: CitationLocation
    /// The date part as written, words included (`Added on Monday, March 21, 2016 8:35:16 AM`),
    /// when it could not be read; empty when it could.
    public var dateText: String
    /// The date, when it could be read.
    public var added: Timestamp?
    /// What the line says that the reader could not understand, when anything: a number no page or
    /// location word names. Such a line is never guessed at; its entry keeps its text and is reported.
    public var problem: Problem?

    /// A part of a metadata line the reader could not understand.
    public struct Problem: Sendable, Hashable {
        /// The byte offset in the line where the part starts.
        public var offset: Int
        /// What is wrong, for a person.
        public var message: String
    }

    /// Parses a metadata line's bytes; returns `nil` when the line names no kind Cardport knows.
    public init?(parsing bytes: [UInt8]) {
        guard let parsed = bytes.withUnsafeBytes({ KindleMetadataLine.parse($0) }) else { return nil }
        self = parsed
    }

    init(kind: KindleClipping.Kind, location: CitationLocation, dateText: String, added: Timestamp?,
         problem: Problem? = nil) {
        self.kind = kind
        self.location = location
        self.dateText = dateText
        self.added = added
        self.problem = problem
    }

    /// Parses a line held in a buffer.
    static func parse(_ line: UnsafeRawBufferPointer) -> KindleMetadataLine? {
        read(line)?.line
    }

    /// Where each part of a parsed line came from, so a line of the same shape can be read by
    /// position alone (``KindleMetadataPlan``).
    struct Trace {
        var page: KindleRange?
        var location: KindleRange?
        var date: KindleDate.Reading?
        /// How many `|` come before the date text (`nil` when the line has none).
        var barsBeforeDate: Int?
    }

    /// Parses a line and says where its parts came from.
    static func read(_ line: UnsafeRawBufferPointer) -> (line: KindleMetadataLine, trace: Trace)? {
        var lower = [UInt8](line)
        for i in lower.indices where lower[i] >= 0x41 && lower[i] <= 0x5A { lower[i] |= 0x20 }
        let words = KindleMetadataLine.words(in: lower)
        // Segments between `|`; the last one holds the date, unless it names a page or location and
        // has no time (a line written without a date).
        var bars: [Int] = []
        for i in lower.indices where lower[i] == 0x7C { bars.append(i) }
        if let last = bars.last {
            let namesPlace = words.contains { $0.start > last && ($0.meaning == .page || $0.meaning == .location) }
            if namesPlace && !KindleDate.hasTime(lower[(last + 1)...]) { bars.append(lower.count) }
        }
        let descriptionEnd = bars.last ?? lower.count
        guard let kind = KindleMetadataLine.kind(words.filter { $0.end <= descriptionEnd }) else { return nil }
        var (location, pageSource, locationSource, problem) = KindleMetadataLine.location(
            in: lower, words: words, segmentEnds: bars.isEmpty ? [lower.count] : bars)
        // A compound page (`II.17`) is kept as written; it was found in the lower-cased line.
        if let page = pageSource, page.first == nil, page.firstText.contains(".") {
            location.page = String(decoding: line[page.offset..<page.endOffset], as: UTF8.self)
        }
        let dateStart = bars.last.map { Swift.min($0 + 1, lower.count) } ?? lower.count
        let reading = KindleDate.read(lower[dateStart...])
        let added = reading.flatMap(KindleDate.timestamp)
        let dateText = added != nil ? "" : Substring(String(decoding: line[dateStart...], as: UTF8.self)).trimmingSpaces
        let barsBeforeDate = dateStart < lower.count ? lower[..<dateStart].reduce(0) { $0 + ($1 == 0x7C ? 1 : 0) } : nil
        let parsed = KindleMetadataLine(kind: kind, location: location, dateText: String(dateText),
                                        added: added, problem: problem)
        return (parsed, Trace(page: pageSource, location: locationSource, date: reading, barsBeforeDate: barsBeforeDate))
    }

    /// A vocabulary word found in the line.
    struct Word {
        var start: Int
        var end: Int
        var meaning: KindleVocabulary.Meaning
    }

    /// Every vocabulary word in the lower-cased line, in one pass.
    private static func words(in bytes: [UInt8]) -> [Word] {
        var found: [Word] = []
        var i = 0
        let isFirstByte = KindleVocabulary.isFirstByte
        while i < bytes.count {
            guard isFirstByte[Int(bytes[i])] else {
                i += 1
                continue
            }
            var matched = 0
            for candidate in KindleVocabulary.wordsByFirstByte[Int(bytes[i])]
            where candidate.word.count <= bytes.count - i
                && bytes[i..<(i + candidate.word.count)].elementsEqual(candidate.word) {
                found.append(Word(start: i, end: i + candidate.word.count, meaning: candidate.meaning))
                matched = Swift.max(matched, candidate.word.count)
            }
            i += Swift.max(matched, 1)
        }
        return found
    }

    /// The most specific kind named: an article clip, then a bookmark, a note, a highlight.
    private static func kind(_ words: [Word]) -> KindleClipping.Kind? {
        var best: KindleVocabulary.Meaning?
        for word in words where word.meaning.rawValue < (best?.rawValue ?? KindleVocabulary.Meaning.page.rawValue) {
            best = word.meaning
        }
        switch best {
        case .article: return .article
        case .bookmark: return .bookmark
        case .note: return .note
        case .highlight: return .highlight
        default: return nil
        }
    }

    /// The page and location from the numbers of the segments before the date, and the first number
    /// that no page or location word of its segment names.
    private static func location(in bytes: [UInt8], words: [Word], segmentEnds: [Int])
        -> (CitationLocation, page: KindleRange?, location: KindleRange?, problem: Problem?) {
        var problem: Problem?
        var page: String?
        var start: Int?
        var end: Int?
        var pageSource: KindleRange?
        var locationSource: KindleRange?
        var segmentStart = 0
        // Every segment before the last `|` (the date follows it).
        for segmentEnd in segmentEnds {
            let segment = bytes[segmentStart..<segmentEnd]
            let inSegment = words.filter { $0.start >= segmentStart && $0.end <= segmentEnd }
            segmentStart = segmentEnd + 1
            let pages = inSegment.filter { $0.meaning == .page }
            let locations = inSegment.filter { $0.meaning == .location }
            for number in KindleRange.ranges(in: segment) {
                // The nearest word before the number, else the nearest after it.
                let pageBefore = pages.filter { $0.end <= number.offset }.map(\.end).max()
                let locationBefore = locations.filter { $0.end <= number.offset }.map(\.end).max()
                let isPage: Bool
                switch (pageBefore, locationBefore) {
                case let (p?, l?): isPage = p > l
                case (_?, nil): isPage = true
                case (nil, _?): isPage = false
                case (nil, nil):
                    let pageAfter = pages.filter { $0.start >= number.endOffset }.map(\.start).min()
                    let locationAfter = locations.filter { $0.start >= number.endOffset }.map(\.start).min()
                    switch (pageAfter, locationAfter) {
                    case let (p?, l?): isPage = p < l
                    case (_?, nil): isPage = true
                    case (nil, _?): isPage = false
                    case (nil, nil):
                        // No word says what the number is: it is not guessed to be a location.
                        if number.first != nil, problem == nil {
                            let written = String(decoding: bytes[number.offset..<number.endOffset], as: UTF8.self)
                            problem = Problem(offset: number.offset,
                                              message: "no page or location word names the number '\(written)'")
                        }
                        continue
                    }
                }
                if number.first == nil {
                    // A roman numeral is a page only right after a page word (`page xii`).
                    guard let word = pageBefore, number.offset - word <= 2, page == nil else { continue }
                    page = number.pageText
                    pageSource = number
                } else if isPage {
                    if page == nil {
                        page = number.pageText
                        pageSource = number
                    }
                } else if start == nil, let first = number.first {
                    start = first
                    end = number.expandedLast
                    locationSource = number
                }
            }
        }
        return (CitationLocation(page: page, start: start, end: end), pageSource, locationSource, problem)
    }
}

/// A number or range in a metadata line: `123`, `123-125`, `4536-37`, `805–806`, `xii`.
struct KindleRange {
    /// Byte offsets of the range in the line.
    var offset: Int
    var endOffset: Int
    /// Where the range's last number starts, when it has one.
    var lastOffset: Int?
    /// The numbers as written (digits only, thousands separators removed), or a roman page number.
    var firstText: String
    var lastText: String?

    var first: Int? { Int(firstText) }

    /// The last location, with Kindle 3's abbreviated end (`4536-37` is 4536–4537) written out.
    var expandedLast: Int? {
        guard let first, let lastText, let last = Int(lastText) else { return first }
        return KindleRange.expand(first: first, last: last, lastDigits: lastText.utf8.count)
    }

    /// The end of a range whose last number may be abbreviated to its last `lastDigits` digits.
    ///
    /// A number too long to be an abbreviation (the sums would leave `Int`) is kept as written.
    static func expand(first: Int, last: Int, lastDigits: Int) -> Int {
        if last >= first { return last }
        var scale = 1
        for _ in 0..<lastDigits {
            let (next, overflow) = scale.multipliedReportingOverflow(by: 10)
            if overflow { return last }
            scale = next
        }
        let (expanded, overflow) = (first - first % scale).addingReportingOverflow(last)
        if overflow { return last }
        if expanded >= first { return expanded }
        let (wrapped, wrappedOverflow) = expanded.addingReportingOverflow(scale)
        return wrappedOverflow ? last : wrapped
    }

    /// The page as text: one number, or a range when its ends differ.
    var pageText: String {
        guard let lastText, lastText != firstText else { return firstText }
        if let first, let last = expandedLast, last <= first { return firstText }
        if let last = expandedLast, first != nil { return "\(firstText)-\(last)" }
        return "\(firstText)-\(lastText)"
    }

    /// Every number or range in `bytes`, in order.
    static func ranges(in bytes: ArraySlice<UInt8>) -> [KindleRange] {
        var result: [KindleRange] = []
        var i = bytes.startIndex
        while i < bytes.endIndex {
            guard let (first, afterFirst) = number(in: bytes, at: i) else {
                i += 1
                continue
            }
            var range = KindleRange(offset: i, endOffset: afterFirst, firstText: first, lastText: nil)
            var j = afterFirst
            while j < bytes.endIndex, bytes[j] == 0x20 { j += 1 }
            if let dashLength = dash(in: bytes, at: j) {
                var k = j + dashLength
                while k < bytes.endIndex, bytes[k] == 0x20 { k += 1 }
                if let (last, afterLast) = number(in: bytes, at: k) {
                    range.lastText = last
                    range.lastOffset = k
                    range.endOffset = afterLast
                }
            }
            result.append(range)
            i = range.endOffset
        }
        return result
    }

    /// A run of digits (with `,` thousands separators) starting at `i`, or a roman numeral standing
    /// alone (a front-matter page), and the offset after it.
    private static func number(in bytes: ArraySlice<UInt8>, at i: Int) -> (String, Int)? {
        guard i < bytes.endIndex else { return nil }
        if let compound = compoundPage(in: bytes, at: i) { return compound }
        if isDigit(bytes[i]) {
            guard i == bytes.startIndex || !isDigit(bytes[i - 1]) else { return nil }
            var digits: [UInt8] = []
            var j = i
            while j < bytes.endIndex {
                if isDigit(bytes[j]) {
                    digits.append(bytes[j])
                    j += 1
                } else if bytes[j] == 0x2C, j + 3 < bytes.endIndex || j + 3 == bytes.endIndex,
                          bytes[(j + 1)..<min(j + 4, bytes.endIndex)].allSatisfy(isDigit),
                          j + 4 >= bytes.endIndex || !isDigit(bytes[j + 4]) {
                    j += 1   // `1,234`: a thousands separator, not the comma after a number
                } else {
                    break
                }
            }
            return (String(decoding: digits, as: UTF8.self), j)
        }
        // Roman page numbers only as a whole word: `page xii |`.
        guard isRoman(bytes[i]), i == bytes.startIndex || bytes[i - 1] == 0x20 else { return nil }
        var j = i
        while j < bytes.endIndex, isRoman(bytes[j]) { j += 1 }
        guard j == bytes.endIndex || bytes[j] == 0x20 || bytes[j] == 0x2D else { return nil }
        return (String(decoding: bytes[i..<j], as: UTF8.self), j)
    }

    /// A compound page standing alone, `II.17` or `A.3`: letters and digits joined by dots, with at
    /// least one of each, so that the part after the dot is not read as the page on its own.
    ///
    /// Like a roman numeral it has no number, so it is a page only right after a page word.
    private static func compoundPage(in bytes: ArraySlice<UInt8>, at i: Int) -> (String, Int)? {
        guard i == bytes.startIndex || bytes[i - 1] == 0x20, isLetterOrDigit(bytes[i]) else { return nil }
        var j = i
        var hasDot = false, hasLetter = false, hasDigit = false
        while j < bytes.endIndex {
            let byte = bytes[j]
            if isDigit(byte) {
                hasDigit = true
            } else if isLetterOrDigit(byte) {
                hasLetter = true
            } else if byte == 0x2E, j + 1 < bytes.endIndex, isLetterOrDigit(bytes[j + 1]), bytes[j - 1] != 0x2E {
                hasDot = true
            } else {
                break
            }
            j += 1
        }
        guard hasDot, hasLetter, hasDigit, j == bytes.endIndex || bytes[j] == 0x20 || bytes[j] == 0x2D else { return nil }
        return (String(decoding: bytes[i..<j], as: UTF8.self), j)
    }

    private static func isLetterOrDigit(_ byte: UInt8) -> Bool {
        isDigit(byte) || (byte | 0x20 >= 0x61 && byte | 0x20 <= 0x7A)
    }

    /// The length of a range dash at `i`: `-`, en dash, em dash, full-width hyphen, or Dutch `t/m`
    /// (*tot en met*, `123 t/m 125`).
    private static func dash(in bytes: ArraySlice<UInt8>, at i: Int) -> Int? {
        guard i < bytes.endIndex else { return nil }
        if bytes[i] == 0x2D || bytes[i] == 0x7E { return 1 }
        if bytes[i...].starts(with: [0x74, 0x2F, 0x6D]) { return 3 }
        let dashes: [[UInt8]] = [[0xE2, 0x80, 0x93], [0xE2, 0x80, 0x94], [0xEF, 0xBC, 0x8D], [0xE3, 0x80, 0x9C]]
        for dash in dashes where bytes[i...].starts(with: dash) { return dash.count }
        return nil
    }

    private static func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }

    /// The letters of lower-case roman numerals: i, v, x, l, c, d, m.
    private static func isRoman(_ byte: UInt8) -> Bool {
        switch byte {
        case 0x69, 0x76, 0x78, 0x6C, 0x63, 0x64, 0x6D: return true
        default: return false
        }
    }
}
