import CardportCore
import CardportMachinery

/// The input side of a ``YAMLParser``: hands bytes of a ``ByteInput`` to libyaml and keeps the lines
/// that errors may still point at.
///
/// libyaml reports positions as 0-based line and column (in characters). The source keeps every
/// byte from the start of the line it was last told about (``release(before:)``) in the input's
/// window, so any later mark turns back into a byte offset, a 1-based ``SourceLocation`` and the
/// text of its line. Readers release at each record, so memory stays at about one chunk plus the
/// largest record.
final class YAMLSource {
    let input: ByteInput
    /// Bytes of the window already handed to libyaml.
    private var handed = 0
    /// The 0-based line the window starts on.
    private var windowLine = 0
    /// The first error reading the input met (the read callback cannot throw through C).
    var readError: CardportError?
    /// Added to every reported line and offset: where the parsed bytes sit in a larger file
    /// (front matter after its `---` line).
    let lineShift: Int
    let offsetShift: Int

    /// The input offset of the first byte handed to libyaml (after a byte-order mark).
    private let baseOffset: Int
    /// The longest scalar, set by the composer from ``YAMLLimits/maximumScalarBytes``: it bounds the
    /// bytes libyaml may take between two parse events (see ``eventEnded(at:)``).
    var maximumScalarBytes = Int.max {
        didSet { maximumRun = YAMLSource.run(forScalarsOf: maximumScalarBytes) }
    }
    private var maximumRun = Int.max
    /// Bytes handed since the last event ended, and that event's end.
    private var handedSinceEvent = 0
    private var lastEventEnd = YAMLMark(line: 0, column: 0)

    init(input: ByteInput, lineShift: Int = 0, offsetShift: Int = 0) {
        self.input = input
        self.baseOffset = input.offset
        self.lineShift = lineShift
        self.offsetShift = offsetShift
    }

    /// Copies up to `count` new bytes into `buffer`; 0 at the end of the input.
    func read(into buffer: UnsafeMutableRawPointer, count: Int) -> Int {
        do {
            while input.available.count - handed == 0 {
                if !(try input.fill()) { return 0 }
            }
        } catch {
            readError = error
            return -1
        }
        let window = input.available
        let n = Swift.min(count, window.count - handed)
        // libyaml keeps a value it is scanning whole and only hands it over at its end: stop feeding it
        // once the value cannot fit the limit, rather than after it has been read whole.
        guard handedSinceEvent <= maximumRun - n else {
            readError = runTooLong()
            return -1
        }
        buffer.copyMemory(from: window.baseAddress! + handed, byteCount: n)
        handed += n
        handedSinceEvent += n
        return n
    }

    /// A parse event ended at `mark`: what libyaml takes next belongs to the next token.
    func eventEnded(at mark: YAMLMark) {
        handedSinceEvent = 0
        lastEventEnd = mark
    }

    /// The error for a value longer than the run allows, at the first byte after the last
    /// event that is not white space or an indicator (`:`, `-`, `?`, `,`, `[`, `{`): where the value starts.
    private func runTooLong() -> CardportError {
        let window = input.available
        var index = offset(line: lastEventEnd.line, column: lastEventEnd.column) - input.offset
        while index < handed, [0x20, 0x09, 0x0A, 0x0D, 0x3A, 0x2D, 0x3F, 0x2C, 0x5B, 0x7B].contains(window[index]) {
            index += 1
        }
        let limits = ReadLimits(maximumFieldSize: maximumScalarBytes)
        return shifted(input.error(.limitExceeded, limits.message(.fieldSize, "a value is longer than"),
                                   at: input.offset + index, hint: limits.hint(for: .fieldSize)))
    }

    /// Bytes libyaml may read ahead of the token it scans.
    static let runAllowance = 1 << 20

    /// The bytes libyaml may take for one value of at most `maximumScalarBytes`: its source may be
    /// longer than its text (indentation, escapes), so twice that, plus libyaml's read-ahead.
    static func run(forScalarsOf maximumScalarBytes: Int) -> Int {
        maximumScalarBytes > (Int.max - runAllowance) / 2 ? Int.max : 2 * maximumScalarBytes + runAllowance
    }

    /// Lets the input drop the lines before the 0-based `line`: nothing will point there any more.
    func release(before line: Int) {
        guard line > windowLine else { return }
        let window = input.available
        var index = 0
        var lines = windowLine
        while lines < line, index < handed {
            guard let hit = nextLineFeed(window, from: index, limit: handed) else { break }
            index = hit + 1
            lines += 1
        }
        guard index > 0 else { return }
        input.consume(index)
        handed -= index
        windowLine = lines
    }

    /// The byte offset in the input of a 0-based libyaml line and column; marks before the window
    /// land on the window's start.
    func offset(line: Int, column: Int) -> Int {
        let window = input.available
        var index = 0
        var lines = windowLine
        while lines < line, let hit = nextLineFeed(window, from: index, limit: window.count) {
            index = hit + 1
            lines += 1
        }
        var scalars = 0
        while index < window.count, scalars < column || window[index] & 0xC0 == 0x80 {
            if window[index] == 0x0A { break }
            if window[index] & 0xC0 != 0x80 { scalars += 1 }
            index += 1
        }
        if line < windowLine { index = 0 }
        return input.offset + index
    }

    /// An error at a 0-based libyaml mark, with the 1-based location and the line echoed.
    func error(_ code: CardportError.Code, _ message: String, line: Int, column: Int, hint: String? = nil,
               isRecoverable: Bool = false) -> CardportError {
        shifted(input.error(code, message, at: offset(line: line, column: column), hint: hint,
                            isRecoverable: isRecoverable))
    }

    /// An error at a byte offset counted from the first byte libyaml was given.
    func error(_ code: CardportError.Code, _ message: String, byte: Int, hint: String? = nil) -> CardportError {
        shifted(input.error(code, message, at: baseOffset + byte, hint: hint))
    }

    private func shifted(_ error: CardportError) -> CardportError {
        var error = error
        if var location = error.location {
            location.line += lineShift
            location.offset += offsetShift
            error.location = location
        }
        return error
    }

    /// An error at a node's mark.
    func error(_ code: CardportError.Code, _ message: String, at mark: YAMLMark, hint: String? = nil,
               isRecoverable: Bool = false) -> CardportError {
        error(code, message, line: mark.line, column: mark.column, hint: hint, isRecoverable: isRecoverable)
    }

    private func nextLineFeed(_ window: UnsafeRawBufferPointer, from start: Int, limit: Int) -> Int? {
        ByteSearch.firstIndex(of: 0x0A, in: UnsafeRawBufferPointer(rebasing: window[..<limit]), from: start)
    }
}
