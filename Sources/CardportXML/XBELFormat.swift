public import CardportCore

/// XBEL 1.0, the XML Bookmark Exchange Language of bookmark managers (Konqueror, buku, Floccus).
///
/// Folder names become tags on reading (``ReadOptions/foldersAsTags``); writing is flat, with the
/// tags in Cardport's metadata block. See Formats.md, "XBEL".
///
/// ```swift
/// let records = try XBELFormat().makeReader(try ByteInput(path: "bookmarks.xbel"), options: ReadOptions()).readAll()
/// ```
public struct XBELFormat: CardFormat {
    /// The XBEL format.
    public init() {}

    /// The `owner` of the `<metadata>` block that holds a bookmark's tags and extras.
    ///
    /// XBEL leaves metadata to applications, each under its own owner URI; blocks of other owners are
    /// skipped on reading.
    public static let metadataOwner = "https://cardport.invalid/xbel/1"

    public let descriptor = FormatDescriptor(
        id: "xbel", extensions: ["xbel"], mediaType: "application/x-xbel",
        reads: [.bookmark], writes: [.bookmark],
        summary: "XBEL 1.0 bookmark exchange (bookmark managers, buku); folders read as tags")

    public func sniff(_ prefix: [UInt8]) -> SniffResult {
        MarkupSniffer.rootElement(of: prefix)?.caseInsensitiveEquals("xbel") == true ? .certain : .no
    }

    public func makeReader(_ input: ByteInput, options: ReadOptions) throws(CardportError) -> any RecordReader {
        XMLRecordReader(input: input, language: .xml, handler: XBELReader(foldersAsTags: options.foldersAsTags, limits: options.limits),
                        limits: options.limits)
    }

    public func makeWriter(_ output: ByteOutput, options: WriteOptions) throws(CardportError) -> any RecordWriter {
        XBELWriter(output: output)
    }
}
