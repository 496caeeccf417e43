import CardportCore

/// The frame of a document a markup writer streams records into: the fixed text before the first
/// record and after the last, the buffer in between, and the output it is flushed to.
///
/// The opening text is written with the first record, or at the end when there was none, so an
/// empty export is still a complete document.
struct MarkupDocument {
    private let output: ByteOutput
    private let opening: StaticString
    private let closing: StaticString
    private var hasStarted = false
    /// The bytes of the record being written.
    var buffer = MarkupBuffer()

    init(output: ByteOutput, opening: StaticString, closing: StaticString) {
        self.output = output
        self.opening = opening
        self.closing = closing
    }

    /// Writes the opening text unless it has been written.
    mutating func begin() {
        guard !hasStarted else { return }
        hasStarted = true
        buffer.raw(opening)
    }

    /// Hands what has collected to the output once there is enough of it.
    mutating func flush() throws(CardportError) {
        try buffer.flush(to: output)
    }

    /// Writes the closing text and flushes everything.
    mutating func end() throws(CardportError) {
        begin()
        buffer.raw(closing)
        try buffer.flush(to: output, threshold: 0)
        try output.flush()
    }
}
