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

    public static func < (lhs: RecordKind, rhs: RecordKind) -> Bool {
        allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
    }
}
