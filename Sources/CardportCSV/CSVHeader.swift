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

    /// Resolves header names for `kind` (from `--kind`), or for the kind the names suggest.
    ///
    /// A name that matches no column of the kind, or a column already taken, becomes an extra.
    init?(names: [String], kind: RecordKind?) {
        let folded = names.map(CSVColumn.fold)
        guard let kind = kind ?? CSVColumn.kind(ofHeader: folded) else { return nil }
        self.kind = kind
        var seen = Set<CSVColumn>()
        columns = zip(names, folded).map { name, fold in
            if let column = CSVColumn.named(fold, for: kind), !seen.contains(column) {
                seen.insert(column)
                return column
            }
            return .extra(name)
        }
    }
}
