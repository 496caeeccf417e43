public import CardportCore

/// Bounds that keep hostile YAML from using unbounded time or memory.
///
/// A "billion laughs" document nests aliases so that a few hundred bytes stand for billions of
/// nodes; Cardport follows aliases but counts the nodes they expand to and stops at
/// ``maximumAliasExpansion``.
///
/// By default the YAML reader takes these from ``ReadOptions/limits`` (``init(_:)``): `--max-expansion`,
/// `--max-depth` and `--max-field-size` raise them.
public struct YAMLLimits: Sendable, Hashable {
    /// The most nodes that aliases may expand to in one document.
    public var maximumAliasExpansion: Int
    /// The deepest nesting of lists and mappings.
    public var maximumDepth: Int
    /// The longest scalar, in bytes.
    public var maximumScalarBytes: Int

    /// Limits with the defaults of ``ReadLimits``: a million alias-expanded nodes, 200 levels,
    /// 16 MiB per scalar.
    public init(maximumAliasExpansion: Int = ReadLimits.defaultExpansion, maximumDepth: Int = ReadLimits.defaultDepth,
                maximumScalarBytes: Int = ReadLimits.defaultFieldSize) {
        self.maximumAliasExpansion = maximumAliasExpansion
        self.maximumDepth = maximumDepth
        self.maximumScalarBytes = maximumScalarBytes
    }

    /// The YAML bounds of a reader's ``ReadLimits``.
    public init(_ limits: ReadLimits) {
        self.init(maximumAliasExpansion: limits.maximumExpansion, maximumDepth: limits.maximumDepth,
                  maximumScalarBytes: limits.maximumFieldSize)
    }

    /// The same bounds as ``ReadLimits``, for messages that name the limit and its flag.
    var readLimits: ReadLimits {
        ReadLimits(maximumFieldSize: maximumScalarBytes, maximumDepth: maximumDepth, maximumExpansion: maximumAliasExpansion)
    }
}
