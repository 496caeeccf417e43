/// Which side wins when two copies of a card disagree on a field.
///
/// The policy decides the fields one copy must win (a citation's text form, author, source,
/// location, archived flag, a task's progress, a topic's status…). Some fields never depend on it:
/// tags are united, favourite is true if either copy is, `createdAt` is the earliest, notes and
/// extras are joined, and a field one side leaves empty is filled from the other.
///
/// ```swift
/// MergePolicy.newest.incomingWins(existing: older, incoming: newer)   // true
/// MergePolicy.existing.incomingWins(existing: older, incoming: newer) // false
/// ```
public enum MergePolicy: String, Sendable, Hashable, CaseIterable, Codable, CustomStringConvertible {
    /// The copy with the later `updatedAt` wins; without one, or on a tie, the existing copy wins.
    case newest
    /// The copy already in the collection (the store, or an earlier input) always wins.
    case existing
    /// The copy being merged in always wins.
    case incoming

    /// Whether the incoming copy wins, given both copies' `updatedAt`.
    public func incomingWins(existing: Timestamp?, incoming: Timestamp?) -> Bool {
        switch self {
        case .existing: return false
        case .incoming: return true
        case .newest:
            guard let incoming else { return false }
            guard let existing else { return true }
            return incoming > existing
        }
    }

    public var description: String { rawValue }
}
