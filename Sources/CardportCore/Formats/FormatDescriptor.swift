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
    /// The names of the files this format reads when an input is a folder (a mounted e-reader, a
    /// library): exact names (`KoboReader.sqlite`) or patterns with one `*` (`metadata.*.lua`),
    /// matched without regard to case. Empty for formats that are not looked for in folders.
    public var folderFiles: [String]
    /// Whether the reader opens the file itself, by the path its input is named after: a database
    /// another program keeps (a Kobo's `KoboReader.sqlite`), whose bytes are no text stream.
    /// Commands hand such a reader an empty input named after the file, instead of the file's
    /// bytes, and choose the format by the file's name (``folderFiles``) or `--from`, never by sniffing.
    public var readsFromPath: Bool
    /// Whether the writer's output for a list of records is its output for each record, one after
    /// another, with nothing before, between or after them (JSON Lines): a long list may then be
    /// encoded in chunks on several threads, each by a writer of its own.
    public var writesRecordsIndependently: Bool

    /// Describes a format; `id`, aliases and extensions are matched without regard to case.
    public init(id: String, aliases: [String] = [], extensions: [String], mediaType: String,
                reads: Set<RecordKind>, writes: Set<RecordKind>, summary: String, folderFiles: [String] = [],
                readsFromPath: Bool = false, writesRecordsIndependently: Bool = false) {
        self.id = id
        self.aliases = aliases
        self.extensions = extensions
        self.mediaType = mediaType
        self.reads = reads
        self.writes = writes
        self.summary = summary
        self.folderFiles = folderFiles
        self.readsFromPath = readsFromPath
        self.writesRecordsIndependently = writesRecordsIndependently
    }

    /// Whether a file called `name` (no folder) is one this format looks for in folders.
    ///
    /// ```swift
    /// descriptor.claimsFolderFile("metadata.epub.lua")       // true for ["metadata.*.lua"]
    /// descriptor.claimsFolderFile("metadata.epub.lua.old")   // false
    /// ```
    public func claimsFolderFile(_ name: String) -> Bool {
        let lower = name.lowercased()
        return folderFiles.contains { pattern in
            let parts = pattern.lowercased().split(separator: "*", maxSplits: 1, omittingEmptySubsequences: false)
            guard parts.count == 2 else { return lower == parts[0] }
            return lower.count >= parts[0].count + parts[1].count && lower.hasPrefix(parts[0]) && lower.hasSuffix(parts[1])
        }
    }

    /// Whether `name` is the id or an alias, ignoring case.
    public func isNamed(_ name: String) -> Bool {
        let lower = name.lowercased()
        return id.lowercased() == lower || aliases.contains { $0.lowercased() == lower }
    }
}
