import CardportCore

/// Builds ``YAMLNode``s from a ``YAMLParser``'s events, one value at a time, within ``YAMLLimits``.
///
/// Readers walk the top of a document event by event and ask for a whole node only per record, so
/// a long list never sits in memory at once. Anchors live for the whole document: a record may use
/// an alias anchored in an earlier one.
final class YAMLComposer {
    let parser: YAMLParser
    let limits: YAMLLimits
    private var anchors: [String: YAMLNode] = [:]
    private var expanded = 0
    /// Nesting of the events the reader has walked past itself (not built into nodes).
    var depth = 0
    private var peeked: YAMLEvent?

    /// How many levels of collections are built by recursion, each a frame of the thread's stack,
    /// before deeper ones are built on a stack of their own: a record's mapping and its lists are
    /// built the fast way, and a document nested thousands deep still cannot exhaust the stack.
    let recursionLevels: Int

    init(parser: YAMLParser, limits: YAMLLimits, recursionLevels: Int = 16) {
        self.parser = parser
        self.limits = limits
        self.recursionLevels = recursionLevels
        parser.source.maximumScalarBytes = limits.maximumScalarBytes
    }

    var source: YAMLSource { parser.source }

    /// Where the last event read starts.
    var mark: YAMLMark { parser.mark }

    /// The next event without consuming it.
    func peek() throws(CardportError) -> YAMLEvent? {
        if peeked == nil { peeked = try pull() }
        return peeked
    }

    /// The next event.
    func next() throws(CardportError) -> YAMLEvent? {
        if let event = peeked {
            peeked = nil
            return event
        }
        return try pull()
    }

    private func pull() throws(CardportError) -> YAMLEvent? {
        let event = try parser.next()
        if case .documentStart = event { resetDocument() }
        return event
    }

    private func resetDocument() {
        anchors = [:]
        expanded = 0
    }

    /// Builds the node that starts with the next event.
    func node() throws(CardportError) -> YAMLNode {
        guard let event = try next() else {
            throw source.error(.malformedInput, "the YAML ends where a value was expected",
                               line: mark.line, column: mark.column)
        }
        return try node(startingWith: event)
    }

    /// A list or mapping being built: what it has so far.
    private struct Open {
        var isMapping: Bool
        var anchor: String?
        var mark: YAMLMark
        var items: [YAMLNode] = []
        var pairs: [YAMLNode.Pair] = []
        /// The values of merge keys (`<<`), applied when the mapping closes.
        var merges: [YAMLNode] = []
        /// A mapping's key whose value is still to come.
        var key: YAMLNode?
        var size = 1

        /// The collection that `event`, a sequence or mapping start read at `mark`, opens.
        init(_ event: YAMLEvent, anchor: String?, mark: YAMLMark) {
            self.anchor = anchor
            self.mark = mark
            isMapping = false
            if case .mappingStart = event {
                isMapping = true
                // A record has about eight fields: one allocation instead of four growth steps.
                pairs.reserveCapacity(8)
            }
        }
    }

    /// Builds the node that starts with `event` (already read).
    func node(startingWith event: YAMLEvent) throws(CardportError) -> YAMLNode {
        try node(startingWith: event, level: 0)
    }

    /// Builds the node that starts with `event` inside `level` collections being built by
    /// recursion; a collection below ``recursionLevels`` of them is built by ``stackedNode(startingWith:)``.
    private func node(startingWith event: consuming YAMLEvent, level: Int) throws(CardportError) -> YAMLNode {
        let start = parser.mark
        switch event {
        case .sequenceStart(let anchor, _):
            guard level < recursionLevels else { return try stackedNode(startingWith: event) }
            try enter(at: start)
            var items: [YAMLNode] = []
            var size = 1
            while true {
                guard let item = try next() else { throw endedEarly(awaitingValue: false) }
                if case .sequenceEnd = item { break }
                // Any other end is refused as a value.
                let child = try node(startingWith: item, level: level + 1)
                size += child.size
                items.append(child)
            }
            depth -= 1
            return finished(.sequence(items), anchor: anchor, mark: start, size: size)
        case .mappingStart(let anchor, _):
            guard level < recursionLevels else { return try stackedNode(startingWith: event) }
            try enter(at: start)
            var pairs: [YAMLNode.Pair] = []
            // A record has about eight fields: one allocation instead of four growth steps.
            pairs.reserveCapacity(8)
            var merges: [YAMLNode] = []
            var size = 1
            while true {
                guard let item = try next() else { throw endedEarly(awaitingValue: false) }
                if case .mappingEnd = item { break }
                let key = try node(startingWith: item, level: level + 1)
                // A key's value follows it: an end of the document or of a collection cannot.
                guard let following = try next() else { throw endedEarly(awaitingValue: true) }
                let value = try node(startingWith: following, level: level + 1)
                size += key.size + value.size
                if YAMLComposer.isMergeKey(key) {
                    merges.append(value)
                } else {
                    pairs.append(YAMLNode.Pair(key: key, value: value))
                }
            }
            depth -= 1
            return finished(.mapping(try merging(pairs, merges)), anchor: anchor, mark: start, size: size)
        default:
            return try leaf(event, at: start)
        }
    }

    /// A scalar or an alias's node.
    @inline(__always)
    private func leaf(_ event: consuming YAMLEvent, at start: YAMLMark) throws(CardportError) -> YAMLNode {
        switch consume event {
        case .scalar(let scalar, let anchor):
            guard scalar.text.utf8.count <= limits.maximumScalarBytes else {
                throw source.error(.limitExceeded, limits.readLimits.message(.fieldSize, "a value is longer than"),
                                   at: start, hint: limits.readLimits.hint(for: .fieldSize))
            }
            let node = YAMLNode(value: .scalar(scalar), mark: start, endMark: parser.endMark, size: 1)
            if let anchor { anchors[anchor] = node }
            return node
        case .alias(let anchor):
            guard var node = anchors[anchor] else {
                throw source.error(.malformedInput, "the alias *\(anchor) names no anchor", at: start,
                                   hint: "define &\(anchor) before using *\(anchor)")
            }
            expanded += node.size
            guard expanded <= limits.maximumAliasExpansion else {
                throw source.error(.limitExceeded,
                                   limits.readLimits.message(.expansion, "aliases in this document expand to more values than"),
                                   at: start,
                                   hint: limits.readLimits.hint(for: .expansion) + "; a document whose aliases multiply (\"billion laughs\") is refused")
            }
            node.mark = start
            node.endMark = parser.endMark
            return node
        default:
            throw source.error(.malformedInput, "unexpected YAML structure", at: start)
        }
    }

    /// Whether `event` ends `collection`; an end that does not match it, or that comes between a
    /// key and its value, is an error.
    private func ends(_ collection: borrowing Open, at event: YAMLEvent) throws(CardportError) -> Bool {
        let isMappingEnd: Bool
        switch event {
        case .sequenceEnd: isMappingEnd = false
        case .mappingEnd: isMappingEnd = true
        default: return false
        }
        guard collection.isMapping == isMappingEnd, collection.key == nil else {
            throw source.error(.malformedInput, "unexpected YAML structure", at: parser.mark)
        }
        return true
    }

    /// Builds the collection that starts with `event` on a stack of its own rather than by
    /// recursion, so how deep a document may nest is bounded by ``YAMLLimits/maximumDepth`` alone,
    /// not by the thread's stack.
    private func stackedNode(startingWith event: YAMLEvent) throws(CardportError) -> YAMLNode {
        var open: [Open] = []
        var event = event
        while true {
            let start = parser.mark
            var built: YAMLNode
            switch event {
            case .sequenceStart(let anchor, _), .mappingStart(let anchor, _):
                try enter(at: start)
                open.append(Open(event, anchor: anchor, mark: start))
                guard let following = try next() else { throw endedEarly(awaitingValue: false) }
                event = following
                continue
            case .sequenceEnd, .mappingEnd:
                guard let collection = open.popLast(), try ends(collection, at: event) else {
                    throw source.error(.malformedInput, "unexpected YAML structure", at: start)
                }
                depth -= 1
                built = try close(collection)
            default:
                built = try leaf(event, at: start)
            }
            guard !open.isEmpty else { return built }
            add(consume built, to: &open[open.count - 1])
            let awaitingValue = open[open.count - 1].isMapping && open[open.count - 1].key != nil
            guard let following = try next() else { throw endedEarly(awaitingValue: awaitingValue) }
            event = following
        }
    }

    /// Puts a finished child into the collection being built.
    ///
    /// The child is taken, not lent, and the key is moved out of the collection: each node is then
    /// stored where it ends up without a copy (a retain now and a release later of each of its
    /// strings and arrays).
    private func add(_ child: consuming YAMLNode, to collection: inout Open) {
        collection.size += child.size
        guard collection.isMapping else {
            collection.items.append(child)
            return
        }
        guard let key = collection.key.take() else {
            collection.key = child
            return
        }
        if YAMLComposer.isMergeKey(key) {
            collection.merges.append(child)
        } else {
            collection.pairs.append(YAMLNode.Pair(key: key, value: child))
        }
    }

    /// The node of a collection whose end was read.
    private func close(_ collection: consuming Open) throws(CardportError) -> YAMLNode {
        let value: YAMLNode.Value = collection.isMapping
            ? .mapping(try merging(collection.pairs, collection.merges)) : .sequence(collection.items)
        return finished(value, anchor: collection.anchor, mark: collection.mark, size: collection.size)
    }

    /// The node of a finished list or mapping that started at `mark`, kept under its anchor.
    private func finished(_ value: consuming YAMLNode.Value, anchor: String?, mark: YAMLMark, size: Int) -> YAMLNode {
        let node = YAMLNode(value: value, mark: mark, endMark: parser.endMark, size: size)
        if let anchor { anchors[anchor] = node }
        return node
    }

    /// Whether `key` is a merge key (`<<`), whose value's pairs the mapping takes.
    private static func isMergeKey(_ key: YAMLNode) -> Bool {
        guard let scalar = key.scalar else { return false }
        return scalar.isPlain && scalar.text == "<<"
    }

    /// A mapping's `pairs` with those of its merge keys' values after them: explicit keys win over
    /// merged ones, and among merged mappings the first wins.
    private func merging(_ pairs: consuming [YAMLNode.Pair], _ merges: [YAMLNode]) throws(CardportError) -> [YAMLNode.Pair] {
        guard !merges.isEmpty else { return pairs }
        var merged: [YAMLNode.Pair] = []
        for value in merges { merged += try mergePairs(value) }
        var pairs = pairs
        var seen = Set(pairs.compactMap { $0.key.scalar?.text })
        for pair in merged {
            guard let key = pair.key.scalar?.text, !seen.contains(key) else { continue }
            seen.insert(key)
            pairs.append(pair)
        }
        return pairs
    }

    /// Counts a level of nesting the reader walks itself or a node builds.
    func enter(at mark: YAMLMark) throws(CardportError) {
        depth += 1
        guard depth <= limits.maximumDepth else {
            throw source.error(.limitExceeded, limits.readLimits.message(.depth, "the YAML nests deeper than"), at: mark,
                               hint: limits.readLimits.hint(for: .depth))
        }
    }

    private func mergePairs(_ value: YAMLNode) throws(CardportError) -> [YAMLNode.Pair] {
        switch value.value {
        case .mapping(let pairs): return pairs
        case .sequence(let items):
            var pairs: [YAMLNode.Pair] = []
            for item in items {
                guard case .mapping(let more) = item.value else {
                    throw source.error(.malformedInput, "a merge key (<<) takes a mapping or a list of mappings",
                                       at: item.mark)
                }
                pairs += more
            }
            return pairs
        default:
            throw source.error(.malformedInput, "a merge key (<<) takes a mapping or a list of mappings", at: value.mark)
        }
    }

    /// The error for a document that ends inside a collection, or where a mapping's value was
    /// expected. libyaml reports a document cut short itself, before its events run out; this is
    /// the composer's own guard should the events ever end first.
    private func endedEarly(awaitingValue: Bool) -> CardportError {
        awaitingValue
            ? source.error(.malformedInput, "the YAML ends where a value was expected", line: mark.line, column: mark.column)
            : source.error(.malformedInput, "the YAML ends inside a list or mapping", line: mark.line, column: mark.column)
    }
}
