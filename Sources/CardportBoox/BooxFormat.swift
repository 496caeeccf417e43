public import CardportCore

/// Onyx Boox "Reading Notes" text exports, in the current and the older layout, in any interface
/// language (``BooxNotes`` reads them by their structure).
///
/// Each entry becomes a citation with the book's title and author, its chapter, page and date, and
/// the note written on it. Boox keeps no id for an entry: `extras.source_id` is the book, the date
/// (to the minute) and the page. The format is read only.
public struct BooxFormat: CardFormat {
    public init() {}

    public let descriptor = FormatDescriptor(
        id: "boox", aliases: ["onyx", "boox-notes"], extensions: ["txt"],
        mediaType: "text/plain", reads: [.citation], writes: [],
        summary: "Onyx Boox \"Reading Notes\" exports, both layouts, every interface language")

    /// Certain when the first line is a header (`… | <<Title>>…`) and a line of dashes follows.
    /// Lines end at LF (a CR before it is trimmed); the first line alone says no to other files.
    public func sniff(_ prefix: [UInt8]) -> SniffResult {
        func line(_ bytes: ArraySlice<UInt8>) -> String {
            String(decoding: bytes, as: UTF8.self).trimmingTrailing("\r")
        }
        var end = prefix.firstIndex(of: 0x0A) ?? prefix.endIndex
        guard BooxNotes.header(line(prefix[..<end])) != nil else { return .no }
        for _ in 0..<400 where end < prefix.endIndex {
            let start = end + 1
            end = prefix[start...].firstIndex(of: 0x0A) ?? prefix.endIndex
            if BooxNotes.isSeparator(line(prefix[start..<end])) { return .certain }
        }
        return .possible
    }

    public func makeReader(_ input: ByteInput, options: ReadOptions) throws(CardportError) -> any RecordReader {
        BooxReader(input: input)
    }

    /// Boox exports are read only; the writer writes nothing and refuses records.
    public func makeWriter(_ output: ByteOutput, options: WriteOptions) throws(CardportError) -> any RecordWriter {
        ReadOnlyFormatWriter(format: descriptor.id)
    }
}

/// Reads an export whole (it is one book), then hands out its citations.
final class BooxReader: RecordReader {
    private let input: ByteInput
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
        loaded = true
        try input.fillToEnd()
        let base = input.offset
        let text = String(decoding: input.available, as: UTF8.self)
        input.consume(input.available.count)
        guard text.contains(where: { !$0.isWhitespace }) else { return }
        var problems: [(Int, String)] = []
        let parsed = BooxNotes.parse(text) { problems.append(($0, $1)) }
        guard parsed.title != nil else {
            throw input.error(.malformedInput, "expected a Boox header like 'Reading Notes | <<Title>>Author' on the first line",
                              at: base, hint: "is this a Boox \"Reading Notes\" export? Pass --from to read it as another format")
        }
        for (line, message) in problems {
            notes.warn(CardportError(.malformedInput, message, location: SourceLocation(file: input.name, line: line, column: 1, offset: 0),
                                     isRecoverable: true))
        }
        notes.count("unreadable entries skipped", problems.count)
        var citations: [Record] = []
        var used: [String: Int] = [:]
        for entry in parsed.entries {
            guard !entry.text.isEmpty || entry.note != nil else { notes.count("empty entries skipped"); continue }
            var extras: [String: String] = [:]
            // Boox's entries have no id of their own: the book, the date and the page stand for one.
            var sourceID = "\(parsed.title ?? "")@\(entry.date ?? "") p\(entry.page ?? "")"
            let seen = used[sourceID, default: 0]
            used[sourceID] = seen + 1
            if seen > 0 { sourceID += "#\(seen + 1)" }
            let created = entry.date.flatMap(BooxReader.timestamp)
            var text = entry.text
            var note = entry.note
            if text.isEmpty {
                // A note with no passage highlighted: the note is the card.
                text = note ?? ""
                note = nil
                extras["type"] = "note"
            }
            notes.count(note == nil ? "highlights" : "highlights with a note")
            citations.append(.citation(Citation(
                id: RecordID.foreign(namespace: "boox", id: sourceID), text: text, author: parsed.author, source: parsed.title,
                createdAt: created, updatedAt: created, note: note,
                location: entry.page.map { CitationLocation(page: $0) }, chapter: entry.chapter, sourceID: sourceID,
                extras: extras)))
        }
        notes.count("books", parsed.entries.isEmpty ? 0 : 1)
        remaining = citations.reversed()
    }

    /// `2023-04-03 00:41` (or with seconds) as a wall-clock time of unknown zone.
    static func timestamp(_ text: String) -> Timestamp? {
        let digits = text.split(whereSeparator: { !$0.isNumber }).compactMap { Int($0) }
        guard digits.count >= 5 else { return nil }
        return Timestamp(year: digits[0], month: digits[1], day: digits[2], hour: digits[3], minute: digits[4],
                         second: digits.count > 5 ? digits[5] : 0, zone: .floating)
    }
}
