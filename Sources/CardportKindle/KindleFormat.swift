public import CardportCore

/// Kindle's "My Clippings.txt": highlights, notes, bookmarks and clipped articles from every device
/// language and generation.
///
/// Reading folds the file into citations (``KindleFolding``): notes attach to their highlight,
/// extended and repeated highlights fold into the newest, bookmarks and empty entries are counted and
/// skipped, and entries that cannot be read are reported with their line while the rest is read.
/// Writing produces the file an English Kindle writes, so other Kindle tools can read it.
public struct KindleFormat: CardFormat {
    public init() {}

    public let descriptor = FormatDescriptor(
        id: "kindle", aliases: ["clippings", "my-clippings"], extensions: ["txt"],
        mediaType: "text/plain", reads: [.citation], writes: [.citation],
        summary: "Kindle \"My Clippings.txt\": highlights and notes, every device language")

    /// Certain when a line of the first bytes is exactly the `==========` separator and a
    /// metadata line (`- Your Highlight …| Added on …`) precedes it.
    public func sniff(_ prefix: [UInt8]) -> SniffResult {
        let result = prefix.withUnsafeBytes { KindleParser.parse($0, name: "", offset: 0) }
        // The prefix may end mid-entry: one entry read is enough.
        if !result.clippings.isEmpty { return .certain }
        let separator = KindleParser.separator
        var lineStart = 0
        for (index, byte) in prefix.enumerated() where byte == 0x0A {
            var end = index
            while end > lineStart, prefix[end - 1] == 0x0D { end -= 1 }
            if prefix[lineStart..<end].elementsEqual(separator) { return .possible }
            lineStart = index + 1
        }
        return .no
    }

    public func makeReader(_ input: ByteInput, options: ReadOptions) throws(CardportError) -> any RecordReader {
        KindleReader(input: input)
    }

    public func makeWriter(_ output: ByteOutput, options: WriteOptions) throws(CardportError) -> any RecordWriter {
        KindleWriter(output: output)
    }
}
