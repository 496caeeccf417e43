public import CardportCore

/// What `cardport merge` or `cardport dedupe` did: the engine's report, what was written, and (for
/// a dry run) the groups that would be folded. Printed as a summary, or as JSON with `--report json`.
public struct MergeOutcome: Sendable, Encodable {
    /// Per input and in total: read, added, updated, unchanged, folded, rejected.
    public var report: MergeReport
    /// The output written; `nil` for a dry run.
    public var output: ConversionReport.OutputSummary?
    /// Records of kinds the target cannot hold, by plural kind name.
    public var droppedRecords: [String: Int] = [:]
    /// Records left out because they were not of the `--kind` asked for.
    public var skipped: Int
    /// The groups of folded records, when they were asked for (`--dry-run`).
    public var groups: [DuplicateGroup]
    /// Per input of an import: what the sync with its source did (empty for merge and dedupe).
    public var sync: [SyncCounts] = []
    /// The policy an import ran under, shown with its conflicts.
    public var policy: MergePolicy?

    /// An outcome with no output yet.
    public init(report: MergeReport, skipped: Int = 0, groups: [DuplicateGroup] = []) {
        self.report = report
        self.skipped = skipped
        self.groups = groups
    }

    /// Whether any record was rejected (the commands then exit with status 65).
    public var hasRejections: Bool { report.total.rejected > 0 }

    private enum CodingKeys: String, CodingKey {
        case inputs, total, recordsOut, output, droppedRecords, skipped, rejected, groups, sync, policy
    }

    private struct GroupMember: Encodable {
        var input: String?
        var record: Int
        var match: DuplicateGroup.Match?
    }

    private struct Group: Encodable {
        var kept: GroupMember
        var folded: [GroupMember]
    }

    private struct Rejected: Encodable {
        var input: String
        var location: SourceLocation?
        var reason: String
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(report.inputs, forKey: .inputs)
        try container.encode(report.total, forKey: .total)
        try container.encode(report.recordsOut, forKey: .recordsOut)
        try container.encodeIfPresent(output, forKey: .output)
        try container.encode(droppedRecords, forKey: .droppedRecords)
        try container.encode(skipped, forKey: .skipped)
        try container.encode(report.rejections.map {
            Rejected(input: report.inputs[$0.input].name, location: $0.location, reason: $0.reason)
        }, forKey: .rejected)
        if !sync.isEmpty {
            try container.encode(sync, forKey: .sync)
            try container.encodeIfPresent(policy, forKey: .policy)
        }
        if output == nil && sync.isEmpty {
            let name = { (input: Int?) in input.map { report.inputs[$0].name } }
            try container.encode(groups.map { group in
                Group(kept: GroupMember(input: name(group.kept.input), record: group.kept.ordinal, match: nil),
                      folded: group.folded.map { GroupMember(input: name($0.input), record: $0.ordinal, match: $0.match) })
            }, forKey: .groups)
        }
    }
}
