/// How sure a format is that some bytes are in it, from a look at the first bytes of an input.
public enum SniffResult: Int, Sendable, Hashable, Comparable {
    /// Not this format.
    case no = 0
    /// Could be this format (a JSON object that no dialect claims, say).
    case possible = 1
    /// A marker that only this format has (`"format":"cardport"`, a `quotes` key).
    case certain = 2

    public static func < (lhs: SniffResult, rhs: SniffResult) -> Bool { lhs.rawValue < rhs.rawValue }
}
