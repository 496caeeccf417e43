public import CardportCore
/// The merged collection, what happened to each record, and the report.
public struct MergeResult: Sendable {
    /// What the merge did to a record of the result, for a store that writes only what changed.
    public enum Status: UInt8, Sendable, Hashable {
        /// A record the collection did not have: insert it.
        case added
        /// An existing record the merge changed: update it.
        case updated
        /// An existing record the merge left as it was.
        case unchanged
    }

    /// The merged records: existing records first in their order, then each new card at the
    /// position of its first copy in the inputs. The same inputs in the same order always give the
    /// same records in the same order.
    public var records: [Record]
    /// The status of each record in ``records``.
    public var statuses: [Status]
    /// The tallies.
    public var report: MergeReport
    /// The groups of folded records, by position, when ``MergeOptions/collectsGroups`` is set.
    public var groups: [DuplicateGroup]
}
