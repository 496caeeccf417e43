public import CardportCore
import GRDB

extension StoreTransaction {
    /// The card whose id is exactly `id`, if the store has one.
    public func card(id: String) throws(CardportError) -> CardportCore.Record? {
        try Store.attempt(db.description) {
            guard let (kind, pk) = try locate(id: id) else { return nil }
            return try StoreReader(db: db).card(kind, pk: pk)
        }
    }

    /// Replaces the card whose id is exactly `id` with `edited`, a store edit: the card's row and
    /// children are rewritten and its `updated_at` set to `now`.
    ///
    /// This is the one way `cardport edit` and `cardport tag` change a card, so that what a person
    /// changed in the store is told apart from what an import brought. `edited` must be of the same
    /// kind and keep the id; a text that makes it a copy of another card is refused.
    @discardableResult
    public func edit(id: String, to edited: CardportCore.Record, now: Timestamp) throws(CardportError) -> CardportCore.Record {
        try run {
            try flushLinks()
            guard let (kind, pk) = try locate(id: id) else {
                throw CardportError(.invalidValue, "no card has the id '\(id)'")
            }
            guard edited.kind == kind else {
                throw CardportError(.invalidValue, "the card '\(id)' is a \(kind.rawValue), and cannot become a \(edited.kind.rawValue)")
            }
            var record = edited
            record.stamp(id: id, updatedAt: now)
            let key = record.identityKey
            let table = CardRows.table(kind)
            if let other = try String.fetchOne(db.cachedStatement(sql: "SELECT id FROM \(table) WHERE key_high = ? AND key_low = ? AND pk != ?"),
                                               arguments: [Int64(bitPattern: key.high), Int64(bitPattern: key.low), pk]) {
                throw CardportError(.invalidValue, "the edit makes the \(kind.rawValue) '\(id)' a copy of '\(other)'",
                                    hint: "cards are the same when their \(kind == .citation ? "text and author" : "text") are; edit or archive the other one instead")
            }
            try update(record, pk: pk)
            return record
        }
    }

    /// The kind and primary key of the card whose id is exactly `id`.
    func locate(id: String) throws -> (RecordKind, Int64)? {
        for (kind, table) in CardRows.tables {
            if let pk = try Int64.fetchOne(db.cachedStatement(sql: "SELECT pk FROM \(table) WHERE id = ?"), arguments: [id]) {
                return (kind, pk)
            }
        }
        return nil
    }
}

extension CardportCore.Record {
    /// Sets the card's id and `updated_at`.
    mutating func stamp(id: String, updatedAt: Timestamp) {
        switch self {
        case .citation(var c):
            c.id = id
            c.updatedAt = updatedAt
            self = .citation(c)
        case .bookmark(var b):
            b.id = id
            b.updatedAt = updatedAt
            self = .bookmark(b)
        case .task(var t):
            t.id = id
            t.updatedAt = updatedAt
            self = .task(t)
        case .topic(var t):
            t.id = id
            t.updatedAt = updatedAt
            self = .topic(t)
        case .tag, .settings:
            break
        }
    }
}
