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

    /// Builds the node that starts with `event` (already read).
    func node(startingWith event: YAMLEvent) throws(CardportError) -> YAMLNode {
        let start = parser.mark
        switch event {
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
        case .sequenceStart(let anchor, _):
            try enter(at: start)
            var items: [YAMLNode] = []
            var size = 1
            while true {
                guard let item = try next() else { throw endedEarly() }
                if case .sequenceEnd = item { break }
                let child = try node(startingWith: item)
                size += child.size
                items.append(child)
            }
            depth -= 1
            let node = YAMLNode(value: .sequence(items), mark: start, endMark: parser.endMark, size: size)
            if let anchor { anchors[anchor] = node }
            return node
        case .mappingStart(let anchor, _):
            try enter(at: start)
            var pairs: [YAMLNode.Pair] = []
            // A record has about eight fields: one allocation instead of four growth steps.
            pairs.reserveCapacity(8)
            var merged: [YAMLNode.Pair] = []
            var size = 1
            while true {
                guard let item = try next() else { throw endedEarly() }
                if case .mappingEnd = item { break }
                let key = try node(startingWith: item)
                let value = try node()
                size += key.size + value.size
                if let scalar = key.scalar, scalar.isPlain, scalar.text == "<<" {
                    merged += try mergePairs(value)
                } else {
                    pairs.append(YAMLNode.Pair(key: key, value: value))
                }
            }
            depth -= 1
            if !merged.isEmpty {
                // Explicit keys win over merged ones; among merged mappings the first wins.
                var seen = Set(pairs.compactMap { $0.key.scalar?.text })
                for pair in merged {
                    guard let key = pair.key.scalar?.text, !seen.contains(key) else { continue }
                    seen.insert(key)
                    pairs.append(pair)
                }
            }
            let node = YAMLNode(value: .mapping(pairs), mark: start, endMark: parser.endMark, size: size)
            if let anchor { anchors[anchor] = node }
            return node
        default:
            throw source.error(.malformedInput, "unexpected YAML structure", at: start)
        }
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
