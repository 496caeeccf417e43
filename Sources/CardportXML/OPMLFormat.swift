public import CardportCore

/// OPML 2.0: outlines from feed readers, outliners and pandoc, and Cardport's bookmarks, citations
/// and topics as outlines.
///
/// Read with libxml2's streaming parser (no network, no entities, bounded depth), so a large
/// subscription list is never held whole. See Formats.md, "OPML", for the mapping.
///
/// ```swift
/// let records = try OPMLFormat().makeReader(try ByteInput(path: "feeds.opml"), options: ReadOptions()).readAll()
/// ```
public struct OPMLFormat: CardFormat {
    /// The OPML format.
    public init() {}

    public let descriptor = FormatDescriptor(
        id: "opml", extensions: ["opml"], mediaType: "text/x-opml",
        reads: [.bookmark, .citation, .topic], writes: [.bookmark, .citation, .topic],
        summary: "OPML 2.0 outlines: feed lists and links as bookmarks, quotes, topics with links and questions")

    public func sniff(_ prefix: [UInt8]) -> SniffResult {
        MarkupSniffer.rootElement(of: prefix)?.caseInsensitiveEquals("opml") == true ? .certain : .no
    }

    public func makeReader(_ input: ByteInput, options: ReadOptions) throws(CardportError) -> any RecordReader {
        XMLRecordReader(input: input, language: .xml, handler: OPMLReader(foldersAsTags: options.foldersAsTags),
                        limits: options.limits)
    }

    public func makeWriter(_ output: ByteOutput, options: WriteOptions) throws(CardportError) -> any RecordWriter {
        OPMLWriter(output: output)
    }
}
