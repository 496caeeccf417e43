import CardportCore

/// Per-kind counters and sets for the conversion loop: plain arrays indexed by kind, so counting a
/// record costs an addition rather than a hash of its kind's name.
struct KindTally {
    private var values = [Int](repeating: 0, count: RecordKind.allCases.count)

    subscript(kind: RecordKind) -> Int {
        get { values[kind.ordinal] }
        set { values[kind.ordinal] = newValue }
    }

    /// The non-zero counts by plural kind name, as reports show them.
    var byPluralName: [String: Int] {
        var named: [String: Int] = [:]
        for kind in RecordKind.allCases where self[kind] > 0 { named[kind.pluralName] = self[kind] }
        return named
    }
}

/// What one input gave: records read, and records the target could not hold, by kind.
struct KindCounts {
    var read = KindTally()
    var dropped = KindTally()
}

/// A set of kinds as flags.
struct KindSet {
    private var flags = [Bool](repeating: false, count: RecordKind.allCases.count)

    init(_ kinds: Set<RecordKind>) {
        for kind in kinds { flags[kind.ordinal] = true }
    }

    func contains(_ kind: RecordKind) -> Bool { flags[kind.ordinal] }
}
