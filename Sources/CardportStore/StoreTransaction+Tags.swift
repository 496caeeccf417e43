public import CardportCore
import GRDB

extension StoreTransaction {
    /// Renames the tag `name` to `newName` on every card that has it, as store edits; returns how
    /// many cards changed.
    ///
    /// A new name that folds to another tag's merges the two (the cards keep one of them, the
    /// colour of the tag renamed goes to the other when it has none).
    public func renameTag(_ name: String, to newName: String, now: Timestamp) throws(CardportError) -> Int {
        try run {
            let old = try tagRow(name)
            let changed = try retag(old.pk, now: now) { tags in
                var renamed: [String] = []
                for tag in tags where !renamed.contains(where: { Tag(name: $0).identityKey == Tag(name: tag).identityKey }) {
                    let replaced = Tag(name: tag).identityKey == old.key ? newName : tag
                    if !renamed.contains(where: { Tag(name: $0).identityKey == Tag(name: replaced).identityKey }) {
                        renamed.append(replaced)
                    }
                }
                return renamed
            }
            // The widget shows tags by name: it follows the rename.
            try db.execute(sql: "UPDATE settings_widget_tag SET name = ? WHERE name = ?", arguments: [newName, name])
            let newKey = Tag(name: newName).identityKey
            if newKey == old.key {
                try db.execute(sql: "UPDATE tag SET name = ? WHERE pk = ?", arguments: [newName, old.pk])
            } else {
                let target = try Int64.fetchOne(db, sql: "SELECT pk FROM tag WHERE key_high = ? AND key_low = ?",
                                                arguments: [Int64(bitPattern: newKey.high), Int64(bitPattern: newKey.low)])
                if let target {
                    try db.execute(sql: "UPDATE tag SET colour = coalesce(colour, ?) WHERE pk = ?", arguments: [old.colour, target])
                    try db.execute(sql: "DELETE FROM tag WHERE pk = ?", arguments: [old.pk])
                } else {
                    try db.execute(sql: "UPDATE tag SET name = ?, key_high = ?, key_low = ? WHERE pk = ?",
                                   arguments: [newName, Int64(bitPattern: newKey.high), Int64(bitPattern: newKey.low), old.pk])
                }
            }
            return changed
        }
    }

    /// Sets (or, with `nil`, clears) the colour of the tag `name`.
    public func setTagColour(_ name: String, _ colour: TagColour?) throws(CardportError) {
        try run {
            let row = try tagRow(name)
            try db.execute(sql: "UPDATE tag SET colour = ? WHERE pk = ?", arguments: [colour?.description, row.pk])
        }
    }

    /// Removes the tag `name` from every card (store edits) and deletes it; returns how many cards changed.
    public func deleteTag(_ name: String, now: Timestamp) throws(CardportError) -> Int {
        try run {
            let row = try tagRow(name)
            let changed = try retag(row.pk, now: now) { tags in tags.filter { Tag(name: $0).identityKey != row.key } }
            try db.execute(sql: "DELETE FROM tag WHERE pk = ?", arguments: [row.pk])
            return changed
        }
    }

    /// The tag called `name` (compared normalised), or an error naming it.
    private func tagRow(_ name: String) throws -> (pk: Int64, key: IdentityKey, colour: String?) {
        try flushLinks()
        let key = Tag(name: name).identityKey
        guard let row = try Row.fetchOne(db, sql: "SELECT pk, colour FROM tag WHERE key_high = ? AND key_low = ?",
                                         arguments: [Int64(bitPattern: key.high), Int64(bitPattern: key.low)]) else {
            throw CardportError(.invalidValue, "there is no tag '\(name)'", hint: "'cardport tag' lists the tags")
        }
        return (row[0], key, row[1])
    }

    /// Rewrites the tags of every card linked to tag `pk` with `change`, as store edits.
    private func retag(_ pk: Int64, now: Timestamp, _ change: ([String]) -> [String]) throws -> Int {
        var cards: [(String, Record)] = []
        for (kind, table) in CardRows.tables where kind == .citation || kind == .bookmark {
            let pks = try Int64.fetchAll(db, sql: "SELECT DISTINCT \(table) FROM \(table)_tag WHERE tag = ?", arguments: [pk])
            for cardPK in pks {
                let record = try StoreReader(db: db).card(kind, pk: cardPK)
                cards.append((record.id, record))
            }
        }
        for (id, record) in cards {
            var edited = record
            switch record {
            case .citation(var c):
                c.tags = change(c.tags)
                edited = .citation(c)
            case .bookmark(var b):
                b.tags = change(b.tags)
                edited = .bookmark(b)
            default:
                continue
            }
            try edit(id: id, to: edited, now: now)
        }
        return cards.count
    }
}
