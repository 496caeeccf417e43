import CardportMachinery

/// What makes two records the same card: a digest of the record's kind and normalised content.
///
/// Two records with equal keys are copies of one card, however their text is cased, spaced or
/// punctuated; the merge engine folds them into one. The key is computed, never stored in place of
/// the content: records keep their text as written. Its text form (``description``) is short and
/// stable across platforms and runs, for a store's unique index.
///
/// ```swift
/// let a = Record.citation(Citation(text: "Carpe diem.", author: "Horace"))
/// let b = Record.citation(Citation(text: "  carpe DIEM ", author: "horace"))
/// a.identityKey == b.identityKey         // true
/// a.identityKey.description              // "citation:3f1c…" (32 hex digits)
/// ```
public struct IdentityKey: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// The kind of record the key belongs to; records of different kinds never share a key.
    public let kind: RecordKind
    /// The first half of the 128-bit digest.
    public let high: UInt64
    /// The second half of the 128-bit digest.
    public let low: UInt64

    /// The key of `kind` with a digest of the given normalised parts.
    init(kind: RecordKind, parts: String?...) {
        var hasher = StableHash()
        hasher.combine(kind.rawValue)
        for part in parts { hasher.combine(part) }
        (high, low) = hasher.finalize()
        self.kind = kind
    }

    /// The key of `kind` whose digest `hasher` has been fed (kind name first, then the parts).
    init(kind: RecordKind, hasher: StableHash) {
        (high, low) = hasher.finalize()
        self.kind = kind
    }

    /// The key of `kind` with the given digest: as the store keeps it, in two integer columns, and
    /// for the tests of tables that place keys by it.
    package init(kind: RecordKind, high: UInt64, low: UInt64) {
        self.kind = kind
        self.high = high
        self.low = low
    }

    public func hash(into hasher: inout Hasher) {
        // The digest is already uniform: one word is plenty for a hash table.
        hasher.combine(low)
    }

    public static func < (lhs: IdentityKey, rhs: IdentityKey) -> Bool {
        (lhs.kind, lhs.high, lhs.low) < (rhs.kind, rhs.high, rhs.low)
    }

    /// `kind:` and the digest as 32 lower-case hex digits.
    public var description: String {
        func hex(_ word: UInt64) -> String {
            let digits = String(word, radix: 16)
            return String(repeating: "0", count: 16 - digits.count) + digits
        }
        return "\(kind.rawValue):\(hex(high))\(hex(low))"
    }
}
