/// Bounds that keep hostile YAML from using unbounded time or memory.
///
/// A "billion laughs" document nests aliases so that a few hundred bytes stand for billions of
/// nodes; Cardport follows aliases but counts the nodes they expand to and stops at
/// ``maximumAliasExpansion``.
public struct YAMLLimits: Sendable, Hashable {
    /// The most nodes that aliases may expand to in one document.
    public var maximumAliasExpansion: Int
    /// The deepest nesting of lists and mappings.
    public var maximumDepth: Int
    /// The longest scalar, in bytes.
    public var maximumScalarBytes: Int

    /// Limits with generous defaults for real collections: a million alias-expanded nodes,
    /// 64 levels, 16 MiB per scalar.
    public init(maximumAliasExpansion: Int = 1_000_000, maximumDepth: Int = 64,
                maximumScalarBytes: Int = 16 << 20) {
        self.maximumAliasExpansion = maximumAliasExpansion
        self.maximumDepth = maximumDepth
        self.maximumScalarBytes = maximumScalarBytes
    }
}
