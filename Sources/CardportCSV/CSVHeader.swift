import CardportCore

/// A header row resolved for one kind: what each column holds.
struct CSVHeader {
    let kind: RecordKind
    let columns: [CSVColumn]
    /// Whether the header names the kind's key column (a citation's `text`, a bookmark's `url`, …).
    var hasKey: Bool { columns.contains(CSVColumn.key(of: kind)) }

    /// A header whose columns are already resolved.
    init(kind: RecordKind, columns: [CSVColumn]) {
        self.kind = kind
        self.columns = columns
    }

    /// A header of a file of several kinds (Formats.md, "Several kinds in one file"): a `kind`
    /// column and the key columns of at least two kinds, by the names ``CSVWriter`` writes; `nil`
    /// for any other header.
    init?(severalKinds names: [String]) {
        let normalised = names.map(CSVColumn.normalise)
        guard normalised.contains("kind") else { return nil }
        let keys = CSVColumn.unionKinds.filter { normalised.contains(CSVColumn.normalise(CSVColumn.key(of: $0).headerName)) }
        guard keys.count >= 2 else { return nil }
        // Each column is the first of its name; kind-specific meaning comes with section(for:).
        var seen = Set<CSVColumn>()
        kind = keys[0]
        columns = zip(names, normalised).map { name, key in
            let column = CSVColumn.union.first { CSVColumn.normalise($0.headerName) == key }
            if let column, !seen.contains(column) {
                seen.insert(column)
                return column
            }
            return .extra(name)
        }
    }

    /// The header a row of `kind` is read with in a file of several kinds: the kind's own columns
    /// keep their meaning, another kind's columns are read as extras (empty unless someone filled
    /// them in, and then kept), and `kind` is skipped.
    func section(for kind: RecordKind) -> CSVHeader {
        let own = Set(CSVColumn.standard(for: kind))
        return CSVHeader(kind: kind, columns: columns.map { column in
            if column == .kind || own.contains(column) { return column }
            if case .extra = column { return column }
            return .extra(column.headerName)
        })
    }

    /// Resolves header names for `kind` (from `--kind`), or for the kind the names suggest.
    ///
    /// A name that matches no column of the kind, or a column already taken, becomes an extra.
    init?(names: [String], kind: RecordKind?) {
        let normalised = names.map(CSVColumn.normalise)
        guard let kind = kind ?? CSVColumn.kind(ofHeader: normalised) else { return nil }
        self.kind = kind
        var seen = Set<CSVColumn>()
        columns = zip(names, normalised).map { name, key in
            if let column = CSVColumn.named(key, for: kind), !seen.contains(column) {
                seen.insert(column)
                return column
            }
            return .extra(name)
        }
    }
}
