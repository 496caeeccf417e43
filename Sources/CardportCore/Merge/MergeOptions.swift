/// How the merge engine folds copies together.
///
/// ```swift
/// let options = MergeOptions(policy: .incoming, foldsNearDuplicates: true)
/// ```
public struct MergeOptions: Sendable, Hashable {
    /// Which copy wins a field conflict.
    public var policy: MergePolicy
    /// Whether near duplicates are folded (`--near`); they are found and reported either way.
    public var foldsNearDuplicates: Bool
    /// Whether the result lists every group of folded records (for `dedupe --dry-run`); off by
    /// default, since it keeps a copy of every folded record.
    public var collectsGroups: Bool

    /// Options with the `newest` policy, near duplicates reported but not folded, no group list.
    public init(policy: MergePolicy = .newest, foldsNearDuplicates: Bool = false, collectsGroups: Bool = false) {
        self.policy = policy
        self.foldsNearDuplicates = foldsNearDuplicates
        self.collectsGroups = collectsGroups
    }
}
