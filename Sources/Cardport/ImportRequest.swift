public import CardportCore

/// What `cardport import` is asked to do: which files, read how, merged under which policy.
public struct ImportRequest: Sendable, Hashable {
    /// Input paths, imported in this order; `-` is standard input.
    public var inputs: [String]
    /// `--from`: the format of every input, instead of resolving each one.
    public var from: String?
    /// `--kind`: import only records of this kind (and read kind-less inputs as this kind).
    public var kind: RecordKind?
    /// `--keep-going`: skip records a reader rejects, report them, and import the rest.
    public var keepGoing: Bool
    /// `--policy`: which copy wins when the store already has a card.
    public var policy: MergePolicy
    /// `--dry-run`: do everything, report it, and keep nothing.
    public var dryRun: Bool
    /// Format options for every reader.
    public var readOptions: ReadOptions
    /// `--mirror`: each input lists everything its source holds, so the citations whose items are
    /// gone from it since its last import are archived (Merging.md).
    public var mirror: Bool

    /// Creates a request; see the properties for each option.
    public init(inputs: [String], from: String? = nil, kind: RecordKind? = nil, keepGoing: Bool = false,
                policy: MergePolicy = .newest, dryRun: Bool = false, readOptions: ReadOptions = ReadOptions(),
                mirror: Bool = false) {
        self.inputs = inputs
        self.from = from
        self.kind = kind
        self.keepGoing = keepGoing
        self.policy = policy
        self.dryRun = dryRun
        self.readOptions = readOptions
        self.mirror = mirror
    }
}
