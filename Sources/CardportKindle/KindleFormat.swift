public import CardportCore

/// Kindle's "My Clippings.txt": highlights, notes, bookmarks and clipped articles from every device
/// language and generation.
///
/// Reading replays the file's edits in time order (``KindleReplay``): notes attach to their
/// highlight, an edit (a highlight extended, shrunk or repeated) replaces the highlight it edits,
/// bookmarks and empty entries are counted and skipped, and entries whose metadata line cannot be
/// fully read keep their text and are reported with their line (errors with `--strict`).
/// Writing produces the file an English Kindle writes, so other Kindle tools can read it.
public struct KindleFormat: CardFormat {
    public init() {}

    public let descriptor = FormatDescriptor(
        id: "kindle", aliases: ["clippings", "my-clippings"], extensions: ["txt"],
        mediaType: "text/plain", reads: [.citation], writes: [.citation],
        summary: "Kindle \"My Clippings.txt\": highlights and notes, every device language")

    /// Certain when an entry of the first bytes ends at a `==========` separator line and has a
    /// metadata line the reader fully understands (`- Your Highlight …| Added on …`); possible when
    /// a line is the separator; a word such as "note" alone is never enough.
    public func sniff(_ prefix: [UInt8]) -> SniffResult {
        let separator = KindleParser.separator
        var lineStart = 0
        var lastSeparatorEnd: Int?
        for (index, byte) in prefix.enumerated() where byte == 0x0A {
            var start = lineStart
            while index - start >= 3, prefix[start] == 0xEF, prefix[start + 1] == 0xBB, prefix[start + 2] == 0xBF { start += 3 }
            var end = index
            while end > start, prefix[end - 1] == 0x0D { end -= 1 }
            if prefix[start..<end].elementsEqual(separator) { lastSeparatorEnd = index + 1 }
            lineStart = index + 1
        }
        guard let complete = lastSeparatorEnd else { return .no }
        // Only entries that end at a separator: the prefix may end mid-entry.
        let result = prefix.withUnsafeBytes { KindleParser.parse(UnsafeRawBufferPointer(rebasing: $0[..<complete]), name: "", offset: 0) }
        return result.clippings.contains { $0.metadataLine == nil } ? .certain : .possible
    }

    public func makeReader(_ input: ByteInput, options: ReadOptions) throws(CardportError) -> any RecordReader {
        KindleReader(input: input, options: options)
    }

    public func makeWriter(_ output: ByteOutput, options: WriteOptions) throws(CardportError) -> any RecordWriter {
        KindleWriter(output: output)
    }
}
