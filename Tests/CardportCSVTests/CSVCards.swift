import CardportCore
import CardportTestSupport
import PropertyBased

/// Generators for CSV round trips: the shared random cards, with text that starts and ends with
/// what CSV gets wrong (delimiters, quotes, line breaks, formula starts, a spreadsheet's `'`).
enum CSVCards {
    static let delimiters: [UInt8] = [0x2C, 0x3B, 0x09, 0x7C]

    static let edges = ["", "=", "+", "-", "@", "\t", "\r", "\r\n", "\n", "'", "''", "'=", "'-1", "|", ";", ",", "\"",
                        "\"\"", " ", "\\", "\\;", "=HYPERLINK(\"x\")", "é", "👨‍👩‍👧"]

    static func awkward(_ text: String, using rng: inout some RandomNumberGenerator) -> String {
        edges.randomElement(using: &rng)! + text + edges.randomElement(using: &rng)!
    }

    /// Libraries of citations, bookmarks and tasks with awkward text in every string field; they shrink
    /// record by record.
    static let library = Generator<Library, [Library]>(run: { rng in
        var library = RandomCards.randomLibrary(using: &rng, kinds: [.citation, .bookmark, .task])
        library.citations = library.citations.map { c in
            var c = c
            c.text = awkward(c.text, using: &rng)
            c.author = c.author.map { awkward($0, using: &rng) }
            c.note = c.note.map { awkward($0, using: &rng) }
            c.tags = c.tags.map { awkward($0, using: &rng) }
            return c
        }
        library.bookmarks = library.bookmarks.map { b in
            var b = b
            b.text = awkward(b.text, using: &rng)
            b.name = b.name.map { awkward($0, using: &rng) }
            return b
        }
        library.tasks = library.tasks.map { t in
            var t = t
            t.description = awkward(t.description, using: &rng)
            return t
        }
        return library
    }, shrink: LibraryShrinker.fewerRecords)

    /// What CSV keeps of a library: everything, except that an extra with an empty value reads
    /// back as absent (an empty cell), and records of kinds CSV does not hold are gone.
    static func kept(_ library: Library) -> Library {
        Library(library.records.compactMap(kept))
    }

    /// What CSV keeps of a record (see ``kept(_:)-library``).
    static func kept(_ record: Record) -> Record? {
        func clean(_ extras: [String: String]) -> [String: String] { extras.filter { !$0.value.isEmpty } }
        switch record {
        case .citation(var c): c.extras = clean(c.extras); return .citation(c)
        case .bookmark(var b): b.extras = clean(b.extras); return .bookmark(b)
        case .task(var t): t.extras = clean(t.extras); return .task(t)
        case .topic(var t): t.extras = clean(t.extras); return .topic(t)
        case .tag, .settings: return nil
        }
    }
}
