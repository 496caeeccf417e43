/// What a reader did besides returning records: entries it counted, skipped or folded, and warnings
/// about input it read anyway.
///
/// Readers of formats where not every entry becomes a record (a Kindle bookmark, a `javascript:`
/// link) count what they left out here, so a report can say so instead of losing it silently.
///
/// ```swift
/// var notes = ReaderNotes()
/// notes.count("bookmarks skipped", 3)
/// notes.counts   // [("bookmarks skipped", 3)]
/// ```
public struct ReaderNotes: Sendable, Hashable {
    /// Named counts, in the order they were first counted.
    public private(set) var counts: [(label: String, value: Int)] = []
    /// Warnings, the first ``maximumListedWarnings`` of them.
    public private(set) var warnings: [CardportError] = []
    /// How many warnings there were in all.
    public private(set) var warningCount = 0

    /// How many warnings are kept; past that they are only counted.
    public static let maximumListedWarnings = 1000

    /// No notes.
    public init() {}

    /// Adds `value` to the count called `label` (zero values are not listed).
    public mutating func count(_ label: String, _ value: Int = 1) {
        guard value != 0 else { return }
        if let index = counts.firstIndex(where: { $0.label == label }) {
            counts[index].value += value
        } else {
            counts.append((label, value))
        }
    }

    /// The count called `label`, or 0.
    public subscript(label: String) -> Int {
        counts.first { $0.label == label }?.value ?? 0
    }

    /// Records a warning about input that was read anyway (or skipped without failing the read).
    public mutating func warn(_ warning: CardportError) {
        warningCount += 1
        if warnings.count < ReaderNotes.maximumListedWarnings { warnings.append(warning) }
    }

    /// Whether there is nothing to say.
    public var isEmpty: Bool { counts.isEmpty && warningCount == 0 }

    public static func == (lhs: ReaderNotes, rhs: ReaderNotes) -> Bool {
        lhs.counts.elementsEqual(rhs.counts) { $0.label == $1.label && $0.value == $1.value }
            && lhs.warnings == rhs.warnings && lhs.warningCount == rhs.warningCount
    }

    public func hash(into hasher: inout Hasher) {
        for (label, value) in counts {
            hasher.combine(label)
            hasher.combine(value)
        }
        hasher.combine(warnings)
        hasher.combine(warningCount)
    }
}
