import CardportCore

/// Input bytes copied out of a ``ByteInput`` with the place they start at, so that errors about
/// them are located exactly as the input would locate them, after it has moved on: a reader hands
/// an excerpt of records to a worker thread, which decodes them while the input reads further.
///
/// The bytes must be contiguous in the input: an excerpt is filled by appending, in order, every
/// byte from its start on.
///
/// ```swift
/// let excerpt = SourceExcerpt(name: input.name, start: input.location(at: input.offset).location)
/// excerpt.append(input.available)
/// throw excerpt.error(.invalidValue, "not a date", at: offset, hint: nil, isRecoverable: true)
/// ```
final class SourceExcerpt: ErrorLocating, @unchecked Sendable {
    /// The name shown in diagnostics, as the input's.
    let name: String
    /// Where the first byte is in the input.
    private(set) var start: SourceLocation
    // Touched by one thread at a time (whoever has the excerpt): no run-time exclusivity checks.
    @exclusivity(unchecked) private var storage: UnsafeMutableRawBufferPointer
    /// The number of bytes copied.
    @exclusivity(unchecked) private(set) var count = 0

    /// An empty excerpt that starts at `start` of the input called `name`.
    init(name: String, start: SourceLocation, capacity: Int = 1 << 16) {
        self.name = name
        self.start = start
        storage = .allocate(byteCount: Swift.max(capacity, 16), alignment: 16)
    }

    deinit { storage.deallocate() }

    /// Empties the excerpt, keeping its storage, to copy bytes that start at `start` of the same input.
    func restart(at start: SourceLocation) {
        self.start = start
        count = 0
    }

    /// The bytes copied so far; valid until the next ``append(_:)``.
    var bytes: UnsafeRawBufferPointer { UnsafeRawBufferPointer(start: storage.baseAddress, count: count) }

    /// The input offset just past the last byte copied.
    var endOffset: Int { start.offset + count }

    /// Copies the input's next bytes.
    func append(_ bytes: UnsafeRawBufferPointer) {
        guard let source = bytes.baseAddress, !bytes.isEmpty else { return }
        if count + bytes.count > storage.count {
            let grown = UnsafeMutableRawBufferPointer.allocate(byteCount: Swift.max(count + bytes.count, storage.count * 2),
                                                               alignment: 16)
            grown.baseAddress!.copyMemory(from: storage.baseAddress!, byteCount: count)
            storage.deallocate()
            storage = grown
        }
        (storage.baseAddress! + count).copyMemory(from: source, byteCount: bytes.count)
        count += bytes.count
    }

    /// The line, column and text of the line holding a byte offset of the excerpt (clamped to it).
    ///
    /// The line's text is left out when the line began before the excerpt did.
    func location(at fileOffset: Int) -> (location: SourceLocation, line: String?) {
        let index = Swift.min(Swift.max(fileOffset - start.offset, 0), count)
        let (lines, lastBreak) = ByteInput.countLines(UnsafeRawBufferPointer(rebasing: bytes[0..<index]))
        let lineStart: Int?
        let column: Int
        if lastBreak >= 0 {
            lineStart = lastBreak + 1
            column = 1 + ByteInput.countScalars(UnsafeRawBufferPointer(rebasing: bytes[(lastBreak + 1)..<index]))
        } else {
            lineStart = start.column == 1 ? 0 : nil
            column = start.column + ByteInput.countScalars(UnsafeRawBufferPointer(rebasing: bytes[0..<index]))
        }
        let text = lineStart.flatMap { ByteInput.lineText(bytes, from: $0, through: index) }
        let location = SourceLocation(file: name, line: start.line + lines, column: column, offset: start.offset + index)
        return (location, text)
    }

    /// An error placed at a byte offset of the excerpt, with the line echoed.
    func error(_ code: CardportError.Code, _ message: String, at fileOffset: Int, hint: String? = nil,
                      isRecoverable: Bool = false) -> CardportError {
        let (location, line) = location(at: fileOffset)
        return CardportError(code, message, location: location, sourceLine: line, hint: hint,
                             isRecoverable: isRecoverable)
    }
}
