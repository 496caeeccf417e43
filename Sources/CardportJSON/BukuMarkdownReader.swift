import CardportCore

/// Reads buku's Markdown bookmark list the way `buku --import FILE.md` does, one line at a time.
///
/// A line is a bookmark when it has `](` with a `[` before it and a `)` after it: the title is
/// between the first `[` and the first `](`, the URL runs to the last `)`, and
/// `<!-- TAGS: a,b -->` holds the tags. Other lines that are not blank are skipped and counted.
final class BukuMarkdownReader: RecordReader {
    private let input: ByteInput
    private(set) var notes = ReaderNotes()

    private static let tagOpening = Array("<!-- TAGS: ".utf8)
    private static let tagClosing = Array(" -->".utf8)
    private let limits: ReadLimits

    init(input: ByteInput, limits: ReadLimits) {
        self.limits = limits
        self.input = input
    }

    /// Whether a prefix holds a line in buku's form with a tag comment, which plain Markdown lists lack.
    static func looksLikeBuku(_ prefix: [UInt8]) -> Bool {
        var lineStart = 0
        for (index, byte) in prefix.enumerated() where byte == 0x0A {
            let line = prefix[lineStart..<index]
            lineStart = index + 1
            if line.starts(with: Array("- [".utf8)), find(Array(line), tagOpening) != nil, parse(Array(line)) != nil { return true }
        }
        return false
    }

    func next() throws(CardportError) -> Record? {
        while let (length, span) = try input.nextLine(within: limits) {
            // The line stays in the window until it is mapped, so an error can show it.
            defer { input.consume(span) }
            let line = Array(input.available.prefix(length))
            let offset = input.offset
            if line.allSatisfy({ $0 == 0x20 || $0 == 0x09 }) { continue }
            guard let (title, url, tags) = BukuMarkdownReader.parse(line) else {
                notes.count("lines without a link skipped")
                continue
            }
            guard let text = String(validating: url, as: UTF8.self), let name = String(validating: title, as: UTF8.self),
                  let tagText = String(validating: tags ?? [], as: UTF8.self) else {
                throw input.error(.malformedInput, "invalid UTF-8 in a bookmark line", at: offset,
                                  hint: "the file is not UTF-8; convert it first (iconv -t UTF-8)", isRecoverable: true)
            }
            return .bookmark(Bookmark(name: name, text: text, tags: BookmarkTagList.split(tagText)))
        }
        return nil
    }

    /// The title, URL and tag list of a line, as buku finds them; `nil` when the line has no link.
    static func parse(_ line: [UInt8]) -> (title: ArraySlice<UInt8>, url: ArraySlice<UInt8>, tags: ArraySlice<UInt8>?)? {
        guard let middle = find(line, [0x5D, 0x28]),
              let open = line[..<middle].firstIndex(of: 0x5B),
              let close = line[(middle + 2)...].lastIndex(of: 0x29), close > middle + 2 else { return nil }
        var tags: ArraySlice<UInt8>?
        if let tagStart = find(line, tagOpening), let tagEnd = findLast(line, tagClosing), tagEnd > 0 {
            let from = tagStart + tagOpening.count
            tags = from <= tagEnd ? line[from..<tagEnd] : []
        }
        return (line[(open + 1)..<middle], line[(middle + 2)..<close], tags)
    }

    private static func find(_ haystack: [UInt8], _ needle: [UInt8]) -> Int? {
        guard haystack.count >= needle.count else { return nil }
        for start in 0...(haystack.count - needle.count) where haystack[start] == needle[0] {
            if haystack[start..<(start + needle.count)].elementsEqual(needle) { return start }
        }
        return nil
    }

    private static func findLast(_ haystack: [UInt8], _ needle: [UInt8]) -> Int? {
        guard haystack.count >= needle.count else { return nil }
        for start in stride(from: haystack.count - needle.count, through: 0, by: -1) where haystack[start] == needle[0] {
            if haystack[start..<(start + needle.count)].elementsEqual(needle) { return start }
        }
        return nil
    }
}
