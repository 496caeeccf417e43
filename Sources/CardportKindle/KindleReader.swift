import CardportCore

/// Reads a clippings file whole (folding needs every entry of a book), then hands out its citations.
final class KindleReader: RecordReader {
    private let input: ByteInput
    /// The citations still to hand out, last first, so each is moved out rather than copied.
    private var remaining: [Record] = []
    private var loaded = false
    private(set) var notes = ReaderNotes()

    init(input: ByteInput) {
        self.input = input
    }

    func next() throws(CardportError) -> Record? {
        if !loaded { try load() }
        return remaining.popLast()
    }

    private func load() throws(CardportError) {
        try input.fillToEnd()
        let bytes = input.available
        let parsed = KindleParser.parse(bytes, name: input.name, offset: input.offset)
        input.consume(bytes.count)
        if parsed.clippings.isEmpty, parsed.unreadable > 0, let first = parsed.problems.first {
            var error = first
            error.message = "no Kindle entry could be read; the first: \(first.message)"
            error.isRecoverable = false
            error.hint = "is this a Kindle \"My Clippings.txt\"? Each entry is a title line, a metadata line, a blank line, the text and a '==========' line"
            throw error
        }
        loaded = true
        // Last first, so that each citation is moved out by `popLast` rather than copied.
        let statistics: KindleStatistics
        (remaining, statistics) = KindleFolding.foldForReading(parsed.clippings)
        for kind in KindleClipping.Kind.allCases {
            notes.count(KindleReader.label(kind), statistics.entries[kind] ?? 0)
        }
        notes.count("books", statistics.books)
        notes.count("extended highlights folded", statistics.foldedExtended)
        notes.count("repeated highlights folded", statistics.foldedRepeats)
        notes.count("notes attached to their highlight", statistics.notesAttached)
        notes.count("notes kept as citations of their own", statistics.notesAlone)
        notes.count("bookmarks skipped", statistics.skippedBookmarks)
        notes.count("empty entries skipped", statistics.skippedEmpty)
        notes.count("unreadable entries skipped", parsed.unreadable)
        notes.count("highlights cut by the clipping limit", statistics.truncated)
        for problem in parsed.problems { notes.warn(problem) }
    }

    private static func label(_ kind: KindleClipping.Kind) -> String {
        switch kind {
        case .highlight: return "highlights"
        case .note: return "notes"
        case .bookmark: return "bookmarks"
        case .article: return "clipped articles"
        }
    }
}
