public import CardportCore

/// A Kobo e-reader's highlights and notes, read from its `KoboReader.sqlite`.
///
/// The database is opened read-only and immutable, so it is never written and no journal appears
/// beside it. Each highlight becomes a citation with its book's title and author, its chapter,
/// colour, position and the device's id of the bookmark (the citation's id comes from it);
/// dog-ears, handwritten markups and the rows the device hides are counted and skipped. Give the
/// file, or a folder holding the device's `.kobo` folder. The format is read only.
public struct KoboFormat: CardFormat {
    public init() {}

    public let descriptor = FormatDescriptor(
        id: "kobo", aliases: ["kobo-sqlite", "koboreader"], extensions: ["sqlite"],
        mediaType: "application/vnd.sqlite3", reads: [.citation], writes: [],
        summary: "Kobo highlights and notes: the device's .kobo/KoboReader.sqlite, read-only",
        folderFiles: ["KoboReader.sqlite"], readsFromPath: true)

    /// The `extras` keys of a Kobo citation, for what the model has no field for. The chapter,
    /// colour, start position (the EPUB container path with its `#point(…)`, and the offset when
    /// not 0) and the device's `BookmarkID` are the citation's own fields.
    public enum ExtrasKey {
        /// Where the highlight ends, in the notation of the citation's `position`.
        public static let positionEnd = "position_end"
        /// `note` for a note with no highlighted text (the citation's text is the note).
        public static let type = "type"
        /// The creation date as written, when it could not be read.
        public static let date = "date"
    }

    /// Possible for an SQLite file; a Kobo database is recognised by its name in folders
    /// (`KoboReader.sqlite`) or chosen with `--from kobo`.
    public func sniff(_ prefix: [UInt8]) -> SniffResult {
        prefix.starts(with: Array("SQLite format 3".utf8) + [0]) ? .possible : .no
    }

    public func makeReader(_ input: ByteInput, options: ReadOptions) throws(CardportError) -> any RecordReader {
        KoboDatabaseReader(input: input)
    }

    /// Kobo databases are read only; the writer writes nothing and refuses records.
    public func makeWriter(_ output: ByteOutput, options: WriteOptions) throws(CardportError) -> any RecordWriter {
        ReadOnlyFormatWriter(format: descriptor.id)
    }
}
