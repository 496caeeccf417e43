import CardportCore
import CardportMachinery

/// One book's replay (``KindleReplay``): its highlights and notes in file order over the set of
/// live highlights.
///
/// Highlights are named by their position among the book's highlights. A live highlight carries
/// the first entry of its line of versions (where its citation goes in the output), the notes
/// attached to any of its versions, and how many versions it replaced.
struct BookReplay {
    private let clippings: [KindleClipping]
    private let highlights: [Int]
    private let keepingVersions: Bool
    private var live: [Bool]
    private var first: [Int]
    private var notes: [[Int]]
    private var versions: [[Int]]
    private var starts: [Int]
    private var ends: [Int]
    private var normalised: [WordContainment.Normalised?]
    private var ranges: KindleLiveRanges
    /// Live highlights without a location, by page.
    private var onPage: [String: [Int32]] = [:]
    /// The live highlight of each text, found by the digest its entry already carries: an
    /// open-addressing table, at most half full, of positions (an exact repeat replaces the one
    /// before, so a text has at most one live highlight).
    private var texts: [Int32]
    /// The digest of each highlight's text (``KindleClipping/textHash``).
    private let digests: [UInt64]
    private var found: [Int32] = []
    /// Notes the device wrote before their highlight, waiting for it.
    private var pending: [Int] = []

    init(highlights: [Int], _ clippings: [KindleClipping], keepingVersions: Bool) {
        self.clippings = clippings
        self.highlights = highlights
        self.keepingVersions = keepingVersions
        let count = highlights.count
        live = [Bool](repeating: false, count: count)
        first = highlights
        notes = [[Int]](repeating: [], count: count)
        versions = keepingVersions ? [[Int]](repeating: [], count: count) : []
        starts = [Int](repeating: 0, count: count)
        ends = [Int](repeating: -1, count: count)
        normalised = [WordContainment.Normalised?](repeating: nil, count: count)
        var maximumStart = 0
        for (position, entry) in highlights.enumerated() {
            let location = clippings[entry].location
            if let start = location.start, let end = location.end {
                starts[position] = start
                ends[position] = end
                maximumStart = Swift.max(maximumStart, start)
            }
        }
        ranges = KindleLiveRanges(maximumStart: maximumStart, items: count)
        digests = highlights.map { clippings[$0].textHash.finalize().0 }
        texts = [Int32](repeating: -1, count: 1 << (Int.bitWidth - (Swift.max(count, 4) * 2 - 1).leadingZeroBitCount))
    }

    /// Replays the book's highlights and `notes` (both in file order), putting each citation in
    /// the slot of its first version's entry, and counts what happened into `statistics`.
    mutating func run(notes noteEntries: [Int], into slots: UnsafeMutableBufferPointer<Citation?>,
                      _ statistics: inout KindleStatistics) {
        var next = 0
        for position in highlights.indices {
            while next < noteEntries.count, noteEntries[next] < highlights[position] {
                note(noteEntries[next], &statistics, slots)
                next += 1
            }
            highlight(position, &statistics, slots)
        }
        while next < noteEntries.count {
            note(noteEntries[next], &statistics, slots)
            next += 1
        }
        for entry in pending { alone(entry, &statistics, slots) }
        pending.removeAll()
        for position in highlights.indices where live[position] {
            var note: String?
            switch notes[position].count {
            case 0: break
            case 1: note = clippings[notes[position][0]].text
            default: note = notes[position].sorted().map { clippings[$0].text }.joined(separator: "\n\n")
            }
            var history: String?
            if keepingVersions, !versions[position].isEmpty {
                history = KindleReplay.versionsJSON(versions[position].sorted(), clippings)
            }
            slots[first[position]] = KindleReplay.makeCitation(clippings[highlights[position]], note: note, versions: history)
        }
    }

    // MARK: Highlights

    /// A new highlight: it replaces every live highlight it edits, then becomes live.
    private mutating func highlight(_ position: Int, _ statistics: inout KindleStatistics,
                                    _ slots: UnsafeMutableBufferPointer<Citation?>) {
        found.removeAll(keepingCapacity: true)
        let page = ends[position] >= 0 ? nil : clippings[highlights[position]].location.page
        if ends[position] >= 0 {
            ranges.overlapping(starts[position], ends[position], starts: starts, ends: ends, into: &found)
        } else if let page {
            found.append(contentsOf: onPage[page] ?? [])
        }
        let (repeated, slot) = liveHighlight(withTextOf: position)
        if let repeated { found.append(Int32(repeated)) }
        for index in found.indices {
            let other = Int(found[index])
            guard live[other] else { continue }   // listed twice: by range and by text
            let isRepeat = digests[other] == digests[position]
                && sameBytes(clippings[highlights[other]].text, clippings[highlights[position]].text)
            guard isRepeat || edits(position, other) else { continue }
            replace(other, by: position)
            if isRepeat { statistics.replacedRepeats += 1 } else { statistics.replacedVersions += 1 }
        }
        live[position] = true
        if ends[position] >= 0 {
            ranges.insert(Int32(position), start: starts[position], end: ends[position])
        } else if let page {
            onPage[page, default: []].append(Int32(position))
        }
        texts[slot] = Int32(position)
        if !pending.isEmpty { attachPending(to: position, &statistics, slots) }
    }

    /// Whether highlight `a` and highlight `b` hold the same passage, one by whole words inside the other.
    private mutating func edits(_ a: Int, _ b: Int) -> Bool {
        // Each text is normalised once, however many highlights it is compared with.
        WordContainment.eitherContains(normalisedText(a), normalisedText(b))
    }

    private mutating func normalisedText(_ position: Int) -> WordContainment.Normalised {
        if let text = normalised[position] { return text }
        let text = WordContainment.Normalised(clippings[highlights[position]].text)
        normalised[position] = text
        return text
    }

    /// `old` is no longer live: `new` takes its place in the output, its notes and its versions.
    private mutating func replace(_ old: Int, by new: Int) {
        live[old] = false
        if ends[old] >= 0 {
            ranges.remove(Int32(old), start: starts[old], end: ends[old])
        } else if let page = clippings[highlights[old]].location.page {
            onPage[page]?.removeAll { $0 == Int32(old) }
        }
        first[new] = Swift.min(first[new], first[old])
        if !notes[old].isEmpty {
            notes[new].append(contentsOf: notes[old])
            notes[old] = []
        }
        if keepingVersions {
            versions[new].append(contentsOf: versions[old])
            versions[new].append(highlights[old])
            versions[old] = []
        }
        normalised[old] = nil
    }

    /// The live highlight with exactly the text of `position`, if any, and the table slot where
    /// `position` is to be listed.
    private func liveHighlight(withTextOf position: Int) -> (Int?, slot: Int) {
        let digest = digests[position]
        let mask = texts.count - 1
        var slot = Int(truncatingIfNeeded: digest) & mask
        while texts[slot] >= 0 {
            let other = Int(texts[slot])
            if digests[other] == digest, sameBytes(clippings[highlights[other]].text, clippings[highlights[position]].text) {
                return (live[other] ? other : nil, slot)
            }
            slot = (slot + 1) & mask
        }
        return (nil, slot)
    }

    // MARK: Notes

    /// A note: attached to the live highlight that holds it, else kept for a highlight the device
    /// writes next, else alone.
    private mutating func note(_ entry: Int, _ statistics: inout KindleStatistics,
                               _ slots: UnsafeMutableBufferPointer<Citation?>) {
        if let holder = holder(of: entry) {
            notes[holder].append(entry)
            statistics.notesAttached += 1
        } else if clippings[entry].added != nil && !clippings[entry].location.isEmpty {
            pending.append(entry)
        } else {
            alone(entry, &statistics, slots)
        }
    }

    private func alone(_ entry: Int, _ statistics: inout KindleStatistics, _ slots: UnsafeMutableBufferPointer<Citation?>) {
        slots[entry] = KindleReplay.makeCitation(clippings[entry], note: nil, type: "note")
        statistics.notesAlone += 1
    }

    /// The live highlight a note belongs to: one whose range holds the note's location (or, without
    /// locations, one on its page); the one ending at the note first, then the nearest in time,
    /// then the latest.
    private mutating func holder(of entry: Int) -> Int? {
        let location = clippings[entry].location
        found.removeAll(keepingCapacity: true)
        if let start = location.start {
            ranges.overlapping(start, start, starts: starts, ends: ends, into: &found)
        } else if let page = location.page {
            for position in highlights.indices where live[position] && clippings[highlights[position]].location.page == page {
                found.append(Int32(position))
            }
        }
        var best: Int?
        var bestRank = (1, Int64.max, 0)
        let written = clippings[entry].added?.secondsSince1970
        for candidate in found {
            let position = Int(candidate)
            let endsAtNote = location.start != nil && ends[position] == location.start ? 0 : 1
            var distance = Int64.max
            if let a = written, let b = clippings[highlights[position]].added { distance = abs(a - b.secondsSince1970) }
            let rank = (endsAtNote, distance, -highlights[position])
            if best == nil || rank < bestRank {
                best = position
                bestRank = rank
            }
        }
        return best
    }

    /// Attaches to highlight `position` the waiting notes it holds, if it was made no later than
    /// they were written; a note whose time has passed without its highlight stands alone.
    private mutating func attachPending(to position: Int, _ statistics: inout KindleStatistics,
                                        _ slots: UnsafeMutableBufferPointer<Citation?>) {
        let highlight = clippings[highlights[position]]
        guard let made = highlight.added else { return }
        var waiting: [Int] = []
        for entry in pending {
            let note = clippings[entry]
            guard let written = note.added, made <= written else {
                alone(entry, &statistics, slots)
                continue
            }
            let holds: Bool
            if let location = note.location.start {
                holds = ends[position] >= 0 && starts[position] <= location && location <= ends[position]
            } else {
                holds = note.location.page != nil && note.location.page == highlight.location.page
            }
            if holds {
                notes[position].append(entry)
                statistics.notesAttached += 1
            } else {
                waiting.append(entry)
            }
        }
        pending = waiting
    }
}
