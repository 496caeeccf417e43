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

    init(parser: YAMLParser, limits: YAMLLimits) {
        self.parser = parser
        self.limits = limits
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
    }

    /// Builds the node that starts with `event` (already read).
    ///
    /// Collections are built on a stack of their own rather than by recursion, so how deep a
    /// document may nest is bounded by ``YAMLLimits/maximumDepth`` alone, not by the thread's stack.
    func node(startingWith event: YAMLEvent) throws(CardportError) -> YAMLNode {
        var open: [Open] = []
        var event = event
        while true {
            let start = parser.mark
            var built: YAMLNode
            switch event {
            case .scalar(let scalar, let anchor):
                guard scalar.text.utf8.count <= limits.maximumScalarBytes else {
                    throw source.error(.limitExceeded, limits.readLimits.message(.fieldSize, "a value is longer than"),
                                       at: start, hint: limits.readLimits.hint(for: .fieldSize))
                }
                built = YAMLNode(value: .scalar(scalar), mark: start, endMark: parser.endMark, size: 1)
                if let anchor { anchors[anchor] = built }
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
                built = node
            case .sequenceStart(let anchor, _), .mappingStart(let anchor, _):
                try enter(at: start)
                var collection = Open(isMapping: false, anchor: anchor, mark: start)
                if case .mappingStart = event {
                    collection.isMapping = true
                    // A record has about eight fields: one allocation instead of four growth steps.
                    collection.pairs.reserveCapacity(8)
                }
                open.append(collection)
                guard let following = try next() else { throw endedEarly() }
                event = following
                continue
            case .sequenceEnd, .mappingEnd:
                var isMappingEnd = false
                if case .mappingEnd = event { isMappingEnd = true }
                guard let collection = open.popLast(), collection.isMapping == isMappingEnd, collection.key == nil else {
                    throw source.error(.malformedInput, "unexpected YAML structure", at: start)
                }
                depth -= 1
                built = try close(collection)
            default:
                throw source.error(.malformedInput, "unexpected YAML structure", at: start)
            }
            guard !open.isEmpty else { return built }
            add(consume built, to: &open[open.count - 1])
            if open[open.count - 1].key != nil || !open[open.count - 1].isMapping {
                guard let following = try next() else { throw endedEarly() }
                event = following
            } else {
                // A mapping's value follows its key: the YAML may not end here.
                guard let following = try next() else {
                    throw source.error(.malformedInput, "the YAML ends where a value was expected",
                                       line: mark.line, column: mark.column)
                }
                event = following
            }
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
        if let scalar = key.scalar, scalar.isPlain, scalar.text == "<<" {
            collection.merges.append(child)
        } else {
            collection.pairs.append(YAMLNode.Pair(key: key, value: child))
        }
    }

    /// The node of a collection whose end was read.
    private func close(_ collection: consuming Open) throws(CardportError) -> YAMLNode {
        var pairs: [YAMLNode.Pair] = []
        swap(&pairs, &collection.pairs)
        var merged: [YAMLNode.Pair] = []
        for value in collection.merges { merged += try mergePairs(value) }
        if !merged.isEmpty {
            // Explicit keys win over merged ones; among merged mappings the first wins.
            var seen = Set(pairs.compactMap { $0.key.scalar?.text })
            for pair in merged {
                guard let key = pair.key.scalar?.text, !seen.contains(key) else { continue }
                seen.insert(key)
                pairs.append(pair)
            }
        }
        let value: YAMLNode.Value = collection.isMapping ? .mapping(pairs) : .sequence(collection.items)
        let node = YAMLNode(value: value, mark: collection.mark, endMark: parser.endMark, size: collection.size)
        if let anchor = collection.anchor { anchors[anchor] = node }
        return node
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

    private func endedEarly() -> CardportError {
        source.error(.malformedInput, "the YAML ends inside a list or mapping", line: mark.line, column: mark.column)
    }
}
