import CardportCore

/// Reads one KOReader file whole (a sidecar is one table), then hands out its citations.
final class KOReaderReader: RecordReader {
    private let input: ByteInput
    private let limits: ReadLimits
    /// The citations still to hand out, last first, so each is moved out rather than copied.
    private var remaining: [Record] = []
    private var loaded = false
    private(set) var notes = ReaderNotes()

    init(input: ByteInput, limits: ReadLimits) {
        self.input = input
        self.limits = limits
    }

    func next() throws(CardportError) -> Record? {
        if !loaded { try load() }
        return remaining.popLast()
    }

    private func load() throws(CardportError) {
        try input.fillToEnd()
        let base = input.offset
        let bytes = input.available
        let books: [(KOReaderBookInfo, [KOReaderHighlight])]
        do {
            var parser = KOReaderParser(bytes, base: base, input: input, limits: limits)
            let first = bytes.first { $0 != 0x20 && !(0x09...0x0D).contains($0) }
            if first == nil {
                books = []
            } else if first == UInt8(ascii: "{") {
                books = KOReaderJSONExport(table: try parser.parseJSON()).books(notes: &notes)
            } else {
                let sidecar = KOReaderSidecar(table: try parser.parseSidecar(keeping: KOReaderSidecar.keys),
                                              path: input.name)
                let highlights = sidecar.highlights(notes: &notes)
                books = [(sidecar.book, highlights)]
            }
        }
        input.consume(input.available.count)
        loaded = true
        var citations: [Record] = []
        for (book, highlights) in books {
            notes.count("books")
            var used: [String: Int] = [:]
            for (position, highlight) in highlights.enumerated() {
                // KOReader's creation time never changes and is what its own tools match on;
                // two highlights made in the same second are told apart by their order.
                let stamp = highlight.datetime ?? highlight.time.map { String($0.secondsSince1970) }
                    ?? highlight.start ?? "#\(position + 1)"
                var sourceID = book.key + "@" + stamp
                let seen = used[sourceID, default: 0]
                used[sourceID] = seen + 1
                if seen > 0 { sourceID += "#\(seen + 1)" }
                citations.append(.citation(highlight.citation(book: book, sourceID: sourceID)))
            }
        }
        remaining = citations.reversed()
    }
}
