public import CardportCore

/// todo.txt (todotxt.org): one task per line, `x` for done, `(A)` for the priority, dates,
/// `+project`, `@context` and `key:value` words.
///
/// Reading gives a task per line (see ``TodoTxtReader`` for the mapping; the text keeps its words,
/// and `+project` names become the task's tags in `extras["tags"]`), or a topic for a line with the
/// word ``topicMarker``. Writing takes tasks and topics and counts what a line cannot hold. `.txt` is shared with Kindle clippings: a file with
/// `==========` separator lines is never todo.txt.
///
/// ```
/// (A) 2024-01-02 Call Mum +family @phone due:2024-01-10
/// x 2024-01-05 2024-01-02 Read chapter 3 +study pri:B
/// ```
public struct TodoTxtFormat: CardFormat {
    public init() {}

    /// The word that marks a line Cardport wrote for a topic: a `key:value` word, the form todo.txt
    /// gives to what it has no syntax for, which its tools list with the line but not as a project.
    public static let topicMarker = "kind:topic"

    public let descriptor = FormatDescriptor(
        id: "todotxt", aliases: ["todo.txt", "todo-txt"], extensions: ["txt"], mediaType: "text/plain",
        reads: [.task, .topic], writes: [.task, .topic],
        summary: "todo.txt: one task per line, x, (A), dates, +project, @context, due:")

    public func sniff(_ prefix: [UInt8]) -> SniffResult {
        guard let first = prefix.first(where: { $0 != 0x20 && $0 != 0x09 && $0 != 0x0A && $0 != 0x0D }) else { return .possible }
        // Documents of other formats: JSON, XML/HTML, YAML/Markdown openings.
        if [0x7B, 0x5B, 0x3C].contains(first) || prefix.starts(with: Array("---".utf8)) || prefix.contains(0) { return .no }
        var lineStart = 0
        var firstLine: ArraySlice<UInt8>?
        var tabCounts: [Int] = []
        for index in 0...prefix.count where index == prefix.count || prefix[index] == 0x0A {
            var end = index
            if end > lineStart, prefix[end - 1] == 0x0D { end -= 1 }
            let line = prefix[lineStart..<end]
            if line.elementsEqual("==========".utf8) { return .no }
            if line.contains(where: { $0 != 0x20 && $0 != 0x09 }) {
                if firstLine == nil { firstLine = line }
                if tabCounts.count < 2, index < prefix.count { tabCounts.append(line.count { $0 == 0x09 }) }
            }
            lineStart = index + 1
        }
        // Two lines with the same tabs are a table (Excel's "Unicode text" is tab-separated), not tasks.
        if tabCounts.count == 2, tabCounts[0] > 0, tabCounts[0] == tabCounts[1] { return .no }
        guard let firstLine else { return .possible }
        if let parsed = TodoTxtLine(parsing: firstLine),
           (parsed.isDone && parsed.completed != nil) || parsed.priority != nil || parsed.created != nil {
            return .certain
        }
        return .possible
    }

    public func makeReader(_ input: ByteInput, options: ReadOptions) throws(CardportError) -> any RecordReader {
        TodoTxtReader(input: input, limits: options.limits, kind: options.kind)
    }

    public func makeWriter(_ output: ByteOutput, options: WriteOptions) throws(CardportError) -> any RecordWriter {
        TodoTxtWriter(output: output)
    }
}
