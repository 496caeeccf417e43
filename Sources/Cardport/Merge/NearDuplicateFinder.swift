import CardportCore
import CardportMachinery
import Foundation
import Synchronization

/// Finds citations whose normalised text is contained in another's of the same author and source,
/// without comparing every pair.
///
/// Containment is by whole words: `"well begun"` is in `"well begun is half done"`, but `"art"` is
/// not in `"heart"`. Only texts that share their group (author and source) with another text take
/// part. Each is indexed under a hash of its group and its first three words (all of them when it
/// has fewer), the prefix of its ``sketch(ofNormalised:)``, which the engine computes when the record
/// arrives so the normalised text need not be kept. The sketch also has a bit for each word of the
/// text: in a group of up to ``pairwiseGroupLimit`` texts, a text probes only when some shorter
/// text of its group has no bit it lacks, and most texts, which contain none, are not normalised again.
/// A text then probes the index at each of its word positions: a text it contains must start at
/// one of them. A mask of its group's prefixes (one bit each, in a
/// register) turns most positions away, a bit filter most of the rest, without touching the index
/// (``NearDuplicateIndex``); a hit is confirmed by comparing the normalised texts, so hash collisions
/// cost time, never correctness. The cost is about one hash per word of the texts that probe,
/// whatever the number of texts, unless many texts of one group share their first three words;
/// comparing the bits of the texts of a group costs at most ``pairwiseGroupLimit`` word
/// comparisons per text, a fraction of what its probing would.
struct NearDuplicateFinder {
    /// One citation to compare.
    struct Entry {
        /// ``sketch(ofNormalised:)``'s prefix of its normalised text.
        var prefix: UInt64
        /// ``sketch(ofNormalised:)``'s word bits of its normalised text: a text contains another only if
        /// it has every bit the other has.
        var words: UInt64
        /// A digest of the normalised author and source: only texts of one group are compared.
        var group: (UInt64, UInt64)
        /// The length of its normalised text in bytes: a text contains only shorter ones, so the
        /// shortest texts of a group need not probe.
        var length: UInt32
    }

    private static let prefixWords = 3
    /// The largest group whose texts' word bits are compared pair by pair to find the texts that
    /// need to probe; in larger groups every text longer than the group's shortest probes.
    static let pairwiseGroupLimit = 1024
    /// Probing texts a thread takes at a time.
    private static let proberRun = 1024

    /// What the pass keeps of a normalised text: a hash of its first three words (all of them when it
    /// has fewer), with the number of words taken in its low two bits (0 for a text without
    /// words), and its ``WordBits``.
    ///
    /// A text contained in another by whole words has only words of the other, so it has only
    /// bits the other has: two texts of one group are compared only when the shorter one's bits
    /// are all in the longer one's. Texts of a few dozen words set about half of the 64 bits, so
    /// a text of other words nearly always has a bit the longer one lacks.
    static func sketch(ofNormalised bytes: UnsafeBufferPointer<UInt8>) -> (prefix: UInt64, words: UInt64) {
        var hashes: (UInt64, UInt64, UInt64) = (0, 0, 0)
        var count = 0
        WordHashes.forEach(bytes) { hash, _ in
            switch count {
            case 0: hashes.0 = hash
            case 1: hashes.1 = hash
            default: hashes.2 = hash
            }
            count += 1
            return count < prefixWords
        }
        guard count > 0 else { return (0, 0) }
        // The tuple's words lie in a row: the same n-gram hash the probes compute.
        let prefix = withUnsafeBytes(of: &hashes) { ngramHash($0.assumingMemoryBound(to: UInt64.self).baseAddress!, count: count) }
        return (prefix, WordBits.of(bytes))
    }

    /// For each entry, the index of the longest entry that contains it (the earliest on a tie),
    /// followed to the end of the chain: a text that contains it and that nothing contains. `-1` for
    /// an entry nothing contains. `text(i, &buffer)` puts the normalised text of entry `i` in `buffer`;
    /// it is called from several threads at once.
    ///
    /// The probing texts are shared out among `parts` threads (by default one per core, for large
    /// inputs) in runs of ``proberRun``, each thread taking the next run when it is done with one,
    /// so that a thread with the harder texts does not leave the others waiting. Each thread keeps
    /// its own best container per text, and the best of those wins by the same rule, so the result
    /// does not depend on how the work was shared.
    static func roots(of entries: [Entry], parts: Int? = nil,
                      text: @Sendable (Int, inout NormalisationBuffer) -> Void) -> [Int32] {
        let partCount = max(1, min(parts ?? (entries.count < 4096 ? 1 : ProcessInfo.processInfo.activeProcessorCount), 8))
        let (groupLengths, groupMasks) = sharedGroups(entries, parts: partCount)
        var keyList: [(key: UInt64, entry: Int32)] = []
        var proberList: [Int32] = []
        for entry in entries.indices where groupLengths[entry] != 0 {
            keyList.append((indexKey(entries[entry].group, entries[entry].prefix), Int32(entry)))
            if groupLengths[entry] & 1 != 0 { proberList.append(Int32(entry)) }
        }
        let index = NearDuplicateIndex(keyList)
        keyList = []

        let table = ContainerTable(count: entries.count * partCount)
        let probers = proberList
        let nextRun = Atomic<Int>(0)
        @Sendable func probe(_ part: Int) {
            let containers = table.containers
            let containerLengths = table.lengths
            // The hashes and starts of the probing text's words, in memory grown as texts need.
            var wordCapacity = 256
            var hashes = UnsafeMutablePointer<UInt64>.allocate(capacity: wordCapacity)
            var starts = UnsafeMutablePointer<Int>.allocate(capacity: wordCapacity)
            defer {
                hashes.deallocate()
                starts.deallocate()
            }
            var aText = NormalisationBuffer()
            var bText = NormalisationBuffer()
            let base = part * entries.count
            var next = 0
            var runEnd = 0
            while true {
                if next == runEnd {
                    next = nextRun.add(proberRun, ordering: .relaxed).oldValue
                    guard next < probers.count else { break }
                    runEnd = min(next + proberRun, probers.count)
                }
                let a = Int(probers[next])
                next += 1
                text(a, &aText)
                aText.withBytes { aBytes in
                    let aLength = Int32(aBytes.count)
                    // A word takes at least two bytes with its space.
                    if aBytes.count / 2 + 1 > wordCapacity {
                        wordCapacity = aBytes.count / 2 + 1
                        hashes.deallocate()
                        starts.deallocate()
                        hashes = .allocate(capacity: wordCapacity)
                        starts = .allocate(capacity: wordCapacity)
                    }
                    var wordCount = 0
                    WordHashes.forEach(aBytes) { hash, start in
                        hashes[wordCount] = hash
                        starts[wordCount] = start
                        wordCount += 1
                        return true
                    }
                    // Only prefixes as long as some text of this group has: most groups have no
                    // text of one or two words, and then each word position costs one probe, not three.
                    let lengths = groupLengths[a]
                    // Most groups are small: the bit of each of their prefixes in one word, kept in a
                    // register, turns most probes away before they read memory.
                    let mask = groupMasks[a]
                    for p in 0..<wordCount {
                        for n in 1...prefixWords where lengths & (1 << n) != 0 && p + n <= wordCount {
                            let ngram = ngramHash(hashes + p, count: n)
                            guard mask & maskBit(ngram) != 0 else { continue }
                            let key = indexKey(entries[a].group, ngram)
                            guard index.mayContain(key) else { continue }
                            for position in index.positions(of: key) {
                                let b = Int(index.entry(at: position))
                                // Only a shorter text that fits after this position can be in it:
                                // the others are not normalised again only to be turned away.
                                guard b != a, entries[b].group == entries[a].group, Int(entries[b].length) < aBytes.count,
                                      starts[p] + Int(entries[b].length) <= aBytes.count,
                                      entries[b].words & ~entries[a].words == 0 else { continue }
                                text(b, &bText)
                                let contained = bText.withBytes { bBytes in contains(aBytes, at: starts[p], bBytes) }
                                guard contained else { continue }
                                let current = Int(containers[base + b])
                                let currentLength = containerLengths[base + b]
                                if current < 0 || aLength > currentLength || (aLength == currentLength && a < current) {
                                    containers[base + b] = Int32(a)
                                    containerLengths[base + b] = aLength
                                }
                            }
                        }
                    }
                }
            }
        }
        if partCount == 1 {
            probe(0)
        } else {
            ParallelParts.run(partCount, probe)
        }
        // The best container of each entry over all parts: the longest, then the earliest.
        let containers = table.containers
        let containerLengths = table.lengths
        var container = Array(containers[0..<entries.count])
        for part in 1..<partCount {
            let base = part * entries.count
            for b in entries.indices where containers[base + b] >= 0 {
                let candidate = containers[base + b]
                let length = containerLengths[base + b]
                if container[b] < 0 || length > containerLengths[b]
                    || (length == containerLengths[b] && candidate < container[b]) {
                    container[b] = candidate
                    containerLengths[b] = length
                }
            }
        }

        var roots = [Int32](repeating: -1, count: entries.count)
        for index in entries.indices where container[index] >= 0 {
            var root = container[index]
            while container[Int(root)] >= 0 { root = container[Int(root)] }
            roots[index] = root
        }
        return roots
    }

    /// For each entry that has words and shares its group with another such entry, the prefix
    /// lengths (in words) of its group's texts, as bits 1–3, with bit 0 set when the entry may
    /// contain some text of its group (else it need not probe), and the ``maskBit(_:)`` of each of
    /// their prefixes; 0 and 0 for every other entry.
    ///
    /// Groups are counted in a hash table keyed by their digest (open addressing, linear probing):
    /// one pass over the entries, where sorting a million of them by group took longer than the
    /// probing it prepares. The groups are shared out among `parts` threads by their digest, each
    /// with a table of its own: nearly every entry misses the cache there, and those misses then
    /// wait side by side.
    private static func sharedGroups(_ entries: [Entry], parts: Int) -> (lengths: [UInt8], masks: [UInt64]) {
        var lengths = [UInt8](repeating: 0, count: entries.count)
        var masks = [UInt64](repeating: 0, count: entries.count)
        lengths.withUnsafeMutableBufferPointer { lengths in
            masks.withUnsafeMutableBufferPointer { masks in
                let out = GroupSummaries(lengths: lengths, masks: masks)
                if parts == 1 {
                    summariseGroups(entries, part: 0, of: 1, into: out)
                } else {
                    ParallelParts.run(parts) { summariseGroups(entries, part: $0, of: parts, into: out) }
                }
            }
        }
        return (lengths, masks)
    }

    /// ``sharedGroups(_:parts:)`` for the groups whose digest falls to `part`: writes only their
    /// entries' lengths and masks.
    ///
    /// An entry may contain another of its group only if the other is shorter and has no word bit
    /// the entry lacks. In a group of up to ``pairwiseGroupLimit`` entries each entry is compared
    /// so with every other, their bits and lengths laid out in a row; in a larger group, an entry
    /// may contain another when it is longer than the group's shortest.
    private static func summariseGroups(_ entries: [Entry], part: Int, of parts: Int, into out: GroupSummaries) {
        @inline(__always) func isMine(_ group: (UInt64, UInt64)) -> Bool {
            // Bits the table's slots (the low bits of the two words' sum) do not depend on.
            parts == 1 || Int(truncatingIfNeeded: group.1 >> 40) % parts == part
        }
        var mine = 0
        for entry in entries where entry.prefix != 0 && isMine(entry.group) { mine += 1 }
        // The groups in the order they first come, found through slots by their digest.
        var slots = HashSlots(capacity: mine)
        var groups: [GroupCount] = []
        var groupOf = [Int32](repeating: -1, count: entries.count)
        for index in entries.indices where entries[index].prefix != 0 && isMine(entries[index].group) {
            let group = entries[index].group
            // The digest's words are hashes already: their sum spreads the groups.
            let digest = group.0 ^ group.1
            let number: Int
            switch slots.find(digest, where: { groups[$0].group == group }) {
            case .found(let found):
                number = found
                groups[number].summary |= 0x80
            case .missing(let place):
                groups.append(GroupCount(group: group))
                let counted = groups
                number = slots.add(at: place) { counted[$0].group.0 ^ counted[$0].group.1 }
            }
            groups[number].summary |= 1 << (entries[index].prefix & 3)
            groups[number].prefixMask |= maskBit(entries[index].prefix)
            groups[number].shortest = min(groups[number].shortest, entries[index].length)
            groups[number].size += 1
            groupOf[index] = Int32(number)
        }
        slots = HashSlots()

        // The entries of each shared group in a row, in entry order: where each group's run starts.
        var starts = [Int32](repeating: 0, count: groups.count + 1)
        var total: Int32 = 0
        for number in groups.indices {
            starts[number] = total
            if groups[number].isShared { total += groups[number].size }
        }
        starts[groups.count] = total
        var members = [Int32](repeating: 0, count: Int(total))
        var words = [UInt64](repeating: 0, count: Int(total))
        var lengths = [UInt32](repeating: 0, count: Int(total))
        var next = starts
        for (index, number) in groupOf.enumerated() where number >= 0 && groups[Int(number)].isShared {
            let at = Int(next[Int(number)])
            next[Int(number)] += 1
            members[at] = Int32(index)
            words[at] = entries[index].words
            lengths[at] = entries[index].length
        }
        groupOf = []
        next = []

        words.withUnsafeBufferPointer { words in
            lengths.withUnsafeBufferPointer { lengths in
                for number in groups.indices where groups[number].isShared {
                    let run = Int(starts[number])..<Int(starts[number + 1])
                    let pairwise = run.count <= pairwiseGroupLimit
                    for member in run {
                        let mayContain = pairwise
                            ? containsSomeWords(words[member], lengths[member], run: run, words: words, lengths: lengths)
                            : lengths[member] > groups[number].shortest
                        let entry = Int(members[member])
                        out.lengths[entry] = groups[number].summary & 0x0E | (mayContain ? 1 : 0)
                        out.masks[entry] = groups[number].prefixMask
                    }
                }
            }
        }
    }

    /// Whether some entry of `run` is shorter than `length` and has no word bit `bits` lacks.
    ///
    /// Every entry of the run is looked at, without a branch on the way: the loop becomes vector
    /// compares, which is faster than stopping early for the groups of a few dozen entries most
    /// inputs have.
    @inline(__always)
    private static func containsSomeWords(_ bits: UInt64, _ length: UInt32, run: Range<Int>,
                                          words: UnsafeBufferPointer<UInt64>, lengths: UnsafeBufferPointer<UInt32>) -> Bool {
        var found: UInt64 = 0
        for other in run {
            let shorter: UInt64 = lengths[other] < length ? 1 : 0
            let covered: UInt64 = words[other] & ~bits == 0 ? 1 : 0
            found |= shorter & covered
        }
        return found != 0
    }

    /// The bit of a prefix (or n-gram) hash in its group's mask: from its top six bits, which
    /// neither its word count (the low bits) nor the index key's filter depend on alone.
    @inline(__always)
    private static func maskBit(_ ngram: UInt64) -> UInt64 { 1 << (ngram >> 58) }

    /// Whether `needle` occurs in `haystack` at byte `start`, ending at a word boundary, and is
    /// shorter than it.
    ///
    /// A word boundary is the end, a space, or ASCII punctuation, as in ``WordContainment``: folding
    /// strips a text's edge punctuation, so `the imagination` (from `the imagination.`) ends where
    /// `the imagination. the soundest fact` has its full stop.
    private static func contains(_ haystack: UnsafeBufferPointer<UInt8>, at start: Int,
                                 _ needle: UnsafeBufferPointer<UInt8>) -> Bool {
        guard needle.count < haystack.count, start + needle.count <= haystack.count else { return false }
        let end = start + needle.count
        guard end == haystack.count || endsWord(haystack[end]) else { return false }
        for i in 0..<needle.count where haystack[start + i] != needle[i] { return false }
        return true
    }

    /// Whether a byte after a match ends the word: a space or ASCII punctuation (not a letter, a
    /// digit, or a byte of a longer UTF-8 sequence).
    @inline(__always)
    private static func endsWord(_ byte: UInt8) -> Bool {
        guard byte < 0x80 else { return false }
        let isDigit = byte >= 0x30 && byte <= 0x39
        let isLetter = (byte | 0x20) >= 0x61 && (byte | 0x20) <= 0x7A
        return !isDigit && !isLetter
    }

    /// A hash of consecutive word hashes, never 0, with their number (1–3) in the low two bits.
    @inline(__always)
    private static func ngramHash(_ words: UnsafePointer<UInt64>, count: Int) -> UInt64 {
        var h = ngramSeed(count)
        for i in 0..<count { h = ngramStep(h, words[i]) }
        return h & ~3 | UInt64(count)
    }

    @inline(__always)
    private static func ngramSeed(_ count: Int) -> UInt64 { UInt64(count) &* 0x9E37_79B9_7F4A_7C15 }

    @inline(__always)
    private static func ngramStep(_ h: UInt64, _ word: UInt64) -> UInt64 {
        let mixed = (h ^ word) &* 0xBF58_476D_1CE4_E5B9
        return mixed ^ mixed >> 31
    }

    private static func indexKey(_ group: (UInt64, UInt64), _ ngram: UInt64) -> UInt64 {
        var h = (ngram ^ group.0) &* 0x94D0_49BB_1331_11EB
        h ^= h >> 29
        h = (h ^ group.1) &* 0xBF58_476D_1CE4_E5B9
        return h ^ (h >> 32)
    }
}

/// Each part's best container per entry and its length, written by the parts' threads into
/// regions of their own, read once they are all done.
private final class ContainerTable: @unchecked Sendable {
    let containers: UnsafeMutableBufferPointer<Int32>
    let lengths: UnsafeMutableBufferPointer<Int32>

    init(count: Int) {
        containers = .allocate(capacity: count)
        containers.initialize(repeating: -1)
        lengths = .allocate(capacity: count)
        lengths.initialize(repeating: -1)
    }

    deinit {
        containers.deallocate()
        lengths.deallocate()
    }
}

/// The lengths and masks ``NearDuplicateFinder`` summarises per entry, written by several threads,
/// each for the entries of its own groups.
private struct GroupSummaries: @unchecked Sendable {
    let lengths: UnsafeMutableBufferPointer<UInt8>
    let masks: UnsafeMutableBufferPointer<UInt64>
}

/// What ``NearDuplicateFinder`` counts of one group (author and source) while it reads the entries:
/// kept together, so that an entry's look-up and its counting touch one place in memory.
private struct GroupCount {
    /// The group's digest.
    let group: (UInt64, UInt64)
    /// Bits 1–3: the prefix lengths seen; bit 7: more than one entry.
    var summary: UInt8 = 0
    /// The ``NearDuplicateFinder/maskBit(_:)`` of each prefix seen.
    var prefixMask: UInt64 = 0
    /// The length of the group's shortest text.
    var shortest = UInt32.max
    /// The number of its entries.
    var size: Int32 = 0

    init(group: (UInt64, UInt64)) {
        self.group = group
    }

    /// Whether more than one entry is in the group.
    var isShared: Bool { summary & 0x80 != 0 }
}
