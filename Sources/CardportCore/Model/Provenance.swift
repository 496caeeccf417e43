/// Where a store's cards came from: one import of one file, with its checksum and what it did.
///
/// A store keeps one entry per imported file; a backup carries them, so a restored store still
/// says where its cards came from.
///
/// ```swift
/// let entry = Provenance(source: "My Clippings.txt", sha256: "9f86…", format: "kindle",
///                        importedAt: Timestamp(Date()), read: 120, added: 118)
/// ```
public struct Provenance: Sendable, Hashable, Codable {
    /// The file name as it was given to the import (`-` for standard input).
    public var source: String
    /// The SHA-256 of the file's bytes, 64 hex digits; `nil` for standard input, which cannot be read twice.
    public var sha256: String?
    /// The format the file was read as.
    public var format: String
    /// When the import ran.
    public var importedAt: Timestamp
    /// Records read from the file, rejected ones included.
    public var read: Int
    /// Cards the store did not have.
    public var added: Int
    /// Cards the store had that the import changed.
    public var updated: Int
    /// Cards the store had that the import left as they were.
    public var unchanged: Int
    /// Second copies of a card within the file.
    public var duplicates: Int
    /// Records the reader rejected (`--keep-going`).
    public var rejected: Int

    /// Creates an entry; counts default to zero.
    public init(source: String, sha256: String?, format: String, importedAt: Timestamp, read: Int = 0,
                added: Int = 0, updated: Int = 0, unchanged: Int = 0, duplicates: Int = 0, rejected: Int = 0) {
        self.source = source
        self.sha256 = sha256
        self.format = format
        self.importedAt = importedAt
        self.read = read
        self.added = added
        self.updated = updated
        self.unchanged = unchanged
        self.duplicates = duplicates
        self.rejected = rejected
    }
}
