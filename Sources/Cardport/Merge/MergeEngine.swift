public import CardportCore
import CardportMachinery

/// Merges records into one collection without duplicates: the engine behind `cardport merge`,
/// `cardport dedupe` and a store's import.
///
/// Feed it the records already in the collection (``addExisting(_:)``, a store's rows; none for
/// files), then each input's records (``beginInput(name:format:)``, ``addIncoming(_:input:)``),
/// then ``finish()``. A record whose ``Record/identityKey`` is already in the collection is folded
/// into that record by ``RecordMerge`` under the options' ``MergePolicy``; an exact match costs one
/// hash look-up. At the end, near duplicates are found (``NearDuplicateFinder`` for citations, a
/// `www.`-less key for bookmarks), counted, and folded when ``MergeOptions/foldsNearDuplicates`` is
/// set. Existing records are never folded away: another record may be folded into one, which then
/// counts as updated.
///
/// The engine knows nothing of files or stores, and its result depends only on the records and their
/// order: the same inputs in the same order give the same result, and merging a result with itself
/// changes nothing.
///
/// ```swift
/// var engine = MergeEngine(options: MergeOptions(policy: .newest))
/// let input = engine.beginInput(name: "kindle.txt", format: "kindle")
/// for record in records { engine.addIncoming(record, input: input) }
/// let result = engine.finish()
/// result.records            // the merged collection
/// result.report.total.added
/// ```
public struct MergeEngine: Sendable {
    /// How records are folded.
    public let options: MergeOptions

    private var records: [Record] = []
    /// The input that brought each record in (`-1`: an existing record).
    private var origins: [Int32] = []
    /// Each record's 1-based position in its input (or among the existing records).
    private var ordinals: [Int32] = []
    private var statuses: [MergeResult.Status] = []
    /// For each record by position: for a citation, ``NearDuplicateFinder/sketch(ofNormalised:)`` of
    /// its normalised text, the digest of its normalised author and source and the text's normalised length
    /// (zeros for other kinds): all the near-duplicate pass needs to keep of a citation until it
    /// runs, taken from the folds that made its key.
    private var nearEntries: [NearDuplicateFinder.Entry] = []
    /// Whether any record is a bookmark (only bookmarks have near duplicates by URL).
    private var hasBookmarks = false
    private var index = IdentityIndex()
    private var report = MergeReport()
    private var folded: [Int32: [DuplicateGroup.Member]] = [:]
    /// A buffer for folding, reused for every record.
    private var scratch = NormalisationBuffer()
    /// Authors and sources repeat: each distinct one is normalised once.
    private var fieldCache = NormalisedFieldCache()
    /// The incoming record that came last, keyed but not yet looked up: it is merged when the next
    /// one comes (or at ``finish()``), so that its slot in the index comes from memory while the
    /// next record is keyed, instead of holding up the look-up.
    /// The record is held apart from what was found about it, so that it moves in and out
    /// without a copy (a copy retains and releases each of its strings).
    private var waiting: Record?
    private var waitingFacts: Waiting?

    /// What was found about the waiting record when it came.
    private struct Waiting {
        var key: IdentityKey
        var nearEntry: NearDuplicateFinder.Entry
        var input: Int
        var ordinal: Int
    }

    /// An empty collection.
    public init(options: MergeOptions = MergeOptions()) {
        self.options = options
    }

    /// Adds a record that is already in the collection; existing records are kept as they are
    /// unless an incoming copy updates them.
    public mutating func addExisting(_ record: Record) {
        mergeWaiting()
        report.existing += 1
        let (key, nearEntry) = key(of: record)
        _ = index.position(of: key, insertingIfAbsent: Int32(records.count))
        append(record, origin: -1, ordinal: report.existing, status: .unchanged, nearEntry: nearEntry)
    }

    /// Makes room for `count` records in all, so that a long input does not make the collection
    /// grow (and copy itself) again and again; more records than that are still taken.
    public mutating func reserveCapacity(_ count: Int) {
        records.reserveCapacity(count)
        origins.reserveCapacity(count)
        ordinals.reserveCapacity(count)
        statuses.reserveCapacity(count)
        nearEntries.reserveCapacity(count)
        index.reserveCapacity(count)
    }

    /// Starts an input and returns the number to pass to ``addIncoming(_:input:)`` for its records.
    public mutating func beginInput(name: String, format: String? = nil) -> Int {
        report.inputs.append(MergeReport.Input(name: name, format: format))
        return report.inputs.count - 1
    }

    /// Merges one record of an input into the collection.
    ///
    /// The record is consumed: a new one moves into the collection without a copy.
    public mutating func addIncoming(_ record: consuming Record, input: Int) {
        report.inputs[input].counts.read += 1
        let ordinal = report.inputs[input].counts.read
        let (key, nearEntry) = key(of: record)
        index.prefetch(key)
        mergeWaiting()
        waiting = consume record
        waitingFacts = Waiting(key: key, nearEntry: nearEntry, input: input, ordinal: ordinal)
    }

    /// Merges the record that is waiting, if any, into the collection.
    private mutating func mergeWaiting() {
        guard let record = waiting.take(), let incoming = waitingFacts.take() else { return }
        let input = incoming.input
        guard let position = index.position(of: incoming.key, insertingIfAbsent: Int32(records.count)).map(Int.init) else {
            report.inputs[input].counts.added += 1
            append(consume record, origin: Int32(input), ordinal: incoming.ordinal, status: .added,
                   nearEntry: incoming.nearEntry)
            return
        }
        let old = records[position]
        let merged = RecordMerge.merge(old, record, policy: options.policy)
        if origins[position] == Int32(input) {
            report.inputs[input].counts.exactDuplicates += 1
        } else if merged != old {
            report.inputs[input].counts.updated += 1
            if statuses[position] == .unchanged {
                statuses[position] = .updated
                report.existingUpdated += 1
            }
        } else {
            report.inputs[input].counts.unchanged += 1
        }
        if merged != old {
            records[position] = merged
            // The near-duplicate group follows the record's source, which a merge may change.
            if case .citation(let new) = merged, case .citation(let previous) = old, new.source != previous.source {
                var group = StableHash()
                combineNormalised(new.author, into: &group)
                combineNormalised(new.source, into: &group)
                nearEntries[position].group = group.finalize()
            }
        }
        if origins[position] == Int32(input), options.collectsGroups {
            folded[Int32(position), default: []].append(
                DuplicateGroup.Member(record: record, input: input, ordinal: incoming.ordinal, match: .exact))
        }
    }

    /// Counts a record an input's reader rejected (under `--keep-going`), with its location and reason.
    public mutating func reject(_ error: CardportError, input: Int) {
        report.inputs[input].counts.read += 1
        report.reject(error, input: input)
    }

    /// Finds (and, if asked, folds) near duplicates and returns the merged collection.
    ///
    /// The records move into the result (a copy of a million records would double the peak
    /// memory), so the engine is empty afterwards.
    public mutating func finish() -> MergeResult {
        mergeWaiting()
        var removed = [Bool](repeating: false, count: records.count)
        // Not needed any more: freed before the near-duplicate search allocates its own tables.
        index = IdentityIndex()
        foldNearCitations(removed: &removed)
        foldNearBookmarks(removed: &removed)
        nearEntries = []

        // Compacted in place: a second array of a million records would double the peak memory.
        var groups: [DuplicateGroup] = []
        if options.collectsGroups {
            var newPosition = [Int32](repeating: -1, count: records.count)
            var next: Int32 = 0
            for position in records.indices where !removed[position] {
                newPosition[position] = next
                next += 1
            }
            groups = groupList(removed: removed, newPosition: newPosition)
        }
        var records: [Record] = []
        var statuses: [MergeResult.Status] = []
        swap(&records, &self.records)
        swap(&statuses, &self.statuses)
        // Records are moved down over the removed ones, not swapped: a swap copies a record three
        // times, and after the first removal nearly every record moves. Those before the first
        // removal (all of them, when no near duplicate was folded) stay where they are.
        if let first = removed.firstIndex(of: true) {
            let kept = records.withUnsafeMutableBufferPointer { buffer -> Int in
                guard let base = buffer.baseAddress else { return 0 }
                var kept = first
                for position in first..<buffer.count {
                    if removed[position] {
                        (base + position).deinitialize(count: 1)
                        continue
                    }
                    if kept != position {
                        (base + kept).moveInitialize(from: base + position, count: 1)
                        statuses[kept] = statuses[position]
                    }
                    kept += 1
                }
                // The vacated tail gets cheap placeholders, which the array then drops.
                (base + kept).initialize(repeating: .settings(Settings()), count: buffer.count - kept)
                return kept
            }
            records.removeLast(records.count - kept)
            statuses.removeLast(statuses.count - kept)
        }
        var result = MergeResult(records: records, statuses: statuses, report: report, groups: groups)
        result.report.recordsOut = records.count
        self = MergeEngine(options: options)
        return result
    }

    /// The folded groups in the order of their kept records.
    private func groupList(removed: [Bool], newPosition: [Int32]) -> [DuplicateGroup] {
        var groups: [DuplicateGroup] = []
        for position in folded.keys.sorted() where !removed[Int(position)] {
            let members = folded[position]!.sorted { ($0.input ?? -1, $0.ordinal) < ($1.input ?? -1, $1.ordinal) }
            let p = Int(position)
            let origin = origins[p]
            let keptMember = DuplicateGroup.Member(record: records[p], input: origin < 0 ? nil : Int(origin),
                                                   ordinal: Int(ordinals[p]), match: .exact)
            groups.append(DuplicateGroup(position: Int(newPosition[p]), kept: keptMember, folded: members))
        }
        return groups
    }

    // MARK: Internals

    private mutating func append(_ record: consuming Record, origin: Int32, ordinal: Int, status: MergeResult.Status,
                                 nearEntry: NearDuplicateFinder.Entry) {
        if case .bookmark = record { hasBookmarks = true }
        records.append(record)
        origins.append(origin)
        ordinals.append(Int32(truncatingIfNeeded: ordinal))
        statuses.append(status)
        nearEntries.append(nearEntry)
    }

    /// The identity key, and for a citation its near-duplicate entry, from one fold of each field.
    private mutating func key(of record: Record) -> (IdentityKey, NearDuplicateFinder.Entry) {
        guard let citation = record.citationIdentityFields else {
            return (record.identityKey, NearDuplicateFinder.Entry(prefix: 0, words: 0, group: (0, 0), length: 0))
        }
        TextNormalisation.normalise(citation.text, into: &scratch)
        var group = StableHash()
        let (sketch, key) = scratch.withBytes { text -> ((prefix: UInt64, words: UInt64), IdentityKey) in
            let sketch = NearDuplicateFinder.sketch(ofNormalised: text)
            guard let author = citation.author else {
                group.combine(nil as String?)
                return (sketch, Citation.identityKey(normalisedText: text, normalisedAuthor: nil))
            }
            return fieldCache.withNormalised(author) { normalised in
                group.combine(bytes: normalised)
                return (sketch, Citation.identityKey(normalisedText: text, normalisedAuthor: normalised))
            }
        }
        combineNormalised(citation.source, into: &group)
        let length = UInt32(truncatingIfNeeded: min(scratch.count, Int(UInt32.max)))
        return (key, NearDuplicateFinder.Entry(prefix: sketch.prefix, words: sketch.words, group: group.finalize(),
                                               length: length))
    }

    /// Folds `member` into the record at `survivor`, counting it as a near duplicate of its input.
    private mutating func foldNear(_ member: Int, into survivor: Int, removed: inout [Bool]) {
        let merged = RecordMerge.merge(records[survivor], records[member], policy: options.policy)
        settle(merged, at: survivor)
        removed[member] = true
        let input = Int(origins[member])
        report.inputs[input].counts.added -= 1
        report.inputs[input].counts.nearDuplicates += 1
        if options.collectsGroups {
            var members = folded.removeValue(forKey: Int32(member)) ?? []
            members.insert(DuplicateGroup.Member(record: records[member], input: input,
                                                 ordinal: Int(ordinals[member]), match: .near), at: 0)
            folded[Int32(survivor), default: []].append(contentsOf: members)
        }
    }

    /// Stores a merged record, marking an existing record it changes as updated.
    private mutating func settle(_ merged: Record, at position: Int) {
        guard merged != records[position] else { return }
        records[position] = merged
        if statuses[position] == .unchanged {
            statuses[position] = .updated
            report.existingUpdated += 1
        }
    }

    private mutating func foldNearCitations(removed: inout [Bool]) {
        // Entries are by position: a record of another kind, like a citation without words, has no
        // prefix and takes no part.
        guard nearEntries.count > 1 else { return }
        // Read from several threads: a copy of the array (its storage is shared, not copied), not
        // `self`; it ends with this scope, before folding writes to the records.
        let roots: [Int32]
        do {
            let records = self.records
            roots = NearDuplicateFinder.roots(of: nearEntries) { position, buffer in
                guard let text = records[position].citationText else { return buffer.removeAll() }
                TextNormalisation.normalise(text, into: &buffer)
            }
        }
        var clusters: [Int32: [Int]] = [:]
        var rootOrder: [Int32] = []
        for (position, root) in roots.enumerated() where root >= 0 {
            if origins[position] >= 0 { report.inputs[Int(origins[position])].counts.nearDuplicatesFound += 1 }
            if clusters[root] == nil { rootOrder.append(root) }
            clusters[root, default: []].append(position)
        }
        guard options.foldsNearDuplicates else { return }
        for root in rootOrder.sorted() {
            foldCluster(root: Int(root), members: clusters[root]!, removed: &removed)
        }
    }

    /// Adds a normalised field to a digest, through the cache of normalised fields (no string per field).
    private mutating func combineNormalised(_ field: String?, into hasher: inout StableHash) {
        guard let field else { return hasher.combine(nil as String?) }
        fieldCache.withNormalised(field) { hasher.combine(bytes: $0) }
    }

    /// Folds a cluster (a root text and the texts it contains) into one record with the root's text.
    private mutating func foldCluster(root: Int, members: [Int], removed: inout [Bool]) {
        let all = ([root] + members).sorted()
        let survivor: Int
        if origins[root] < 0 {
            survivor = root
        } else {
            survivor = all.first { origins[$0] < 0 } ?? all[0]
        }
        guard case .citation(let rootCitation) = records[root] else { return }
        let rootText = rootCitation.text
        if survivor != root { foldNear(root, into: survivor, removed: &removed) }
        for member in all where member != survivor && member != root && origins[member] >= 0 {
            foldNear(member, into: survivor, removed: &removed)
        }
        if case .citation(var citation) = records[survivor], citation.text != rootText {
            citation.text = rootText
            settle(.citation(citation), at: survivor)
        }
    }

    private mutating func foldNearBookmarks(removed: inout [Bool]) {
        // Looking at every record for bookmarks reads the whole collection from memory.
        guard hasBookmarks else { return }
        var byKey: [String: [Int]] = [:]
        var order: [String] = []
        for position in records.indices {
            guard case .bookmark(let bookmark) = records[position],
                  let normalised = URLNormalisation.normalise(bookmark.text) else { continue }
            let key = URLNormalisation.droppingWWW(normalised) ?? normalised
            if byKey[key] == nil { order.append(key) }
            byKey[key, default: []].append(position)
        }
        for key in order {
            let group = byKey[key]!
            guard group.count > 1 else { continue }
            let survivor = group.first { origins[$0] < 0 } ?? group[0]
            for member in group where member != survivor {
                if origins[member] >= 0 { report.inputs[Int(origins[member])].counts.nearDuplicatesFound += 1 }
            }
            guard options.foldsNearDuplicates else { continue }
            for member in group where member != survivor && origins[member] >= 0 {
                foldNear(member, into: survivor, removed: &removed)
            }
        }
    }
}
