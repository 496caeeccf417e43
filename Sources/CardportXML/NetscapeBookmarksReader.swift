import CardportCore

/// Turns a Netscape bookmark file (what every browser exports) into bookmarks as the HTML parser
/// streams by.
///
/// The file is loose HTML: `<DT>` and `<p>` are never closed, so the reader does not rely on the
/// tree's shape. A `<H3>` names the folder whose `<DL>` follows; `<DL>`…`</DL>` open and close
/// folders; an `<A HREF>` is a bookmark, and a `<DD>` right after it its description. `ADD_DATE` and
/// `LAST_MODIFIED` are seconds since 1970 (UTC); `TAGS` is a comma-separated list. Links that are not
/// places (`javascript:`, `place:`, `about:`, `chrome://`) are skipped and counted in the reader's notes.
final class NetscapeBookmarksReader: XMLEventHandler {
    let queue = RecordQueue()
    private(set) var notes = ReaderNotes()
    private let foldersAsTags: FoldersAsTags

    /// The open `<DL>` lists, each with the name of the folder it holds (`nil` for the top list and
    /// for the browser's own folders such as the toolbar, which are not tags).
    private var lists: [String?] = []
    /// The folder named by the last `<H3>`, waiting for its `<DL>`.
    private var pendingFolder: String??
    private var isFolderStructural = false
    /// Whether the folder being named sits in the top list, where the browser's own folders are.
    private var isTopFolder = false

    /// The browser's own top folders that carry no flag in the file (Chrome and Edge mark only the
    /// bookmarks bar): their names as the browsers write them in English, lower-cased.
    static let rootFolders: Set<String> = [
        "bookmarks bar", "other bookmarks", "mobile bookmarks", "favorites bar", "other favorites", "mobile favorites",
        "bookmarks toolbar", "bookmarks menu",
    ]
    private var bookmark: Bookmark?
    private var capture: Capture?
    private var captured: [UInt8] = []

    private enum Capture {
        case folderName, linkText, description
    }

    /// Schemes whose links are scripts or browser pages, not bookmarks of a place.
    private static let skippedSchemes = ["javascript:", "place:", "about:", "chrome://"]

    private let limits: ReadLimits

    init(foldersAsTags: FoldersAsTags, limits: ReadLimits = .standard) {
        self.limits = limits
        self.foldersAsTags = foldersAsTags
    }

    func start(_ name: String, attributes: [XMLAttribute]) throws(CardportError) {
        switch name {
        case "dl":
            try finishBookmark()
            guard lists.count < limits.maximumDepth else {
                throw limits.exceeded(.depth, "folders nest deeper than", location: nil)
            }
            lists.append(pendingFolder ?? nil)
            pendingFolder = nil
        case "dt", "hr":
            try finishBookmark()
        case "h3":
            try finishBookmark()
            isFolderStructural = attributes[named: "personal_toolbar_folder"] != nil
                || attributes[named: "unfiled_bookmarks_folder"] != nil
            isTopFolder = lists.count == 1
            begin(.folderName)
        case "a":
            try finishBookmark()
            try openBookmark(attributes)
        case "dd":
            if bookmark != nil { begin(.description) }
        default:
            break
        }
    }

    func end(_ name: String) throws(CardportError) {
        switch name {
        case "h3":
            if case .folderName = capture {
                let folder = String(decoding: captured, as: UTF8.self).trimmingSpaces
                let isRoot = isTopFolder && NetscapeBookmarksReader.rootFolders.contains(folder.lowercased())
                pendingFolder = .some(isFolderStructural || isRoot || folder.isEmpty ? nil : folder)
                capture = nil
            }
        case "a":
            if case .linkText = capture, bookmark != nil, captured.count < limits.maximumFieldSize {
                let text = String(decoding: captured, as: UTF8.self).trimmingSpaces
                bookmark!.name = text.isEmpty || text == bookmark!.text ? nil : text
                capture = nil
            }
        case "dd":
            try finishBookmark()
        case "dl":
            try finishBookmark()
            if !lists.isEmpty { lists.removeLast() }
        default:
            break
        }
    }

    func text(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard capture != nil, captured.count < limits.maximumFieldSize else { return }
        captured.append(contentsOf: bytes)
    }

    /// The end of the document: a bookmark still waiting for a description is complete.
    func finish() throws(CardportError) {
        try finishBookmark()
    }

    private func begin(_ target: Capture) {
        capture = target
        captured.removeAll(keepingCapacity: true)
    }

    private func openBookmark(_ attributes: [XMLAttribute]) throws(CardportError) {
        var href: String?, added: String?, modified: String?, tagList: String?
        var extras: [String: String] = [:]
        for attribute in attributes {
            switch attribute.name {
            case "href": href = attribute.value
            case "add_date": added = attribute.value
            case "last_modified": modified = attribute.value
            case "tags": tagList = attribute.value
            default: extras[attribute.name] = attribute.value
            }
        }
        guard let href else { return }
        if let scheme = NetscapeBookmarksReader.skippedScheme(of: href) {
            notes.count("\(scheme) links skipped")
            return
        }
        var tags = tagList.map { TagList.split($0) } ?? []
        tags = foldersAsTags.tags(tags, inFolders: lists.compactMap { $0 })
        bookmark = Bookmark(text: href, tags: tags, createdAt: try date(added, "ADD_DATE"),
                            updatedAt: try date(modified, "LAST_MODIFIED"), extras: extras)
        begin(.linkText)
    }

    /// The scheme of a link that is not a place (`javascript:`, …), compared without regard to case.
    private static func skippedScheme(of href: String) -> String? {
        guard let first = href.utf8.first, [0x6A, 0x70, 0x61, 0x63, 0x4A, 0x50, 0x41, 0x43].contains(first) else { return nil }
        let lower = href.prefix(16).lowercased()
        return skippedSchemes.first { lower.hasPrefix($0) }
    }

    private func finishBookmark() throws(CardportError) {
        guard let done = bookmark else { return }
        if captured.count >= limits.maximumFieldSize, capture != nil {
            capture = nil
            bookmark = nil
            var error = limits.exceeded(.fieldSize, "a link text or description is longer than", location: nil)
            error.isRecoverable = true
            throw error
        }
        var record = done
        if case .description = capture {
            let text = String(decoding: captured, as: UTF8.self).trimmingSpaces
            if !text.isEmpty { record.extras["description"] = text }
        }
        capture = nil
        bookmark = nil
        queue.append(.bookmark(record))
    }

    /// Seconds since 1970; values too large for seconds are taken as milliseconds or microseconds,
    /// which some tools write.
    private func date(_ text: String?, _ name: String) throws(CardportError) -> Timestamp? {
        guard let written = text?.trimmingSpaces, !written.isEmpty else { return nil }
        guard var seconds = Int64(written), seconds >= 0 else {
            throw CardportError(.invalidValue, "'\(written)' in \(name) is not a number of seconds since 1970",
                                isRecoverable: true)
        }
        if seconds > 100_000_000_000_000 { seconds /= 1_000_000 } else if seconds > 100_000_000_000 { seconds /= 1000 }
        if seconds == 0 { return nil }
        return Timestamp(secondsSince1970: seconds)
    }
}
