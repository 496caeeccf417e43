/// A YAML value built from parse events: a scalar as written, a sequence or a mapping, with where
/// it starts.
///
/// Aliases are resolved when a node is built: an alias shares the anchored node's storage, and
/// ``size`` counts the nodes it stands for, so the builder can bound what aliases expand to.
struct YAMLNode: Sendable, Hashable {
    enum Value: Sendable, Hashable {
        case scalar(YAMLScalar)
        case sequence([YAMLNode])
        /// Key–value pairs in document order (merge keys `<<` already applied).
        case mapping([Pair])
    }

    /// One mapping entry.
    struct Pair: Sendable, Hashable {
        var key: YAMLNode
        var value: YAMLNode
    }

    var value: Value
    var mark: YAMLMark
    /// Where the node's text ends (the start of what follows it).
    var endMark: YAMLMark
    /// The number of nodes this one stands for, children and alias expansions included.
    var size: Int

    /// The scalar, when the node is one.
    var scalar: YAMLScalar? {
        if case .scalar(let scalar) = value { return scalar }
        return nil
    }

    /// A short name of the node's shape for messages.
    var typeName: String {
        switch value {
        case .scalar(let scalar): return scalar.isNull ? "null" : "a scalar"
        case .sequence: return "a list"
        case .mapping: return "a mapping"
        }
    }

    /// The node as compact flow YAML (`[a, b]`, `{k: v}`), for values that a field holds as text.
    var flowText: String {
        switch value {
        case .scalar(let scalar):
            return YAMLScalarStyle.needsQuotes(scalar.text, inFlow: true) ? YAMLScalarStyle.doubleQuoted(scalar.text)
                : scalar.text
        case .sequence(let items):
            return "[" + items.map(\.flowText).joined(separator: ", ") + "]"
        case .mapping(let pairs):
            return "{" + pairs.map { "\($0.key.flowText): \($0.value.flowText)" }.joined(separator: ", ") + "}"
        }
    }
}
