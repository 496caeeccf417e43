public import CardportCore
import Dispatch
import Foundation
import Glibc

/// Turns a file's entries into citations: highlights become citations, notes attach to the
/// highlight they were written on, and highlights the reader extended or repeated fold into one.
///
/// Kindle never rewrites an entry: extending or shrinking a highlight appends a new entry and keeps
/// the old one. Two highlights of the same book fold when their locations overlap (or, without
/// locations, they are on the same page) and one text contains the other; the newest entry is kept,
/// not the longest, and the notes of both are kept. The same text twice in one book folds wherever
/// it is. Highlights that only share a start location, and entries of different books, never fold.
/// Each book is swept in location order, so the work grows with the entries, not with their pairs.
///
/// ```swift
/// let result = KindleFolding.fold(KindleParser.parse(bytes, name: "My Clippings.txt").clippings)
/// result.citations        // one per highlight kept, and one per note without a highlight
/// result.statistics       // what was folded, attached and skipped
/// ```
public enum KindleFolding {
    /// Citations and what happened on the way.
    public struct Result: Sendable {
        public var citations: [Citation] = []
        public var statistics = KindleStatistics()
    }

    /// Extras keys the Kindle reader sets.
    public enum ExtrasKey {
        /// `note` for a note with no highlight, `article` for a clipped article.
        public static let type = "kindle_type"
        /// `true` when the publisher's clipping limit cut the text.
        public static let truncated = "kindle_truncated"
        /// The date as written, when it could not be read.
        public static let added = "kindle_added"
    }

    /// Folds `clippings` (in file order) into citations.
    public static func fold(_ clippings: [KindleClipping]) -> Result {
        fold(clippings, inParallel: foldsInParallel(clippings.count))
    }

    /// Whether `count` entries are folded on two threads: a large file, on a machine with more than one core.
    private static func foldsInParallel(_ count: Int) -> Bool {
        count >= 20_000 && ProcessInfo.processInfo.activeProcessorCount > 1
    }

    /// Folds on one thread, or on two with the books shared out between them; `lastFirst` gives the
    /// citations in reverse file order (for a reader that hands them out from the end).
    static func fold(_ clippings: [KindleClipping], inParallel: Bool, lastFirst: Bool = false) -> Result {
        let (citations, statistics) = fold(clippings, inParallel: inParallel, lastFirst: lastFirst) { $0 }
        return Result(citations: citations, statistics: statistics)
    }

    /// Folds into records, last first: what a reader hands out with `popLast`, each moved once.
    static func foldForReading(_ clippings: [KindleClipping]) -> (records: [Record], statistics: KindleStatistics) {
        fold(clippings, inParallel: foldsInParallel(clippings.count), lastFirst: true, as: Record.citation)
    }

    /// Folds, giving each citation as `element` makes it.
    private static func fold<Element>(_ clippings: [KindleClipping], inParallel: Bool, lastFirst: Bool,
                                      as element: (Citation) -> Element) -> ([Element], KindleStatistics) {
        var statistics = KindleStatistics()
        let shelf = KindleShelf.sorting(clippings, inParts: inParallel ? 2 : 1)
        let (highlightsByBook, notesByBook) = (shelf.highlights, shelf.notes)
        for kind in KindleClipping.Kind.allCases where shelf.kindCounts[kind.position] > 0 {
            statistics.entries[kind] = shelf.kindCounts[kind.position]
        }
        statistics.truncated = shelf.truncated
        statistics.skippedBookmarks = shelf.skippedBookmarks
        statistics.skippedEmpty = shelf.skippedEmpty
        statistics.books = highlightsByBook.count

        // Books fold independently: large files fold in two halves at once.
        var partitions: [[Int]] = [Array(highlightsByBook.indices)]
        if inParallel {
            var halves: [[Int]] = [[], []]
            var weights = [0, 0]
            for book in highlightsByBook.indices.sorted(by: { highlightsByBook[$0].count > highlightsByBook[$1].count }) {
                let lighter = weights[0] <= weights[1] ? 0 : 1
                halves[lighter].append(book)
                weights[lighter] += highlightsByBook[book].count + notesByBook[book].count
            }
            partitions = halves
        }
        // Each citation goes where its first entry is in the file: every task writes its books'
        // citations into their own slots, and they are moved out in file order.
        let slots = UnsafeMutableBufferPointer<Citation?>.allocate(capacity: clippings.count)
        slots.initialize(repeating: nil)
        defer { slots.deallocate() }
        var outcomes = [KindleStatistics](repeating: KindleStatistics(), count: partitions.count)
        let (highlights, notes, work) = (highlightsByBook, notesByBook, partitions)
        outcomes.withUnsafeMutableBufferPointer { outcomes in
            // Each task writes only its own statistics and the slots of its own books.
            nonisolated(unsafe) let outcomes = outcomes
            nonisolated(unsafe) let slots = slots
            DispatchQueue.concurrentPerform(iterations: work.count) { i in
                outcomes[i] = foldBooks(work[i], highlights: highlights, notes: notes, clippings, into: slots)
            }
        }
        for outcome in outcomes {
            statistics.foldedExtended += outcome.foldedExtended
            statistics.foldedRepeats += outcome.foldedRepeats
            statistics.notesAttached += outcome.notesAttached
            statistics.notesAlone += outcome.notesAlone
        }
        var elements: [Element] = []
        elements.reserveCapacity(clippings.count)
        for index in slots.indices {
            let slot = slots.baseAddress! + (lastFirst ? slots.count - 1 - index : index)
            if let citation = slot.move() { elements.append(element(citation)) }
        }
        return (elements, statistics)
    }

    /// Folds the given books, putting each citation in the slot of its first entry; returns what folded.
    private static func foldBooks(_ books: [Int], highlights highlightsByBook: [[Int]], notes notesByBook: [[Int]],
                                  _ clippings: [KindleClipping],
                                  into slots: UnsafeMutableBufferPointer<Citation?>) -> KindleStatistics {
        var statistics = KindleStatistics()
        for book in books {
            var groups = groupsOfBook(highlightsByBook[book], clippings, statistics: &statistics)
            var attached = false
            // Pages are indexed only for a book with a note that has a page but no location.
            let notes = notesByBook[book]
            let finder = notes.isEmpty ? nil : GroupFinder(groups, indexingPages: notes.contains {
                clippings[$0].location.start == nil && clippings[$0].location.page != nil
            })
            for note in notes {
                if let target = finder?.bestGroup(for: clippings[note], in: groups, clippings) {
                    groups[target].notes.append(note)
                    statistics.notesAttached += 1
                    attached = true
                }
            }
            for group in groups {
                slots[group.first] = citation(for: group, clippings)
            }
            // Notes that found no highlight stand alone.
            let attachedNotes = attached ? Set(groups.flatMap(\.notes)) : []
            for note in notesByBook[book] where !attachedNotes.contains(note) {
                slots[note] = standaloneNote(clippings[note])
                statistics.notesAlone += 1
            }
        }
        return statistics
    }

    /// Highlights of one book that fold together, with the notes attached to them.
    struct Group {
        /// The first entry of the group in the file, where its citation goes.
        var first: Int
        /// The entry whose text, location and date the citation takes: the newest.
        var kept: Int
        var notes: [Int] = []
        var start: Int?
        var end: Int?
        var pages: [String] = []
    }

    /// Folds one book's highlights: same text anywhere, or overlapping and one inside the other.
    private static func groupsOfBook(_ members: [Int], _ clippings: [KindleClipping],
                                     statistics: inout KindleStatistics) -> [Group] {
        // Positions 0..<members.count stand for the members in the union-find.
        var sets = DisjointSets(count: members.count)
        // The same text twice in one book is one highlight: texts are found again through an
        // open-addressing table of the digests their entries already carry, at most half full.
        let capacity = 1 << (Int.bitWidth - (Swift.max(members.count, 4) * 2 - 1).leadingZeroBitCount)
        let mask = capacity - 1
        var slots = [Int32](repeating: -1, count: capacity)
        var digests = [UInt64](repeating: 0, count: members.count)
        for position in members.indices {
            let digest = clippings[members[position]].textHash.finalize().0
            digests[position] = digest
            var slot = Int(truncatingIfNeeded: digest) & mask
            while slots[slot] >= 0 {
                let other = Int(slots[slot])
                if digests[other] == digest, sameBytes(clippings[members[other]].text, clippings[members[position]].text) {
                    sets.union(other, position)
                    break
                }
                slot = (slot + 1) & mask
            }
            if slots[slot] < 0 { slots[slot] = Int32(position) }
        }
        // Located highlights: sweep in start order, comparing only with those still open.
        var located: [(start: Int, end: Int, position: Int)] = []
        for position in members.indices {
            let location = clippings[members[position]].location
            if let start = location.start, let end = location.end { located.append((start, end, position)) }
        }
        sortByLocation(&located)
        var open: [(end: Int, position: Int)] = []
        for item in located {
            open.removeAll { $0.end < item.start }
            for other in open where contains(clippings[members[item.position]].text, clippings[members[other.position]].text) {
                sets.union(item.position, other.position)
            }
            open.append((item.end, item.position))
        }
        // Page-only highlights: compare within a page.
        var byPage: [String: [Int]] = [:]
        for position in members.indices where clippings[members[position]].location.start == nil {
            if let page = clippings[members[position]].location.page { byPage[page, default: []].append(position) }
        }
        for (_, onPage) in byPage where onPage.count > 1 {
            for (i, a) in onPage.enumerated() {
                for b in onPage[(i + 1)...] where contains(clippings[members[a]].text, clippings[members[b]].text) {
                    sets.union(a, b)
                }
            }
        }
        // Groups in file order, with the newest entry kept.
        var groupOfRoot = [Int](repeating: -1, count: members.count)
        var groups: [Group] = []
        var sizes: [Int] = []
        for position in members.indices {
            let root = sets.find(position)
            let index = members[position]
            let location = clippings[index].location
            if groupOfRoot[root] < 0 {
                groupOfRoot[root] = groups.count
                groups.append(Group(first: index, kept: index))
                sizes.append(0)
            }
            let g = groupOfRoot[root]
            sizes[g] += 1
            if isNewer(clippings[index], than: clippings[groups[g].kept]) { groups[g].kept = index }
            if let start = location.start, let end = location.end {
                groups[g].start = min(groups[g].start ?? start, start)
                groups[g].end = max(groups[g].end ?? end, end)
            }
            if let page = location.page, !groups[g].pages.contains(page) { groups[g].pages.append(page) }
        }
        // What folded: repeats of one text, and versions of an extended highlight.
        if sizes.contains(where: { $0 > 1 }) {
            var texts = [Set<TextKey>](repeating: [], count: groups.count)
            for position in members.indices where sizes[groupOfRoot[sets.find(position)]] > 1 {
                texts[groupOfRoot[sets.find(position)]].insert(TextKey(clippings[members[position]].text, clippings[members[position]].textHash))
            }
            for g in groups.indices where sizes[g] > 1 {
                statistics.foldedRepeats += sizes[g] - texts[g].count
                statistics.foldedExtended += texts[g].count - 1
            }
        }
        return groups
    }

    /// Sorts highlights by start, end and position; as one integer each when they fit in one, which
    /// sorts several times faster than comparing tuples.
    static func sortByLocation(_ located: inout [(start: Int, end: Int, position: Int)]) {
        let fits = located.count < 1 << 16 && located.allSatisfy { $0.start >= 0 && $0.end >= 0 && $0.start < 1 << 24 && $0.end < 1 << 24 }
        guard fits else {
            located.sort { ($0.start, $0.end, $0.position) < ($1.start, $1.end, $1.position) }
            return
        }
        var keys = located.map { UInt64($0.start) << 40 | UInt64($0.end) << 16 | UInt64($0.position) }
        keys.sort()
        for (i, key) in keys.enumerated() {
            located[i] = (Int(key >> 40), Int((key >> 16) & 0xFF_FFFF), Int(key & 0xFFFF))
        }
    }

    /// Whether `a` was added after `b` (later in the file when the dates are equal or unknown).
    private static func isNewer(_ a: KindleClipping, than b: KindleClipping) -> Bool {
        switch (a.added, b.added) {
        case let (x?, y?) where x != y: return x > y
        case (_?, nil): return true
        case (nil, _?): return false
        default: return a.index > b.index
        }
    }

    private static func citation(for group: Group, _ clippings: [KindleClipping]) -> Citation {
        var note: String?
        switch group.notes.count {
        case 0: break
        case 1: note = clippings[group.notes[0]].text
        default: note = group.notes.sorted().map { clippings[$0].text }.joined(separator: "\n\n")
        }
        return makeCitation(clippings[group.kept], note: note)
    }

    private static func standaloneNote(_ note: KindleClipping) -> Citation {
        makeCitation(note, note: nil, type: "note")
    }

    /// The citation of an entry, made in one go: each field is set once, never copied afterwards.
    private static func makeCitation(_ clipping: KindleClipping, note: String?, type: String? = nil) -> Citation {
        var extras: [String: String] = [:]
        if let type {
            extras[ExtrasKey.type] = type
        } else if clipping.kind == .article {
            extras[ExtrasKey.type] = "article"
        }
        if clipping.isTruncated { extras[ExtrasKey.truncated] = "true" }
        if clipping.added == nil && !clipping.addedText.isEmpty { extras[ExtrasKey.added] = clipping.addedText }
        let author = clipping.book.author.flatMap { $0.isEmpty ? nil : $0 }
        let source = clipping.book.title.isEmpty ? nil : clipping.book.title
        return Citation(id: RecordID.citation(textHash: clipping.textHash, author: author, source: source),
                        text: clipping.text, author: author, source: source,
                        createdAt: clipping.added, note: note,
                        location: clipping.location.isEmpty ? nil : clipping.location, extras: extras)
    }

    /// Whether one text contains the other.
    static func contains(_ a: String, _ b: String) -> Bool {
        var (long, short) = a.utf8.count >= b.utf8.count ? (a, b) : (b, a)
        return long.withUTF8 { longBytes in
            short.withUTF8 { shortBytes in
                guard !shortBytes.isEmpty else { return true }
                // memchr for the first byte, memcmp for the rest (Glibc's memmem is not exported to Swift).
                let first = Int32(shortBytes[0])
                var position = 0
                let last = longBytes.count - shortBytes.count
                while position <= last {
                    guard let hit = memchr(longBytes.baseAddress! + position, first, last - position + 1) else { return false }
                    let index = UnsafeRawPointer(hit) - UnsafeRawPointer(longBytes.baseAddress!)
                    if memcmp(longBytes.baseAddress! + index, shortBytes.baseAddress!, shortBytes.count) == 0 { return true }
                    position = index + 1
                }
                return false
            }
        }
    }
}

/// Finds the highlight a note belongs to: one whose range holds the note's location (or, without
/// locations, one on its page); the one ending at the note first, then the nearest in time.
///
/// Groups are sorted by where they start, so a note looks only at groups that start before it and
/// could still reach it, not at every highlight of the book.
struct GroupFinder {
    private var byStart: [(start: Int, end: Int, group: Int)] = []
    private var longest = 0
    /// The largest end in each block of `blockSize` entries of `byStart`, so that a scan back can
    /// skip a block none of whose highlights reaches the note.
    private var blockEnds: [Int] = []
    private static let blockSize = 32
    private var byPage: [String: [Int]] = [:]

    /// An index of `groups`; `indexingPages` also indexes their pages, for notes that have no location.
    init(_ groups: [KindleFolding.Group], indexingPages: Bool = true) {
        for (index, group) in groups.enumerated() {
            if let start = group.start, let end = group.end {
                byStart.append((start, end, index))
                longest = max(longest, end - start)
            }
            if indexingPages {
                for page in group.pages { byPage[page, default: []].append(index) }
            }
        }
        byStart.sort { ($0.start, $0.group) < ($1.start, $1.group) }
        blockEnds = stride(from: 0, to: byStart.count, by: GroupFinder.blockSize).map { first in
            byStart[first..<min(first + GroupFinder.blockSize, byStart.count)].reduce(Int.min) { max($0, $1.end) }
        }
    }

    func bestGroup(for note: KindleClipping, in groups: [KindleFolding.Group], _ clippings: [KindleClipping]) -> Int? {
        var best: Int?
        var bestRank = (1, Int64.max, 0)
        func consider(_ index: Int) {
            let kept = groups[index].kept
            let endsAtNote = note.location.start != nil && clippings[kept].location.end == note.location.start ? 0 : 1
            var distance = Int64.max
            if let a = note.added, let b = clippings[kept].added { distance = abs(a.secondsSince1970 - b.secondsSince1970) }
            let rank = (endsAtNote, distance, -kept)
            if best == nil || rank < bestRank {
                best = index
                bestRank = rank
            }
        }
        if let location = note.location.start {
            // The first group starting after the location; scan back while a group could reach it.
            var low = 0, high = byStart.count
            while low < high {
                let middle = (low + high) / 2
                if byStart[middle].start <= location { low = middle + 1 } else { high = middle }
            }
            var i = low - 1
            while i >= 0, byStart[i].start >= location - longest {
                let block = i / GroupFinder.blockSize
                if blockEnds[block] < location {
                    i = block * GroupFinder.blockSize - 1
                    continue
                }
                if byStart[i].end >= location { consider(byStart[i].group) }
                i -= 1
            }
        } else if let page = note.location.page {
            for index in byPage[page] ?? [] { consider(index) }
        }
        return best
    }
}

/// Union-find over positions `0..<count`, for folding chains of extended highlights.
struct DisjointSets {
    private var parent: [Int]

    init(count: Int) {
        parent = Array(0..<count)
    }

    mutating func find(_ x: Int) -> Int {
        var root = x
        while parent[root] != root { root = parent[root] }
        var node = x
        while parent[node] != root {
            let next = parent[node]
            parent[node] = root
            node = next
        }
        return root
    }

    mutating func union(_ a: Int, _ b: Int) {
        let (ra, rb) = (find(a), find(b))
        if ra != rb { parent[max(ra, rb)] = min(ra, rb) }
    }
}

/// A text as a dictionary key: hashed by the digest its entry already has, compared by its UTF-8 bytes.
struct TextKey: Hashable {
    let text: String
    private let digest: UInt64

    /// The key of `text`, whose entry's ``KindleClipping/textHash`` is `hash`.
    init(_ text: String, _ hash: StableHash) {
        self.text = text
        digest = hash.finalize().0
    }

    static func == (lhs: TextKey, rhs: TextKey) -> Bool {
        lhs.digest == rhs.digest && sameBytes(lhs.text, rhs.text)
    }

    func hash(into hasher: inout Hasher) {
        hasher.combine(digest)
    }
}
