/// A position as libyaml reports it: 0-based line and column, the column in characters.
///
/// Stored in 32 bits each: every node carries two marks, and nodes are copied a lot.
struct YAMLMark: Sendable, Hashable {
    private var storedLine: UInt32
    private var storedColumn: UInt32

    init(line: Int, column: Int) {
        storedLine = UInt32(clamping: line)
        storedColumn = UInt32(clamping: column)
    }

    var line: Int { Int(storedLine) }
    var column: Int { Int(storedColumn) }
}
