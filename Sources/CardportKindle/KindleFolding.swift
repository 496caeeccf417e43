public import CardportCore
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
        var result = Result()
        var statistics = KindleStatistics()
        var highlightsByBook: [KindleBook: [Int]] = [:]
        var notesByBook: [KindleBook: [Int]] = [:]
        var books = Set<KindleBook>()
        for clipping in clippings {
            books.insert(clipping.book)
            statistics.entries[clipping.kind, default: 0] += 1
            if clipping.isTruncated { statistics.truncated += 1 }
            switch clipping.kind {
            case .bookmark:
                statistics.skippedBookmarks += 1
            case .highlight, .article:
                if clipping.text.isEmpty {
                    statistics.skippedEmpty += 1
                } else {
                    highlightsByBook[clipping.book, default: []].append(clipping.index)
                }
            case .note:
                if clipping.text.isEmpty {
                    statistics.skippedEmpty += 1
                } else {
                    notesByBook[clipping.book, default: []].append(clipping.index)
                }
            }
        }
        statistics.books = books.count

        // (position in the file, citation) so the output follows the file.
        var placed: [(Int, Citation)] = []
        for (book, members) in highlightsByBook {
            var groups = groupsOfBook(members, clippings, statistics: &statistics)
            for note in notesByBook[book] ?? [] {
                if let target = bestGroup(for: clippings[note], among: groups, clippings) {
                    groups[target].notes.append(note)
                    statistics.notesAttached += 1
                }
            }
            for group in groups {
                placed.append((group.members.min()!, citation(for: group, clippings)))
            }
            // Notes that found no highlight stand alone.
            let attached = Set(groups.flatMap(\.notes))
            for note in notesByBook[book] ?? [] where !attached.contains(note) {
                placed.append((note, standaloneNote(clippings[note])))
                statistics.notesAlone += 1
            }
            notesByBook[book] = nil
        }
        for (_, notes) in notesByBook {
            for note in notes {
                placed.append((note, standaloneNote(clippings[note])))
                statistics.notesAlone += 1
            }
        }
        placed.sort { $0.0 < $1.0 }
        result.citations = placed.map(\.1)
        result.statistics = statistics
        return result
    }

    /// Highlights of one book that fold together, with the notes attached to them.
    struct Group {
        var members: [Int]
        var kept: Int
        var notes: [Int] = []
        var start: Int?
        var end: Int?
        var pages: Set<String> = []
    }

    /// Folds one book's highlights: same text anywhere, or overlapping and one inside the other.
    private static func groupsOfBook(_ members: [Int], _ clippings: [KindleClipping],
                                     statistics: inout KindleStatistics) -> [Group] {
        var sets = DisjointSets(members)
        // The same text twice in one book is one highlight.
        var byText: [String: Int] = [:]
        for index in members {
            if let first = byText[clippings[index].text] { sets.union(first, index) } else { byText[clippings[index].text] = index }
        }
        // Located highlights: sweep in start order, comparing only with those still open.
        let located = members.filter { clippings[$0].location.start != nil }.sorted {
            let a = clippings[$0].location, b = clippings[$1].location
            return (a.start!, a.end!, $0) < (b.start!, b.end!, $1)
        }
        var open: [Int] = []
        for index in located {
            let location = clippings[index].location
            open.removeAll { clippings[$0].location.end! < location.start! }
            for other in open where contains(clippings[index].text, clippings[other].text) {
                sets.union(index, other)
            }
            open.append(index)
        }
        // Page-only highlights: compare within a page.
        var byPage: [String: [Int]] = [:]
        for index in members where clippings[index].location.start == nil {
            if let page = clippings[index].location.page { byPage[page, default: []].append(index) }
        }
        for (_, onPage) in byPage.sorted(by: { $0.key < $1.key }) {
            for (i, a) in onPage.enumerated() {
                for b in onPage[(i + 1)...] where contains(clippings[a].text, clippings[b].text) { sets.union(a, b) }
            }
        }
        // Groups, with the newest entry kept.
        var groups: [Int: Group] = [:]
        for index in members {
            let root = sets.find(index)
            let clipping = clippings[index]
            var group = groups[root] ?? Group(members: [], kept: index)
            group.members.append(index)
            if isNewer(clipping, than: clippings[group.kept]) { group.kept = index }
            if let start = clipping.location.start, let end = clipping.location.end {
                group.start = min(group.start ?? start, start)
                group.end = max(group.end ?? end, end)
            }
            if let page = clipping.location.page { group.pages.insert(page) }
            groups[root] = group
        }
        for group in groups.values where group.members.count > 1 {
            let texts = Set(group.members.map { clippings[$0].text }).count
            statistics.foldedRepeats += group.members.count - texts
            statistics.foldedExtended += texts - 1
        }
        return groups.values.sorted { $0.members.min()! < $1.members.min()! }
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

    /// The highlight a note belongs to: one whose range holds the note's location (or, without
    /// locations, one on its page); the one ending at the note first, then the nearest in time.
    private static func bestGroup(for note: KindleClipping, among groups: [Group], _ clippings: [KindleClipping]) -> Int? {
        var candidates: [Int] = []
        if let location = note.location.start {
            candidates = groups.indices.filter { i in
                guard let start = groups[i].start, let end = groups[i].end else { return false }
                return start <= location && location <= end
            }
        } else if let page = note.location.page {
            candidates = groups.indices.filter { groups[$0].pages.contains(page) }
        }
        return candidates.min { a, b in
            rank(groups[a], note, clippings) < rank(groups[b], note, clippings)
        }
    }

    private static func rank(_ group: Group, _ note: KindleClipping, _ clippings: [KindleClipping]) -> (Int, Int64, Int) {
        let kept = clippings[group.kept]
        let endsAtNote = note.location.start != nil && kept.location.end == note.location.start ? 0 : 1
        var distance = Int64.max
        if let a = note.added, let b = kept.added { distance = abs(a.secondsSince1970 - b.secondsSince1970) }
        return (endsAtNote, distance, -group.kept)
    }

    private static func citation(for group: Group, _ clippings: [KindleClipping]) -> Citation {
        let kept = clippings[group.kept]
        let notes = group.notes.sorted().map { clippings[$0].text }
        var citation = baseCitation(kept)
        citation.note = notes.isEmpty ? nil : notes.joined(separator: "\n\n")
        return citation
    }

    private static func standaloneNote(_ note: KindleClipping) -> Citation {
        var citation = baseCitation(note)
        citation.extras[ExtrasKey.type] = "note"
        return citation
    }

    private static func baseCitation(_ clipping: KindleClipping) -> Citation {
        var extras: [String: String] = [:]
        if clipping.kind == .article { extras[ExtrasKey.type] = "article" }
        if clipping.isTruncated { extras[ExtrasKey.truncated] = "true" }
        if clipping.added == nil && !clipping.addedText.isEmpty { extras[ExtrasKey.added] = clipping.addedText }
        return Citation(text: clipping.text, author: clipping.book.author, source: clipping.book.title,
                        createdAt: clipping.added,
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

/// Union-find over entry indices, for folding chains of extended highlights.
struct DisjointSets {
    private var parent: [Int: Int] = [:]

    init(_ members: [Int]) {
        for member in members { parent[member] = member }
    }

    mutating func find(_ x: Int) -> Int {
        var root = x
        while let next = parent[root], next != root { root = next }
        var node = x
        while let next = parent[node], next != root {
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
