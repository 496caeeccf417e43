/// What ``StoreTransaction/upsert(_:policy:provenance:)`` did with a record.
public enum UpsertResult: Sendable, Hashable {
    /// The store had no such card: it was added.
    case added
    /// The store had the card and the record changed it.
    case updated
    /// The store had the card and the record changed nothing.
    case unchanged
    /// A second copy of a card the same import added or met before.
    case duplicate
}
