/// A position as libyaml reports it: 0-based line and column, the column in characters.
struct YAMLMark: Sendable, Hashable {
    var line: Int
    var column: Int
}
