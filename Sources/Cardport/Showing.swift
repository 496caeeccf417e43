public import CardportCore
public import CardportStore
import CardportJSON
import CardportYAML

/// Finds cards by id or unique id prefix and prints them whole, as a YAML document.
///
/// The document is the one the `yaml` format reads, so what `show` prints can be edited and
/// imported again (`cardport edit` opens exactly this).
///
/// ```swift
/// let cards = try Showing(store: store).run(ids: ["1174c3"])
/// print(try Showing.yaml(cards))
/// ```
public struct Showing: Sendable {
    /// The store cards come from.
    public let store: Store

    /// Creates a look-up in `store`.
    public init(store: Store) {
        self.store = store
    }

    /// Opens the store in `file` to read it (``StoreFile/Access/reading``).
    public init(opening file: StoreFile) throws(CardportError) {
        self.init(store: try file.open(.reading))
    }

    /// The cards `ids` name (whole ids or unique prefixes), in the order given; an unknown or
    /// ambiguous prefix is an error that lists the candidates.
    public func run(ids: [String]) throws(CardportError) -> [CardportCore.Record] {
        try store.read { (reader) in
            let matches = try reader.resolve(ids)
            var byID: [String: CardportCore.Record] = [:]
            try reader.forEach(CardFilter(archived: .include, ids: matches.map(\.id))) { (record) in byID[record.id] = record }
            return matches.compactMap { byID[$0.id] }
        }
    }

    /// `records` as a YAML document of the `yaml` format.
    public static func yaml(_ records: [CardportCore.Record]) throws(CardportError) -> String {
        let output = ByteOutput()
        let writer = try YAMLFormat().makeWriter(output, options: WriteOptions())
        for record in records { try writer.write(record) }
        try writer.finish()
        return String(decoding: output.bytes, as: UTF8.self)
    }

    /// `records` as JSON Lines of the `jsonl` format, one card a line.
    public static func jsonLines(_ records: [CardportCore.Record]) throws(CardportError) -> String {
        let output = ByteOutput()
        let writer = try jsonLinesWriter(output)
        for record in records { try writer.write(record) }
        try writer.finish()
        return String(decoding: output.bytes, as: UTF8.self)
    }

    /// A writer of the JSON Lines ``jsonLines(_:)`` prints, into `output`, for cards printed as
    /// they are read.
    public static func jsonLinesWriter(_ output: ByteOutput) throws(CardportError) -> any RecordWriter {
        try JSONLinesFormat().makeWriter(output, options: WriteOptions())
    }

    /// `records` as one JSON array of the objects ``jsonLines(_:)`` writes.
    public static func jsonArray(_ records: [CardportCore.Record]) throws(CardportError) -> String {
        let lines = try jsonLines(records).split(separator: "\n")
        guard !lines.isEmpty else { return "[]\n" }
        return "[\n  " + lines.joined(separator: ",\n  ") + "\n]\n"
    }
}
