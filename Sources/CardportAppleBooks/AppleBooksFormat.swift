public import CardportCore

/// Apple Books' highlights and notes, read from its annotation database
/// (`AEAnnotation_v10312011_1727_local.sqlite`, table `ZAEANNOTATION`), with titles and authors
/// from its library database (`BKLibrary-1-*.sqlite`) when that is beside it or in its usual place.
///
/// Both are opened read-only and immutable. Deleted annotations, the reading position Books keeps as
/// an annotation, and bookmarks are counted and skipped. The format is read only.
public struct AppleBooksFormat: CardFormat {
    public init() {}

    public let descriptor = FormatDescriptor(
        id: "apple-books", aliases: ["ibooks", "applebooks"], extensions: ["sqlite"],
        mediaType: "application/vnd.sqlite3", reads: [.citation], writes: [],
        summary: "Apple Books highlights and notes: its AEAnnotation*.sqlite (titles from BKLibrary*.sqlite), read-only",
        folderFiles: ["AEAnnotation*.sqlite"], readsFromPath: true)

    /// The `extras` keys of an Apple Books citation, for what the model has no field for. The
    /// chapter, the colour (`green`, `blue`, `yellow`, `pink`, `purple`), the EPUB CFI Books keeps
    /// (`epubcfi(/6/24[c3]!/4/2/1,:0,:42)`) and its `ZANNOTATIONUUID` are the citation's own fields.
    public enum ExtrasKey {
        /// `underline` for a highlight drawn as an underline.
        public static let style = "style"
        /// `note` for a note with no highlighted text.
        public static let type = "type"
    }

    /// Possible for an SQLite file; Apple Books' database is recognised by its name or `--from`.
    public func sniff(_ prefix: [UInt8]) -> SniffResult {
        prefix.starts(with: Array("SQLite format 3".utf8) + [0]) ? .possible : .no
    }

    public func makeReader(_ input: ByteInput, options: ReadOptions) throws(CardportError) -> any RecordReader {
        AppleBooksReader(input: input)
    }

    /// Apple Books' databases are read only; the writer writes nothing and refuses records.
    public func makeWriter(_ output: ByteOutput, options: WriteOptions) throws(CardportError) -> any RecordWriter {
        ReadOnlyFormatWriter(format: descriptor.id)
    }
}
