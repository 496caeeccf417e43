/// The kinds of record Cardport moves, in the order a whole collection lists them.
public enum RecordKind: String, Sendable, Hashable, CaseIterable, Codable, Comparable, CustomStringConvertible {
    case settings, tag, citation, bookmark, task, topic

    /// The plural name used in documents, reports and `--kind` (`citations`, `tags`, …).
    public var pluralName: String {
        switch self {
        case .settings: return "settings"
        default: return rawValue + "s"
        }
    }

    public var description: String { rawValue }

    /// Looks a kind up by its singular or plural name, in any case (`citation`, `Citations`).
    public init?(name: String) {
        let lower = name.lowercased()
        guard let kind = RecordKind.allCases.first(where: { $0.rawValue == lower || $0.pluralName == lower }) else {
            return nil
        }
        self = kind
    }

    /// The kind's position in ``allCases`` (settings 0 … topic 5), for tables indexed by kind.
    public var ordinal: Int {
        switch self {
        case .settings: return 0
        case .tag: return 1
        case .citation: return 2
        case .bookmark: return 3
        case .task: return 4
        case .topic: return 5
        }
    }

    public static func < (lhs: RecordKind, rhs: RecordKind) -> Bool { lhs.ordinal < rhs.ordinal }
}
