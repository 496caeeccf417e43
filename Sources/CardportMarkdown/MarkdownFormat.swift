public import CardportCore
import Foundation

/// Markdown: notes people read and write, over GitHub's CommonMark parser (cmark-gfm).
///
/// Writing gives one document with a section per kind (citations as blockquotes grouped by book,
/// bookmarks as a link list, tasks as a GFM task list, topics as headings), or with
/// ``WriteOptions/split`` a folder of notes with YAML front matter, one per book or per citation.
/// Reading takes back everything the writer writes and the shapes people write by hand: quotes
/// with a `— Author` line, Obsidian `> [!quote]` callouts, task lists anywhere, link lists
/// (buku's export included) and front matter. See Formats.md for the exact mapping.
///
/// ```swift
/// let registry = FormatRegistry([MarkdownFormat()])
/// ```
public struct MarkdownFormat: CardFormat {
    /// The format.
    public init() {}

    public let descriptor = FormatDescriptor(
        id: "markdown", aliases: ["md"], extensions: ["md", "markdown"], mediaType: "text/markdown",
        reads: [.citation, .bookmark, .task, .topic], writes: [.citation, .bookmark, .task, .topic],
        summary: "Markdown: quotes, task lists, link lists and topics; --split for a folder of notes",
        folderFiles: ["*.md", "*.markdown"])

    /// Markdown has no marker of its own; a front matter fence, a heading, a quote or a task item
    /// at the start makes it possible.
    public func sniff(_ prefix: [UInt8]) -> SniffResult {
        let starts: [[UInt8]] = [Array("---\n".utf8), Array("---\r\n".utf8), Array("# ".utf8), Array("## ".utf8),
                                 Array("> ".utf8), Array("- [".utf8), Array("* [".utf8)]
        return starts.contains { prefix.starts(with: $0) } ? .possible : .no
    }

    /// The `cardport-source` of a note Cardport wrote into a vault (or a user wrote in its shape),
    /// read from its front matter; `nil` for any other Markdown file.
    ///
    /// An import reads such a note as the source it names, so a note renamed or moved is the same
    /// source, and each block's id names its highlight (Formats.md, "Reading a vault back").
    public static func noteSource(atPath path: String) -> String? {
        guard let handle = FileHandle(forReadingAtPath: path) else { return nil }
        defer { try? handle.close() }
        // Front matter is at the start; 64 KiB holds any that Cardport or a person writes.
        guard let data = try? handle.read(upToCount: 1 << 16) else { return nil }
        return VaultNote.source(in: Substring(String(decoding: data, as: UTF8.self)))
    }

    /// The letters and digits of a card id, lower-cased: what a vault block id is a prefix of.
    public static func blockLetters(of cardID: String) -> String {
        NoteBlock.letters(of: cardID)
    }

    public func makeReader(_ input: ByteInput, options: ReadOptions) throws(CardportError) -> any RecordReader {
        MarkdownReader(input: input, strict: options.strict, limits: options.limits)
    }

    public func makeWriter(_ output: ByteOutput, options: WriteOptions) throws(CardportError) -> any RecordWriter {
        MarkdownWriter(output: output)
    }

    public func makeDirectoryWriter(_ directory: OutputDirectory, options: WriteOptions) throws(CardportError) -> (any RecordWriter)? {
        try MarkdownSplitWriter(directory: directory, layout: options.split ?? .book,
                                force: options.replacesEditedBlocks, template: options.noteTemplate,
                                archivedAreRemovals: options.archivedAreRemovals)
    }
}
