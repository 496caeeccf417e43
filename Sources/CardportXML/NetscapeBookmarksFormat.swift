public import CardportCore

/// The Netscape bookmark file: the HTML every browser exports bookmarks as, and imports.
///
/// Read with libxml2's HTML parser (the format is loose HTML, not XML), streaming; folder names
/// become tags (``ReadOptions/foldersAsTags``). Written flat, in the form Firefox and Chrome import.
/// See Formats.md, "Netscape bookmark HTML".
///
/// ```swift
/// let records = try NetscapeBookmarksFormat().makeReader(try ByteInput(path: "bookmarks.html"), options: ReadOptions()).readAll()
/// ```
public struct NetscapeBookmarksFormat: CardFormat {
    /// The Netscape bookmark file format.
    public init() {}

    public let descriptor = FormatDescriptor(
        id: "netscape", aliases: ["bookmarks-html"], extensions: ["html", "htm"], mediaType: "text/html",
        reads: [.bookmark], writes: [.bookmark],
        summary: "browser bookmark export (Netscape bookmark HTML: Firefox, Chrome, Safari, buku)")

    public func sniff(_ prefix: [UInt8]) -> SniffResult {
        MarkupSniffer.contains("<!DOCTYPE NETSCAPE-Bookmark-file-1", in: prefix) ? .certain : .no
    }

    public func makeReader(_ input: ByteInput, options: ReadOptions) throws(CardportError) -> any RecordReader {
        XMLRecordReader(input: input, language: .html, handler: NetscapeBookmarksReader(foldersAsTags: options.foldersAsTags, limits: options.limits),
                        limits: options.limits)
    }

    public func makeWriter(_ output: ByteOutput, options: WriteOptions) throws(CardportError) -> any RecordWriter {
        NetscapeBookmarksWriter(output: output)
    }
}
