public import CardportCore

/// What an export into a folder of notes did to each note: created, updated, left unchanged, and
/// the blocks kept because the user edited them by hand.
///
/// A note is written only when its text changes, so an export that changes nothing leaves every
/// file (and its modification time) as it was.
public struct NoteFolderSummary: Sendable, Hashable, Codable {
    /// A generated block the user edited, kept instead of the store's version.
    public struct Conflict: Sendable, Hashable, Codable {
        /// The note, relative to the folder.
        public var note: String
        /// The block id (`^id` in the note).
        public var block: String

        /// A conflict in `note` on `block`.
        public init(note: String, block: String) {
            self.note = note
            self.block = block
        }
    }

    /// Notes written for the first time.
    public var created = 0
    /// Existing notes rewritten.
    public var updated = 0
    /// Existing notes left as they were.
    public var unchanged = 0
    /// Hand-edited blocks kept, in note order.
    public var conflicts: [Conflict] = []
    /// Notes removed because every highlight in them was archived and their user added nothing.
    public var removed = 0
    /// Notes left with no highlights but kept for the text their user wrote in them, relative to
    /// the folder.
    public var kept: [String] = []

    /// An empty summary.
    public init() {}

    /// One line of counts (notes removed only when there are some), then one line per conflict and
    /// per note kept without highlights, as the CLI prints them.
    public var summary: String {
        var lines = ["notes: \(created) created, \(updated) updated, \(unchanged) unchanged, \(conflicts.count) "
                     + (conflicts.count == 1 ? "conflict" : "conflicts") + (removed > 0 ? ", \(removed) removed" : "")]
        for conflict in conflicts {
            lines.append("conflict: \(conflict.note) ^\(conflict.block) was edited by hand and kept (--force takes the store's)")
        }
        for note in kept {
            lines.append("kept: \(note) has no highlights left but holds text of its own")
        }
        return lines.joined(separator: "\n") + "\n"
    }
}

/// A writer that exports into a folder of notes and can say what it did to them.
public protocol NoteFolderWriter: RecordWriter {
    /// What the export did to the notes, complete after ``RecordWriter/finish()``.
    var noteSummary: NoteFolderSummary { get }
}
