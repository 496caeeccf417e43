import CardportCore

/// Turns the bookmarks of an XBEL 1.0 document into bookmark records as the parse streams by.
///
/// `href` is the text, `<title>` the name, `<desc>` the `description` extra, `added`/`modified` the
/// dates (ISO 8601), `id` the id. Tags come from Cardport's `<info><metadata owner="…">` block (see
/// ``XBELFormat/metadataOwner``), from buku's non-standard `TAGS` attribute, and from the names of the
/// enclosing folders (``ReadOptions/foldersAsTags``). Other attributes go to `extras`; aliases and
/// separators are skipped and counted in the reader's notes.
final class XBELReader: XMLEventHandler {
    let queue = RecordQueue()
    private(set) var notes = ReaderNotes()
    private let foldersAsTags: FoldersAsTags

    private enum Element {
        case folder, bookmark, other
    }

    /// Where the text being collected goes.
    private enum Capture {
        case title, description, tag, extra(String)
    }

    private var elements: [Element] = []
    /// The names of the open folders (`nil` until a folder's title has been read).
    private var folders: [String?] = []
    /// Whether the open bookmark's tags came from Cardport's metadata block.
    private var hasMetadataTags = false
    private var bookmark: Bookmark?
    private var bookmarkTags: [String] = []
    private var capture: Capture?
    private var captured: [UInt8] = []
    private var metadataDepth = 0
    private var isOurMetadata = false

    private let limits: ReadLimits

    init(foldersAsTags: FoldersAsTags, limits: ReadLimits = .standard) {
        self.limits = limits
        self.foldersAsTags = foldersAsTags
    }

    func start(_ name: String, attributes: [XMLAttribute]) throws(CardportError) {
        if elements.isEmpty, name != "xbel" {
            throw CardportError(.malformedInput, "the document is not XBEL: its root element is <\(name)>, not <xbel>",
                                hint: "pass --from with the input's format")
        }
        switch name {
        case "folder":
            elements.append(.folder)
            folders.append(nil)
        case "bookmark":
            elements.append(.bookmark)
            try openBookmark(attributes)
        case "title" where elements.last == .folder || elements.last == .bookmark:
            elements.append(.other)
            begin(.title)
        case "desc" where elements.last == .bookmark:
            elements.append(.other)
            begin(.description)
        case "metadata":
            elements.append(.other)
            metadataDepth += 1
            isOurMetadata = bookmark != nil && attributes[named: "owner"] == XBELFormat.metadataOwner
        case "tag" where isOurMetadata:
            elements.append(.other)
            // Cardport's metadata lists every tag when one could not be in the TAGS attribute.
            if !hasMetadataTags { bookmarkTags = [] }
            hasMetadataTags = true
            begin(.tag)
        case "extra" where isOurMetadata:
            elements.append(.other)
            if let key = attributes[named: "name"] { begin(.extra(key)) }
        case "alias", "separator":
            elements.append(.other)
            notes.count(name == "alias" ? "aliases skipped" : "separators skipped")
        default:
            elements.append(.other)
        }
    }

    func end(_ name: String) throws(CardportError) {
        guard let element = elements.popLast() else { return }
        switch element {
        case .folder:
            folders.removeLast()
        case .bookmark:
            if var done = bookmark {
                done.tags = foldersAsTags.tags(bookmarkTags, inFolders: folders.compactMap { $0 })
                queue.append(.bookmark(done))
            }
            bookmark = nil
        case .other:
            if name == "metadata" {
                metadataDepth -= 1
                if metadataDepth == 0 { isOurMetadata = false }
            }
            try finishCapture()
        }
    }

    func text(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard capture != nil, captured.count < limits.maximumFieldSize else { return }
        captured.append(contentsOf: bytes)
    }

    private func begin(_ target: Capture) {
        capture = target
        captured.removeAll(keepingCapacity: true)
    }

    private func finishCapture() throws(CardportError) {
        guard let target = capture else { return }
        capture = nil
        if captured.count >= limits.maximumFieldSize {
            var error = limits.exceeded(.fieldSize, "a title, description or tag is longer than", location: nil)
            error.isRecoverable = true
            throw error
        }
        let text = String(decoding: captured, as: UTF8.self)
        switch target {
        case .title:
            if elements.last == .folder {
                folders[folders.count - 1] = text.trimmingSpaces.isEmpty ? nil : text.trimmingSpaces
            } else if bookmark != nil {
                bookmark!.name = text.isEmpty ? nil : text
            }
        case .description:
            if !text.isEmpty { bookmark?.extras["description"] = text }
        case .tag:
            if !text.isEmpty { bookmarkTags.append(text) }
        case .extra(let key):
            bookmark?.extras[key] = text
        }
    }

    private static let knownAttributes: Set<String> = ["href", "id", "added", "modified", "TAGS", "tags"]

    private func openBookmark(_ attributes: [XMLAttribute]) throws(CardportError) {
        bookmark = nil
        bookmarkTags = TagList.split(attributes[named: "TAGS"] ?? attributes[named: "tags"] ?? "")
        hasMetadataTags = false
        var extras: [String: String] = [:]
        for attribute in attributes where !XBELReader.knownAttributes.contains(attribute.name) {
            extras[attribute.name] = attribute.value
        }
        bookmark = Bookmark(id: attributes[named: "id"], text: attributes[named: "href"] ?? "",
                            createdAt: try date(attributes, "added"), updatedAt: try date(attributes, "modified"),
                            extras: extras)
    }

    private func date(_ attributes: [XMLAttribute], _ name: String) throws(CardportError) -> Timestamp? {
        guard let written = attributes[named: name], !written.trimmingSpaces.isEmpty else { return nil }
        guard let parsed = Timestamp(parsing: written.trimmingSpaces) else {
            throw CardportError(.invalidValue, "'\(written)' in '\(name)' is not an ISO 8601 date",
                                hint: "XBEL dates look like 2024-05-01T10:15:42Z", isRecoverable: true)
        }
        return parsed
    }
}
