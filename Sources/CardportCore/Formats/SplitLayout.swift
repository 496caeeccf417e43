/// How a format that writes a directory of files divides citations among them (`--split`).
///
/// Note-taking apps such as Obsidian keep one note per book, or one per highlight, each with its
/// metadata in front matter:
///
/// ```swift
/// WriteOptions(split: .book)   // Meditations.md, Walden.md, …
/// ```
public enum SplitLayout: String, Sendable, Hashable, CaseIterable {
    /// One file per source (book), named after it; citations without a source go by author.
    case book
    /// One file per citation, named after its first words.
    case citation
}
