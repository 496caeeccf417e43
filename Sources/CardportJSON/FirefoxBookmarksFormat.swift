public import CardportCore

/// Firefox's bookmark backup (`bookmarks-YYYY-MM-DD.json`): the tree of `children` with `typeCode`
/// 1 (a bookmark, `uri`), 2 (a folder) and 3 (a separator) that Firefox writes and restores, and
/// that buku imports.
///
/// Reading turns every bookmark into a Cardport bookmark: `title` → name, `uri` → text, the
/// comma-separated `tags` first and then the names of the folders it is in (``ReadOptions/foldersAsTags``;
/// Firefox's own root folders are never tags), `dateAdded`/`lastModified` (microseconds since 1970) →
/// created/updated, `keyword` and the description annotation → `extras`. Links that are not places
/// (`place:`, `javascript:`, `about:`, `chrome://`) are skipped and counted.
///
/// Writing puts every bookmark in the Bookmarks Menu root, its tags in `tags`.
public struct FirefoxBookmarksFormat: CardFormat {
    public init() {}

    public let descriptor = FormatDescriptor(
        id: "firefox", aliases: ["firefox-json"], extensions: ["json"], mediaType: "application/json",
        reads: [.bookmark], writes: [.bookmark],
        summary: "Firefox bookmark backup JSON (children/typeCode/uri tree)")

    public func sniff(_ prefix: [UInt8]) -> SniffResult {
        let shape = JSONPrefix(prefix)
        guard shape.opening == 0x7B else { return .no }
        return shape.has("typeCode") || (shape.has("guid") && shape.has("children")) ? .certain : .no
    }

    public func makeReader(_ input: ByteInput, options: ReadOptions) throws(CardportError) -> any RecordReader {
        FirefoxBookmarksReader(input: input, foldersAsTags: options.foldersAsTags, limits: options.limits)
    }

    public func makeWriter(_ output: ByteOutput, options: WriteOptions) throws(CardportError) -> any RecordWriter {
        FirefoxBookmarksWriter(output: output)
    }

    /// The annotation that holds a bookmark's description.
    static let descriptionAnnotation = "bookmarkProperties/description"

    /// A date in microseconds since 1970, as Firefox writes them, in the form it reads back as.
    public static func timestamp(microseconds: Int64) -> Timestamp {
        var seconds = microseconds / 1_000_000
        var micros = microseconds % 1_000_000
        if micros < 0 { micros += 1_000_000; seconds -= 1 }
        let nanos = Int32(micros * 1000)
        return Timestamp(secondsSince1970: seconds, nanoseconds: nanos, zone: .utc,
                         fractionDigits: nanos == 0 ? 0 : (nanos % 1_000_000 == 0 ? 3 : 6))
    }

    /// `timestamp` in microseconds since 1970 (finer fractions cut off).
    static func microseconds(_ timestamp: Timestamp) -> Int64 {
        timestamp.secondsSince1970 * 1_000_000 + Int64(timestamp.nanoseconds / 1000)
    }
}
