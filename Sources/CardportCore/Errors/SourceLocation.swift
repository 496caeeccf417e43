/// A place in an input: file, line, column and byte offset.
///
/// `line` and `column` are 1-based. `column` counts Unicode scalars from the start of the line (so
/// `é` written as one code point is one column, an emoji is one column per scalar), which is what a
/// caret under the echoed line lines up with in a terminal for most text. `offset` is the 0-based
/// byte offset from the start of the file, counting a byte-order mark if the file has one.
public struct SourceLocation: Sendable, Hashable, Codable, CustomStringConvertible {
    /// The path as the user gave it, or `<stdin>`.
    public var file: String
    /// 1-based line number.
    public var line: Int
    /// 1-based column, in Unicode scalars.
    public var column: Int
    /// 0-based byte offset from the start of the file.
    public var offset: Int

    /// Creates a location.
    public init(file: String, line: Int, column: Int, offset: Int) {
        self.file = file
        self.line = line
        self.column = column
        self.offset = offset
    }

    /// `file:line:column`, the form editors and terminals turn into a link.
    public var description: String { "\(file):\(line):\(column)" }
}
