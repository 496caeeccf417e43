import CardportCore

/// Writes buku's Markdown bookmark list: `- [title](url) <!-- TAGS: a,b -->`, one line each.
///
/// Only what buku reads back is written: a title with a line break or `](`, and tags that a
/// comma-separated list in an HTML comment cannot hold, are counted as dropped; a bookmark whose
/// text has a line break cannot be a line at all and is counted as a dropped record.
final class BukuMarkdownWriter: RecordWriter {
    private let output: ByteOutput
    private var bytes: [UInt8] = []
    private(set) var losses = LossReport()

    init(output: ByteOutput) {
        self.output = output
        bytes.reserveCapacity(1 << 17)
    }

    func write(_ record: Record) throws(CardportError) {
        guard case .bookmark(let bookmark) = record else { return }
        guard !BukuMarkdownWriter.hasLineBreak(bookmark.text) else {
            losses.dropRecord(of: .bookmark)
            return
        }
        var name = bookmark.name ?? ""
        if BukuMarkdownWriter.hasLineBreak(name) || name.contains("](") {
            losses.dropField("name", of: .bookmark)
            name = ""
        }
        let tags = bookmark.tags.filter(BukuMarkdownWriter.canHold)
        if tags.count < bookmark.tags.count { losses.dropField("tags", of: .bookmark, count: bookmark.tags.count - tags.count) }
        if bookmark.createdAt != nil { losses.dropField("created_at", of: .bookmark) }
        if bookmark.updatedAt != nil { losses.dropField("updated_at", of: .bookmark) }
        if !bookmark.extras.isEmpty { losses.dropField("extras", of: .bookmark) }
        if bookmark.id != RecordID.bookmark(text: bookmark.text) { losses.dropField("id", of: .bookmark) }
        bytes.append(contentsOf: "- [".utf8)
        bytes.append(contentsOf: name.utf8)
        bytes.append(contentsOf: "](".utf8)
        bytes.append(contentsOf: bookmark.text.utf8)
        bytes.append(0x29)
        if !tags.isEmpty {
            bytes.append(contentsOf: " <!-- TAGS: ".utf8)
            bytes.append(contentsOf: tags.joined(separator: ",").utf8)
            bytes.append(contentsOf: " -->".utf8)
        }
        bytes.append(0x0A)
        if bytes.count >= 1 << 16 {
            try output.write(bytes)
            bytes.removeAll(keepingCapacity: true)
        }
    }

    func finish() throws(CardportError) {
        try output.write(bytes)
        bytes.removeAll()
        try output.flush()
    }

    private static func hasLineBreak(_ text: String) -> Bool {
        text.utf8.contains { $0 == 0x0A || $0 == 0x0D }
    }

    /// Whether buku reads `tag` back from the comment: a list item that breaks neither the comment
    /// nor the line.
    private static func canHold(_ tag: String) -> Bool {
        BookmarkTagList.canHold(tag) && !hasLineBreak(tag) && !tag.contains(")") && !tag.contains("-->")
    }
}
