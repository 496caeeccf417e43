/// What a merge did, per input and in total: records read, added, updated, unchanged, folded as
/// exact or near duplicates, and rejected.
///
/// Every record read from an input is counted once, in exactly one of ``Counts/added``,
/// ``Counts/updated``, ``Counts/unchanged``, ``Counts/exactDuplicates`` or
/// ``Counts/nearDuplicates``, or else it is ``Counts/rejected``:
///
/// - **added**: a card the collection did not have;
/// - **updated** / **unchanged**: a copy of a card already in the collection (the existing records,
///   or an earlier input) that changed it / left it as it was;
/// - **exact duplicates**: a second copy of a card within the same input, folded into the first;
/// - **near duplicates**: a citation whose normalised text another record of the same author and source
///   contains, or a bookmark that differs from another only by `www.`, folded into it (`--near`);
/// - **rejected**: a record the reader could not read (`--keep-going`), listed with its location.
///
/// ``nearDuplicatesFound`` counts near duplicates whether or not they were folded, so a merge
/// without `--near` still says how many there are.
public struct MergeReport: Sendable, Hashable, Codable {
    /// One input's tallies.
    public struct Counts: Sendable, Hashable, Codable {
        /// Records read, rejected ones included.
        public var read = 0
        /// Cards the collection did not have.
        public var added = 0
        /// Copies of a card from the existing records or an earlier input that changed it.
        public var updated = 0
        /// Copies of a card from the existing records or an earlier input that changed nothing.
        public var unchanged = 0
        /// Second copies of a card within the same input, folded into the first.
        public var exactDuplicates = 0
        /// Near duplicates folded into the record that contains them.
        public var nearDuplicates = 0
        /// Near duplicates found, folded or not.
        public var nearDuplicatesFound = 0
        /// Records the reader could not read.
        public var rejected = 0

        /// All zero.
        public init() {}

        static func + (a: Counts, b: Counts) -> Counts {
            var sum = a
            sum.read += b.read
            sum.added += b.added
            sum.updated += b.updated
            sum.unchanged += b.unchanged
            sum.exactDuplicates += b.exactDuplicates
            sum.nearDuplicates += b.nearDuplicates
            sum.nearDuplicatesFound += b.nearDuplicatesFound
            sum.rejected += b.rejected
            return sum
        }
    }

    /// One input and what became of its records.
    public struct Input: Sendable, Hashable, Codable {
        /// The input's name (a path, `-`, or whatever the caller named it).
        public var name: String
        /// The format it was read as, when known.
        public var format: String?
        /// What became of its records.
        public var counts = Counts()

        /// An input with nothing counted yet (a store's import builds its report without an engine).
        public init(name: String, format: String? = nil) {
            self.name = name
            self.format = format
        }
    }

    /// A record a reader rejected, with where it is and why.
    public struct Rejection: Sendable, Hashable, Codable {
        /// The position of the input in ``MergeReport/inputs``.
        public var input: Int
        /// Where the record is, when the reader knew.
        public var location: SourceLocation?
        /// What is wrong with it.
        public var reason: String
        /// The full diagnostic, for printing.
        public var error: CardportError

        enum CodingKeys: String, CodingKey { case input, location, reason }

        init(input: Int, error: CardportError) {
            self.input = input
            self.location = error.location
            self.reason = error.message
            self.error = error
        }

        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            input = try container.decode(Int.self, forKey: .input)
            location = try container.decodeIfPresent(SourceLocation.self, forKey: .location)
            reason = try container.decode(String.self, forKey: .reason)
            error = CardportError(.invalidValue, reason, location: location)
        }

        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(input, forKey: .input)
            try container.encodeIfPresent(location, forKey: .location)
            try container.encode(reason, forKey: .reason)
        }
    }

    /// How many rejections a report lists; past that it only counts them.
    public static let maximumListedRejections = 1000

    /// Records that were in the collection before the merge (a store's rows); 0 for files.
    public var existing = 0
    /// One entry per input, in the order they were merged.
    public var inputs: [Input] = []
    /// Records in the merged collection.
    public var recordsOut = 0
    /// Existing records the merge changed.
    public var existingUpdated = 0
    /// The first ``maximumListedRejections`` rejected records.
    public var rejections: [Rejection] = []

    /// An empty report.
    public init() {}

    /// The tallies of all inputs together.
    public var total: Counts { inputs.reduce(Counts()) { $0 + $1.counts } }

    /// Near duplicates found, folded or not, in all inputs.
    public var nearDuplicatesFound: Int { total.nearDuplicatesFound }

    /// Counts a rejected record of an input and lists it while fewer than
    /// ``maximumListedRejections`` are listed.
    public mutating func reject(_ error: CardportError, input: Int) {
        inputs[input].counts.rejected += 1
        if rejections.count < MergeReport.maximumListedRejections {
            rejections.append(Rejection(input: input, error: error))
        }
    }
}
