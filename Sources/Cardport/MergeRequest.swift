public import CardportCore

/// What `cardport merge` and `cardport dedupe` are asked to do: which inputs, where to, and how to
/// fold copies.
public struct MergeRequest: Sendable, Hashable {
    /// Input paths, merged in this order; `-` is standard input.
    public var inputs: [String]
    /// The output file (`-` is standard output); `nil` writes nothing (`dedupe --dry-run`).
    public var output: String?
    /// `--from`: the format of every input, instead of resolving each one.
    public var from: String?
    /// `--to`: the output format, instead of the output's extension.
    public var to: String?
    /// `--kind`: merge only records of this kind (and read kind-less inputs as this kind).
    public var kind: RecordKind?
    /// `--keep-going`: skip records a reader rejects, report them, and merge the rest.
    public var keepGoing: Bool
    /// The policy, `--near`, and whether to list the folded groups.
    public var options: MergeOptions
    /// Format options for every reader.
    public var readOptions: ReadOptions
    /// Format options for the writer.
    public var writeOptions: WriteOptions
    /// `--in-place`: the output may be one of the inputs; it is replaced atomically once the merge succeeds.
    public var inPlace = false

    /// Creates a request; see the properties for each option.
    public init(inputs: [String], output: String?, from: String? = nil, to: String? = nil,
                kind: RecordKind? = nil, keepGoing: Bool = false, options: MergeOptions = MergeOptions(),
                readOptions: ReadOptions = ReadOptions(), writeOptions: WriteOptions = WriteOptions()) {
        self.inputs = inputs
        self.output = output
        self.from = from
        self.to = to
        self.kind = kind
        self.keepGoing = keepGoing
        self.options = options
        self.readOptions = readOptions
        self.writeOptions = writeOptions
    }
}
