/// Line starts of a YAML text in memory, to cut a node's source text out by its libyaml marks.
struct YAMLLines {
    private let bytes: [UInt8]
    private var starts: [Int] = [0]

    init(_ bytes: UnsafeRawBufferPointer) {
        self.bytes = Array(bytes)
        for (index, byte) in self.bytes.enumerated() where byte == 0x0A { starts.append(index + 1) }
    }

    /// The byte offset of a 0-based line and column (in characters).
    func offset(of mark: YAMLMark) -> Int {
        guard mark.line < starts.count else { return bytes.count }
        var index = starts[mark.line]
        var column = 0
        while index < bytes.count, bytes[index] != 0x0A, column < mark.column || bytes[index] & 0xC0 == 0x80 {
            if bytes[index] & 0xC0 != 0x80 { column += 1 }
            index += 1
        }
        return index
    }

    /// The text between two marks, without trailing blank space, and with the indentation of the
    /// first line removed from the lines after it.
    func text(from start: YAMLMark, to end: YAMLMark) -> String {
        let lower = offset(of: start)
        let upper = max(lower, offset(of: end))
        var text = String(decoding: bytes[lower..<upper], as: UTF8.self)
        while let last = text.unicodeScalars.last, last == " " || last == "\n" || last == "\r" || last == "\t" {
            text.unicodeScalars.removeLast()
        }
        let indent = String(repeating: " ", count: start.column)
        guard start.column > 0 else { return text }
        return text.split(separator: "\n", omittingEmptySubsequences: false)
            .map { $0.hasPrefix(indent) ? String($0.dropFirst(indent.count)) : String($0) }
            .joined(separator: "\n")
    }
}
