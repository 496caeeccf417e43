public import CardportCore
import CardportMachinery

/// Turns a file's entries into citations by replaying each book's edits in the order the device
/// made them: highlights become citations, an edit replaces the highlight it edits, and notes attach
/// to the highlight they were written on.
///
/// Kindle never rewrites an entry: extending, shrinking or repeating a highlight appends a new entry
/// and keeps the old one. Per book, entries are replayed in file order over the set of *live*
/// highlights. A new highlight replaces every live one it edits: their locations overlap (or, both
/// without a location, they are on the same page) and one text contains the other by whole words
/// (``WordContainment``: case, spacing, quotes and edge punctuation do not count), or it repeats
/// its text exactly. A live highlight it does not edit stays live, whatever earlier versions of it
/// overlapped. A note attaches to the live highlight whose range holds its location when it was
/// written; a note the device wrote just before its highlight (same time or later) waits for it.
/// Entries of different books never meet.
///
/// ```swift
/// let result = KindleReplay.replay(KindleParser.parse(bytes, name: "My Clippings.txt").clippings)
/// result.citations        // one per live highlight, and one per note without a highlight
/// result.statistics       // what was replaced, attached and skipped
/// ```
public enum KindleReplay {
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
        /// With ``CardportCore/ReadOptions/keepsVersions``: the versions an edit replaced, oldest
        /// first, as a JSON array of objects with `text`, and `location` (`123-125`), `page` and
        /// `added` (ISO 8601) when known.
        public static let versions = "kindle_versions"
        /// The metadata line as written, for an entry whose line the reader could not fully understand.
        public static let metadata = "kindle_metadata"
    }

    /// Replays `clippings` (in file order) into citations; `keepingVersions` keeps the texts an
    /// edit replaced in the winner's extras (``ExtrasKey/versions``). Given `threads`, a large
    /// file's books are replayed in two halves at once.
    public static func replay(_ clippings: [KindleClipping], keepingVersions: Bool = false,
                              threads: (any ReadThreads)? = nil) -> Result {
        replay(clippings, inParallel: replaysInParallel(clippings.count, on: threads), keepingVersions: keepingVersions)
    }

    /// `threads`, when `count` entries are worth replaying in two halves at once on them.
    private static func replaysInParallel(_ count: Int, on threads: (any ReadThreads)?) -> (any ReadThreads)? {
        guard let threads, count >= 20_000, threads.count > 1 else { return nil }
        return threads
    }

    /// Replays on the reading thread, or (given `threads`) in two halves of the books at once.
    static func replay(_ clippings: [KindleClipping], inParallel threads: (any ReadThreads)?,
                       keepingVersions: Bool = false) -> Result {
        let (slots, statistics) = slotted(clippings, inParallel: threads, keepingVersions: keepingVersions)
        var citations: [Citation] = []
        citations.reserveCapacity(slots.buffer.count)
        while let citation = slots.takeNext() { citations.append(citation) }
        return Result(citations: citations, statistics: statistics)
    }

    /// Replays into the slots of the entries: the citation whose first version an entry is, in
    /// the entry's slot, and `nil` in the others. A reader hands them out from where they lie,
    /// each moved out once, without a second array of every citation.
    static func replayForReading(_ clippings: [KindleClipping], keepingVersions: Bool, threads: (any ReadThreads)?)
        -> (slots: KindleSlots, statistics: KindleStatistics) {
        slotted(clippings, inParallel: replaysInParallel(clippings.count, on: threads), keepingVersions: keepingVersions)
    }

    /// Replays into one slot per entry (see ``replayForReading(_:keepingVersions:threads:)``).
    private static func slotted(_ clippings: [KindleClipping], inParallel threads: (any ReadThreads)?,
                                keepingVersions: Bool) -> (KindleSlots, KindleStatistics) {
        var statistics = KindleStatistics()
        let shelf = KindleShelf.sorting(clippings, inParts: threads == nil ? 1 : 2, on: threads)
        for kind in KindleClipping.Kind.allCases where shelf.kindCounts[kind.position] > 0 {
            statistics.entries[kind] = shelf.kindCounts[kind.position]
        }
        statistics.truncated = shelf.truncated
        statistics.skippedBookmarks = shelf.skippedBookmarks
        statistics.skippedEmpty = shelf.skippedEmpty
        statistics.books = shelf.highlights.count

        // Books replay independently: large files replay in two halves at once.
        var partitions: [[Int]] = [Array(shelf.highlights.indices)]
        if threads != nil {
            var halves: [[Int]] = [[], []]
            var weights = [0, 0]
            for book in shelf.highlights.indices.sorted(by: { shelf.highlights[$0].count > shelf.highlights[$1].count }) {
                let lighter = weights[0] <= weights[1] ? 0 : 1
                halves[lighter].append(book)
                weights[lighter] += shelf.highlights[book].count + shelf.notes[book].count
            }
            partitions = halves
        }
        // Each citation goes where its first version is in the file: every task writes its books'
        // citations into their own slots.
        let citationSlots = KindleSlots(count: clippings.count)
        var outcomes = [KindleStatistics](repeating: KindleStatistics(), count: partitions.count)
        let work = partitions
        outcomes.withUnsafeMutableBufferPointer { outcomes in
            // Each task writes only its own statistics and the slots of its own books.
            nonisolated(unsafe) let outcomes = outcomes
            nonisolated(unsafe) let slots = citationSlots.buffer
            KindleParts.run(work.count, on: threads) { i in
                var outcome = KindleStatistics()
                for book in work[i] {
                    var replay = BookReplay(highlights: shelf.highlights[book], clippings, keepingVersions: keepingVersions)
                    replay.run(notes: shelf.notes[book], into: slots, &outcome)
                    for entry in shelf.unread[book] {
                        slots[entry] = makeCitation(clippings[entry], note: nil,
                                                    type: clippings[entry].kind == .note ? "note" : nil)
                        outcome.unreadKept += 1
                    }
                }
                outcomes[i] = outcome
            }
        }
        for outcome in outcomes {
            statistics.replacedVersions += outcome.replacedVersions
            statistics.replacedRepeats += outcome.replacedRepeats
            statistics.notesAttached += outcome.notesAttached
            statistics.notesAlone += outcome.notesAlone
            statistics.unreadKept += outcome.unreadKept
        }
        return (citationSlots, statistics)
    }

    /// The citation of an entry, made in one go: each field is set once, never copied afterwards.
    static func makeCitation(_ clipping: KindleClipping, note: String?, type: String? = nil,
                             versions: String? = nil) -> Citation {
        var extras: [String: String] = [:]
        if let type {
            extras[ExtrasKey.type] = type
        } else if clipping.kind == .article {
            extras[ExtrasKey.type] = "article"
        }
        if clipping.isTruncated { extras[ExtrasKey.truncated] = "true" }
        if clipping.added == nil && !clipping.addedText.isEmpty { extras[ExtrasKey.added] = clipping.addedText }
        if let versions { extras[ExtrasKey.versions] = versions }
        if let line = clipping.metadataLine { extras[ExtrasKey.metadata] = line }
        let author = clipping.book.author.flatMap { $0.isEmpty ? nil : $0 }
        let source = clipping.book.title.isEmpty ? nil : clipping.book.title
        return Citation(id: RecordID.citation(textHash: clipping.textHash, author: author, source: source),
                        text: clipping.text, author: author, source: source,
                        createdAt: clipping.added, note: note,
                        location: clipping.location.isEmpty ? nil : clipping.location, extras: extras)
    }

    /// The replaced versions as the ``ExtrasKey/versions`` extra: a JSON array, oldest first.
    static func versionsJSON(_ entries: [Int], _ clippings: [KindleClipping]) -> String {
        var json = "["
        for (n, entry) in entries.enumerated() {
            let clipping = clippings[entry]
            json += n == 0 ? "{" : ",{"
            json += "\"text\":" + CompactJSON.string(clipping.text)
            if let start = clipping.location.start, let end = clipping.location.end {
                json += ",\"location\":" + CompactJSON.string(start == end ? "\(start)" : "\(start)-\(end)")
            }
            if let page = clipping.location.page { json += ",\"page\":" + CompactJSON.string(page) }
            if let added = clipping.added { json += ",\"added\":" + CompactJSON.string(added.iso8601) }
            json += "}"
        }
        return json + "]"
    }
}
