/// What a format is called and what it can hold: the facts resolution and capability checks use.
public struct FormatDescriptor: Sendable, Hashable {
    /// The name users pass to `--from`/`--to` (`cardport`, `jsonl`, `dummyjson`).
    public var id: String
    /// Other names that select the format (`json` for `cardport`, `ndjson` for `jsonl`).
    public var aliases: [String]
    /// File extensions without the dot, lower case. When several formats share one, the first
    /// registered is the default for writing, and content sniffing settles reading.
    public var extensions: [String]
    /// The media (MIME) type of the format's files.
    public var mediaType: String
    /// The record kinds the reader produces; empty when the format cannot be read.
    public var reads: Set<RecordKind>
    /// The record kinds the writer accepts; empty when the format cannot be written.
    public var writes: Set<RecordKind>
    /// One line for `cardport formats`.
    public var summary: String

    /// Describes a format; `id`, aliases and extensions are matched without regard to case.
    public init(id: String, aliases: [String] = [], extensions: [String], mediaType: String,
                reads: Set<RecordKind>, writes: Set<RecordKind>, summary: String) {
        self.id = id
        self.aliases = aliases
        self.extensions = extensions
        self.mediaType = mediaType
        self.reads = reads
        self.writes = writes
        self.summary = summary
    }

    /// Whether `name` is the id or an alias, ignoring case.
    public func isNamed(_ name: String) -> Bool {
        let lower = name.lowercased()
        return id.lowercased() == lower || aliases.contains { $0.lowercased() == lower }
    }
}
