import CardportCore

/// Writes a Firefox bookmark backup: the places root, the Bookmarks Menu root, and every bookmark
/// in it, one per line.
///
/// Folders get no dates: Cardport has none for them, and Firefox and buku take a folder without.
final class FirefoxBookmarksWriter: RecordWriter {
    private let output: ByteOutput
    private let writer = JSONWriter(capacity: 1 << 17)
    private var count = 0
    private(set) var losses = LossReport()

    /// Members the writer sets itself, so a kept extra of the same name is not written.
    private static let structural: Set<String> = [
        "id", "index", "type", "typeCode", "title", "uri", "tags", "dateAdded", "lastModified", "annos", "children",
        "root", "description",
    ]

    init(output: ByteOutput) {
        self.output = output
        writer.raw("""
            {"guid":"root________","title":"","index":0,"id":1,"typeCode":2,"type":"text/x-moz-place-container","root":"placesRoot","children":[
            {"guid":"menu________","title":"menu","index":0,"id":2,"typeCode":2,"type":"text/x-moz-place-container","root":"bookmarksMenuFolder","children":[
            """)
    }

    func write(_ record: Record) throws(CardportError) {
        guard case .bookmark(let bookmark) = record else { return }
        writer.raw(count == 0 ? "\n{" : ",\n{")
        if let guid = bookmark.extras["guid"] {
            writer.raw("\"guid\":")
            writer.string(guid)
            writer.byte(0x2C)
        }
        writer.raw("\"title\":")
        writer.string(bookmark.name ?? "")
        writer.raw(",\"index\":")
        writer.int(count)
        writer.raw(",\"id\":")
        writer.int(count + 3)
        writer.raw(",\"typeCode\":1,\"type\":\"text/x-moz-place\",\"uri\":")
        writer.string(bookmark.text)
        date("dateAdded", bookmark.createdAt, field: "created_at")
        date("lastModified", bookmark.updatedAt, field: "updated_at")
        let tags = bookmark.tags.filter(BookmarkTagList.canHold)
        if tags.count < bookmark.tags.count { losses.dropField("tags", of: .bookmark, count: bookmark.tags.count - tags.count) }
        if !tags.isEmpty {
            writer.raw(",\"tags\":")
            writer.string(tags.joined(separator: ","))
        }
        if let description = bookmark.extras["description"] {
            writer.raw(",\"annos\":[{\"name\":\"bookmarkProperties/description\",\"flags\":0,\"expires\":4,\"value\":")
            writer.string(description)
            writer.raw("}]")
        }
        for key in bookmark.extras.keys.sorted() where key != "guid" && key != "description" {
            guard !FirefoxBookmarksWriter.structural.contains(key) else {
                losses.dropField("extras", of: .bookmark)
                continue
            }
            writer.byte(0x2C)
            writer.string(key)
            writer.byte(0x3A)
            writer.string(bookmark.extras[key]!)
        }
        writer.byte(0x7D)
        if bookmark.id != RecordID.bookmark(text: bookmark.text) { losses.dropField("id", of: .bookmark) }
        count += 1
        try writer.flush(to: output)
    }

    func finish() throws(CardportError) {
        writer.raw(count == 0 ? "]}\n]}\n" : "\n]}\n]}\n")
        try writer.flush(to: output, threshold: 0)
        try output.flush()
    }

    private func date(_ key: StaticString, _ value: Timestamp?, field: String) {
        guard let value else { return }
        // Read back as microseconds in UTC: a finer fraction, another zone or a day alone is not kept.
        if FirefoxBookmarksFormat.timestamp(microseconds: FirefoxBookmarksFormat.microseconds(value)) != value {
            losses.dropField(field, of: .bookmark)
        }
        writer.byte(0x2C)
        writer.byte(0x22)
        writer.raw(key)
        writer.raw("\":")
        writer.int(Int(FirefoxBookmarksFormat.microseconds(value)))
    }
}
