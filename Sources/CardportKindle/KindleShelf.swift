import CardportCore
import CardportMachinery

/// A file's entries sorted by book: for each book, in the order books first appear, the positions
/// of its highlights, of its notes and of its entries with a metadata line not fully understood,
/// with the counts the replay reports.
///
/// Sorting is one look-up by digest per title line the parser numbered (per entry otherwise); a
/// large file is sorted in two halves at once and the halves are then joined book by book, which
/// keeps every list in file order.
struct KindleShelf {
    var highlights: [[Int]] = []
    var notes: [[Int]] = []
    var unread: [[Int]] = []
    var kindCounts = [Int](repeating: 0, count: KindleClipping.Kind.allCases.count)
    var truncated = 0
    var skippedBookmarks = 0
    var skippedEmpty = 0
    private var books: [KindleBook] = []
    /// `books` by their digests: a look-up mixes no `Hasher` and compares titles only when the
    /// digests agree.
    private var slots = HashSlots(capacity: 128)

    /// The entries at `positions` of `clippings`, by book.
    init(_ clippings: [KindleClipping], positions: Range<Int>) {
        // Entries of one book usually follow each other: the last book is checked before the index.
        var last = (digest: UInt64(0), index: -1)
        // The book of each title line a parser numbered: one look-up per line, not per entry.
        var bookOfTitle: [Int32] = []
        for index in positions {
            let kind = clippings[index].kind
            let book: Int
            let title = Int(clippings[index].titleNumber)
            if title >= 0 {
                if title >= bookOfTitle.count {
                    bookOfTitle.append(contentsOf: repeatElement(-1, count: title + 1 - bookOfTitle.count))
                }
                if bookOfTitle[title] < 0 { bookOfTitle[title] = Int32(find(clippings[index].book)) }
                book = Int(bookOfTitle[title])
            } else if last.index >= 0, last.digest == clippings[index].book.digest,
                      books[last.index] == clippings[index].book {
                book = last.index
            } else {
                book = find(clippings[index].book)
                last = (clippings[index].book.digest, book)
            }
            kindCounts[kind.position] += 1
            if clippings[index].isTruncated { truncated += 1 }
            switch kind {
            case .bookmark:
                skippedBookmarks += 1
            case .highlight, .article, .note:
                if clippings[index].text.isEmpty {
                    skippedEmpty += 1
                } else if clippings[index].metadataLine != nil {
                    unread[book].append(index)
                } else if kind == .note {
                    notes[book].append(index)
                } else {
                    highlights[book].append(index)
                }
            }
        }
    }

    /// The entries of `clippings` by book, sorted in `parts` pieces at once on `threads`.
    static func sorting(_ clippings: [KindleClipping], inParts parts: Int, on threads: (any ReadThreads)?) -> KindleShelf {
        guard parts > 1 else { return KindleShelf(clippings, positions: clippings.indices) }
        let size = (clippings.count + parts - 1) / parts
        var pieces = [KindleShelf?](repeating: nil, count: parts)
        pieces.withUnsafeMutableBufferPointer { pieces in
            // Each task writes only its own piece.
            nonisolated(unsafe) let pieces = pieces
            KindleParts.run(parts, on: threads) { part in
                let start = min(part * size, clippings.count)
                pieces[part] = KindleShelf(clippings, positions: start..<min(start + size, clippings.count))
            }
        }
        var shelf = pieces[0]!
        for piece in pieces.dropFirst() { shelf.append(piece!) }
        return shelf
    }

    /// Adds the entries of a shelf of later positions.
    private mutating func append(_ later: KindleShelf) {
        for (local, book) in later.books.enumerated() {
            let index = find(book)
            highlights[index].append(contentsOf: later.highlights[local])
            notes[index].append(contentsOf: later.notes[local])
            unread[index].append(contentsOf: later.unread[local])
        }
        for position in kindCounts.indices { kindCounts[position] += later.kindCounts[position] }
        truncated += later.truncated
        skippedBookmarks += later.skippedBookmarks
        skippedEmpty += later.skippedEmpty
    }

    /// The position of `book` among the books, added at the end when it is new.
    private mutating func find(_ book: KindleBook) -> Int {
        switch slots.find(book.digest, where: { books[$0] == book }) {
        case .found(let index):
            return index
        case .missing(let place):
            books.append(book)
            highlights.append([])
            notes.append([])
            unread.append([])
            let books = self.books
            return slots.add(at: place) { books[$0].digest }
        }
    }
}
