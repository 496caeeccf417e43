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

    /// How surely a prefix is buku's Markdown export.
    ///
    /// `buku --export FILE.md` writes nothing but lines `- [title](url)`, each ending there or with
    /// ` <!-- TAGS: a,b -->`. A tag comment is what plain Markdown notes lack: a prefix whose
    /// complete lines are all of that form, one at least with the comment, is certain; one with such
    /// a line among other text is possible (the `markdown` format reads the comment too); a list of
    /// links without any comment is left to the `markdown` format, which reads it as well.
    static func sniff(_ prefix: [UInt8]) -> SniffResult {
        var lineStart = 0, tagged = false, onlyExport = true, commented = false
        for (index, byte) in prefix.enumerated() where byte == 0x0A {
            var line = Array(prefix[lineStart..<index])
            lineStart = index + 1
            if line.last == 0x0D { line.removeLast() }
            if line.allSatisfy({ $0 == 0x20 || $0 == 0x09 }) { continue }
            guard line.starts(with: Array("- [".utf8)), parse(line) != nil else {
                onlyExport = false
                continue
            }
            if find(line, tagOpening) != nil { commented = true }
            if let start = find(line, tagOpening), line.count >= tagClosing.count,
               line[(line.count - tagClosing.count)...].elementsEqual(tagClosing),
               start > 1, line[start - 2] == 0x29, line[start - 1] == 0x20 {
                tagged = true
            } else if line.last != 0x29 {
                onlyExport = false
            }
        }
        return tagged && onlyExport ? .certain : commented ? .possible : .no
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
