public import CardportCore
import GRDB

extension StoreReader {
    /// The shortest a short id is, as `git` abbreviates object names.
    public static let shortIDMinimum = 6

    /// The shortest prefix that names a card.
    public static let shortestPrefix = 4

    /// The cards whose id starts with `prefix`; when one card's id is `prefix` exactly, that card alone.
    ///
    /// Ids are compared as written (byte for byte). The look-up is a range scan of each card table's
    /// id index.
    public func cards(matching prefix: String) throws(CardportError) -> [CardMatch] {
        try Store.attempt(db.description) {
            var found: [CardMatch] = []
            for (kind, table) in CardRows.tables {
                let label = CardRows.columns(kind)[kind == .bookmark ? 1 : 0]
                let rows = try Row.fetchAll(db.cachedStatement(sql: """
                    SELECT id, \(label) FROM \(table) WHERE id >= ?1 AND id < ?1 || char(1114111) ORDER BY id LIMIT 21
                    """), arguments: [prefix])
                for row in rows {
                    let match = CardMatch(kind: kind, id: row[0], label: row[1] ?? "")
                    if match.id == prefix { return [match] }
                    found.append(match)
                }
            }
            return found
        }
    }

    /// The one card each of `prefixes` names, in order; throws an error listing the candidates for a
    /// prefix that names none or several.
    public func resolve(_ prefixes: [String]) throws(CardportError) -> [CardMatch] {
        var resolved: [CardMatch] = []
        for prefix in prefixes {
            let matches = try cards(matching: prefix)
            // As git, a prefix of fewer than four characters names nothing, however few cards there
            // are: `archive 1` must not archive a card because it happens to be the only one.
            if prefix.count < StoreReader.shortestPrefix, matches.first?.id != prefix {
                throw CardportError(.invalidValue, "'\(prefix)' is too short to name a card",
                                    hint: "give at least \(StoreReader.shortestPrefix) characters of the id; nothing was changed")
            }
            if matches.count == 1 {
                resolved.append(matches[0])
                continue
            }
            if matches.isEmpty {
                throw CardportError(.invalidValue, "no card has an id that starts with '\(prefix)'",
                                    hint: "'cardport list' shows the cards and their ids; nothing was changed")
            }
            let short = try shortIDs(matches.map(\.id))
            let lines = matches.prefix(20).map { "  \(short[$0.id] ?? $0.id)  \($0.kind.rawValue)  \(CardMatch.excerpt($0.label, width: 50))" }
            throw CardportError(.invalidValue, "the id '\(prefix)' is ambiguous: \(matches.count > 20 ? "more than 20" : "\(matches.count)") cards start with it",
                                hint: "give more of the id; the candidates are:\n" + lines.joined(separator: "\n"))
        }
        return resolved
    }

    /// The shortest unique prefix (at least ``shortIDMinimum`` characters) of each of `ids` among
    /// every card id in the store.
    ///
    /// Each id is compared with its neighbours in id order (two look-ups in each table's id index):
    /// its short id is one character longer than the longest prefix it shares with either.
    public func shortIDs(_ ids: [String]) throws(CardportError) -> [String: String] {
        try Store.attempt(db.description) {
            var result: [String: String] = [:]
            // Tables without cards (most stores hold one or two kinds) have no neighbours to ask.
            let tables = try CardRows.tables.map(\.table).filter {
                try Bool.fetchOne(db, sql: "SELECT EXISTS (SELECT 1 FROM \($0))") ?? false
            }
            let before = try tables.map { try BulkStatement(db, sql: "SELECT id FROM \($0) WHERE id < ?1 ORDER BY id DESC LIMIT 1") }
            let after = try tables.map { try BulkStatement(db, sql: "SELECT id FROM \($0) WHERE id > ?1 ORDER BY id LIMIT 1") }
            for id in ids where result[id] == nil {
                var shared = 0
                for statement in before + after {
                    statement.bind(1, id)
                    if try statement.step(), let neighbour = statement.text(0) {
                        shared = Swift.max(shared, StoreReader.commonPrefixLength(id, neighbour))
                    }
                    statement.reset()
                }
                let length = Swift.max(StoreReader.shortIDMinimum, shared + 1)
                result[id] = String(id.prefix(length))
            }
            return result
        }
    }

    /// How many characters `a` and `b` share at the start.
    static func commonPrefixLength(_ a: String, _ b: String) -> Int {
        var count = 0
        for (x, y) in zip(a, b) {
            guard x == y else { break }
            count += 1
        }
        return count
    }
}
