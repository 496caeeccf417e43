public import CardportCore
/// Records the merge engine folded into one, as `dedupe --dry-run` lists them.
///
/// ```text
/// keep quotes.jsonl record 3: "Well begun is half done." (Aristotle)
///   exact quotes.jsonl record 9: "well begun is half done"
///   near  quotes.jsonl record 12: "Well begun is half"
/// ```
public struct DuplicateGroup: Sendable, Hashable {
    /// How a folded record matched the one it was folded into.
    public enum Match: String, Sendable, Hashable, Codable {
        /// Same identity key.
        case exact
        /// A near duplicate: contained text, or a `www.` difference.
        case near
    }

    /// One record of a group and where it came from.
    public struct Member: Sendable, Hashable {
        /// The record as read (for the kept record: as merged).
        public var record: Record
        /// The input it was read from (its position in ``MergeReport/inputs``); `nil` for an
        /// existing record.
        public var input: Int?
        /// Its 1-based position among the records of its input (or among the existing records).
        public var ordinal: Int
        /// How it matched the kept record (``Match/exact`` for the kept record itself).
        public var match: Match
    }

    /// The position of the merged record in ``MergeResult/records``.
    public var position: Int
    /// The record that stays, as merged.
    public var kept: Member
    /// The records folded into it, in the order they were read.
    public var folded: [Member]
}
