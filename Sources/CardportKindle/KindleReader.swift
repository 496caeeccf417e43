import CardportCore

/// Reads a clippings file whole (the replay needs every entry of a book), then hands out its citations.
final class KindleReader: RecordReader {
    private let input: ByteInput
    /// The citations in the slots of their entries, each moved out when handed out.
    private var slots: KindleSlots?
    private var loaded = false
    private(set) var notes = ReaderNotes()
    private let options: ReadOptions

    init(input: ByteInput, options: ReadOptions) {
        self.input = input
        self.options = options
    }

    func next() throws(CardportError) -> Record? {
        if !loaded { try load() }
        guard let citation = slots?.takeNext() else {
            slots = nil
            return nil
        }
        return .citation(citation)
    }

    private func load() throws(CardportError) {
        try input.fillToEnd()
        let bytes = input.available
        let parsed = KindleParser.parse(bytes, name: input.name, offset: input.offset, threads: options.threads)
        input.consume(bytes.count)
        // Nothing read as Kindle metadata: the file is not a clippings file.
        if parsed.unreadable + parsed.partlyRead > 0, let first = parsed.problems.first,
           !parsed.clippings.contains(where: { $0.metadataLine == nil }) {
            var error = first
            error.message = "no Kindle entry could be read; the first: \(first.message)"
            error.isRecoverable = false
            error.hint = "is this a Kindle \"My Clippings.txt\"? Each entry is a title line, a metadata line, a blank line, the text and a '==========' line"
            throw error
        }
        // --strict: what the reader could not fully understand, or had to repair, is an error.
        if options.strict, var first = parsed.problems.first {
            first.isRecoverable = false
            let more = parsed.problems.count - 1
            first.hint = (more > 0 ? "\(more) more \(more == 1 ? "problem" : "problems") in this file; " : "")
                + "without --strict, entries like this are read and reported as warnings"
            throw first
        }
        loaded = true
        let (filled, statistics) = KindleReplay.replayForReading(parsed.clippings, keepingVersions: options.keepsVersions,
                                                                 threads: options.threads)
        slots = filled
        for kind in KindleClipping.Kind.allCases {
            notes.count(KindleReader.label(kind), statistics.entries[kind] ?? 0)
        }
        notes.count("books", statistics.books)
        notes.count("earlier versions replaced by an edit", statistics.replacedVersions)
        notes.count("exact repeats replaced", statistics.replacedRepeats)
        notes.count("notes attached to their highlight", statistics.notesAttached)
        notes.count("notes kept as citations of their own", statistics.notesAlone)
        notes.count("bookmarks skipped", statistics.skippedBookmarks)
        notes.count("empty entries skipped", statistics.skippedEmpty)
        notes.count("entries with an unread metadata line kept as text", statistics.unreadKept)
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
