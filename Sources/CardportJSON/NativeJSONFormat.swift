public import CardportCore

/// The native Cardport document: every kind, ids, archived records and settings, without loss.
///
/// ```json
/// {
///   "format": "cardport",
///   "version": 1,
///   "citations": [
///     {"id":"…","text":"Carpe diem.","author":"Horace","tags":[],"favourite":false,"archived":false}
///   ],
///   "settings": {"show_favourite_on_top":true,"widget_tags":[],"appearance":"dark"}
/// }
/// ```
///
/// This is the backup format. It is read as a stream (a section's records one at a time), so a
/// million citations never sit in memory at once. The writer streams the first kind it is given and
/// holds the other kinds until ``RecordWriter/finish()``.
public struct NativeJSONFormat: CardFormat {
    /// The newest document version this build reads and writes: 2 for a backup that carries its
    /// store's origins (``OriginLedger``), 1 for every other document, so that a document without
    /// them stays readable by a Cardport that predates them.
    public static let version = 2

    public init() {}

    public let descriptor = FormatDescriptor(
        id: "cardport", aliases: ["json", "native"], extensions: ["json"],
        mediaType: "application/vnd.cardport+json", reads: Set(RecordKind.allCases), writes: Set(RecordKind.allCases),
        summary: "Cardport's own document: every kind, lossless (the backup format)")

    public func sniff(_ prefix: [UInt8]) -> SniffResult {
        let shape = JSONPrefix(prefix)
        if shape.opening == 0x5B { return NativeJSONFormat.sniffList(shape) }
        guard shape.opening == 0x7B, !shape.isLineDelimited else { return .no }
        if let format = shape.formatValue { return format == "cardport" ? .certain : .no }
        if shape.has("format") { return .possible }
        let sections = Set(RecordKind.allCases.map(\.pluralName))
        if shape.keys.contains(where: sections.contains) { return .possible }
        return shape.keys.isEmpty ? .possible : .no
    }

    /// Fields only Cardport's records have, in any of their spellings: a bare array whose objects
    /// hold one of them is a list of records, not the quotes app's favourites (`quote`, `author`).
    static let recordOnlyFields = ["kind", "tags", "favourite", "favorite", "archived", "created_at", "createdAt",
                                   "updated_at", "updatedAt", "note", "location", "extras", "questions", "due_date"]

    /// Fields of the other formats that write a bare array: dummyjson and favourites (`quote`), buku
    /// (`uri`, `index`), Taskwarrior (`uuid`, `entry`).
    static let otherListFields = ["quote", "uri", "index", "uuid", "entry", "typeCode"]

    /// A bare array is a list of records when its objects hold a field only records have.
    static func sniffList(_ shape: JSONPrefix) -> SniffResult {
        guard !otherListFields.contains(where: shape.has) else { return .no }
        return recordOnlyFields.contains(where: shape.has) ? .certain : .no
    }

    public func makeReader(_ input: ByteInput, options: ReadOptions) throws(CardportError) -> any RecordReader {
        NativeJSONReader(input: input, limits: options.limits)
    }

    public func makeWriter(_ output: ByteOutput, options: WriteOptions) throws(CardportError) -> any RecordWriter {
        NativeJSONWriter(output: output)
    }
}
