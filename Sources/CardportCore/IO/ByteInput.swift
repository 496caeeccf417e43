import CardportMachinery

/// A stream of input bytes read in large chunks, with a window that readers parse in place.
///
/// Readers look at ``available``, ``consume(_:)`` what they have parsed, and call ``fill()`` when
/// a token runs past the end of the window; unconsumed bytes are kept, so a record that straddles
/// two chunks is seen whole. Memory stays at about one chunk plus the largest record, whatever the
/// input size. The stream counts the lines it moves past, so any byte offset still in the window can
/// be turned into a ``SourceLocation`` with the line's text for the caret.
///
/// A UTF-8 byte-order mark at the start is skipped. A UTF-16 one (either byte order) makes the input
/// be converted to UTF-8 as it is read, so readers only ever see UTF-8: lines and columns in errors
/// are those of the text, and offsets count its UTF-8 bytes. A UTF-32 one is refused with an error
/// that says how to convert the file. An input that starts like a binary file (an archive, an image,
/// a database: see ``BinarySniffer``) is refused with a message naming what it looks like, and a NUL
/// byte anywhere is refused at its line and column: no text format Cardport reads has one.
///
/// ```swift
/// let input = try ByteInput(path: "quotes.jsonl")
/// while input.available.isEmpty == false || (try input.fill()) { … }
/// ```
public final class ByteInput {
    /// The name shown in diagnostics: the path as given, or `<stdin>`.
    public let name: String
    /// The total size in bytes when known (a regular file), for progress reports.
    public let size: Int?
    /// The largest window a single record may need; past it, ``fill()`` throws ``CardportError/Code/limitExceeded``
    /// (``ReadLimits/maximumInputSize``, `--max-input-size`).
    public let maximumWindow: Int
    /// Whether ``fillToEnd()`` is reading the whole input, so a limit hit names the whole file.
    private var readingWhole = false
    /// Whether the first bytes have been looked at: until then a NUL byte may be part of a binary
    /// file's signature, which says more than the NUL does.
    private var isPrepared = false
    /// The conversion of a UTF-16 input (one that starts with its byte-order mark) to UTF-8.
    private var utf16: UTF16Transcoder?
    /// Where a UTF-16 input's bytes are read before they are converted into the window.
    private var rawChunk: UnsafeMutableRawBufferPointer?

    private let fd: Int32
    private let ownsDescriptor: Bool
    private var storage: UnsafeMutableRawBufferPointer
    private var start = 0
    private var end = 0
    private var storageOffset = 0
    private var linesBeforeStorage = 0
    /// Scalars of the current line that were dropped from the front of the storage, so columns stay
    /// right on lines longer than the window.
    private var droppedScalarsOnLine = 0
    /// Whether the source has no more bytes beyond the window.
    public private(set) var isAtEnd = false

    static let chunkSize = 1 << 20
    /// The default ``maximumWindow``: ``ReadLimits/defaultInputSize``, 256 MiB.
    public static let defaultMaximumWindow = ReadLimits.defaultInputSize

    /// Opens a file for reading, or standard input for `-`.
    public convenience init(path: String, maximumWindow: Int = ByteInput.defaultMaximumWindow) throws(CardportError) {
        if path == "-" {
            self.init(descriptor: 0, name: "<stdin>", size: nil, ownsDescriptor: false, maximumWindow: maximumWindow)
        } else {
            let (fd, size, code) = POSIXCalls.openForReading(path)
            guard fd >= 0 else { throw CardportError.posix(code, doing: "read", path: path) }
            self.init(descriptor: fd, name: path, size: size, ownsDescriptor: true, maximumWindow: maximumWindow)
        }
        try prepare()
    }

    /// A stream over bytes in memory (tests, strings, data from another API).
    public convenience init(bytes: some Collection<UInt8>, name: String = "<memory>") throws(CardportError) {
        self.init(descriptor: -1, name: name, size: bytes.count, ownsDescriptor: false,
                  maximumWindow: Swift.max(bytes.count, 1))
        if storage.count < bytes.count {
            storage.deallocate()
            storage = .allocate(byteCount: bytes.count, alignment: 16)
        }
        _ = storage.initializeMemory(as: UInt8.self, from: bytes)
        end = bytes.count
        isAtEnd = true
        try prepare()
    }

    /// A stream over a string's UTF-8 bytes.
    public convenience init(string: String, name: String = "<memory>") throws(CardportError) {
        try self.init(bytes: Array(string.utf8), name: name)
    }

    private init(descriptor: Int32, name: String, size: Int?, ownsDescriptor: Bool, maximumWindow: Int) {
        self.fd = descriptor
        self.name = name
        self.size = size
        self.ownsDescriptor = ownsDescriptor
        self.maximumWindow = maximumWindow
        self.storage = .allocate(byteCount: descriptor < 0 ? 0 : Swift.min(ByteInput.chunkSize, maximumWindow), alignment: 16)
    }

    deinit {
        storage.deallocate()
        rawChunk?.deallocate()
        if ownsDescriptor { POSIXCalls.close(fd) }
    }

    private func prepare() throws(CardportError) {
        while end - start < 4, try fill() {}
        let head = available
        if head.starts(with: [0xEF, 0xBB, 0xBF]) {
            start += 3
        } else if head.starts(with: [0xFF, 0xFE, 0x00, 0x00]) || head.starts(with: [0x00, 0x00, 0xFE, 0xFF]) {
            throw CardportError(
                .malformedInput, "'\(name)' is encoded as UTF-32; Cardport reads UTF-8 and UTF-16",
                location: SourceLocation(file: name, line: 1, column: 1, offset: 0),
                hint: "convert it first, e.g. iconv -f UTF-32 -t UTF-8 '\(name)' > converted.txt")
        } else if head.starts(with: [0xFF, 0xFE]) || head.starts(with: [0xFE, 0xFF]) {
            try beginTranscoding(bigEndian: head[0] == 0xFE)
        }
        _ = try require(Swift.min(BinarySniffer.prefixLength, maximumWindow))
        if let finding = BinarySniffer.identify(UnsafeRawBufferPointer(rebasing: storage[0..<end])) {
            throw CardportError(
                .malformedInput, "'\(name)' looks like \(finding.description), not a text file Cardport reads",
                location: SourceLocation(file: name, line: 1, column: 1, offset: 0), hint: finding.hint)
        }
        isPrepared = true
        try refuseNUL(from: start)
    }

    /// Converts what was read after a UTF-16 byte-order mark, and every later read, to UTF-8.
    private func beginTranscoding(bigEndian: Bool) throws(CardportError) {
        var transcoder = UTF16Transcoder(bigEndian: bigEndian)
        let raw = Array(UnsafeRawBufferPointer(rebasing: storage[(start + 2)..<end]))
        start = 0
        end = 0
        let needed = transcoder.capacity(for: raw.count)
        if needed > storage.count {
            storage.deallocate()
            storage = .allocate(byteCount: needed, alignment: 16)
        }
        let outcome = raw.withUnsafeBytes { transcoder.transcode($0, into: storage.baseAddress!) }
        end = outcome.written
        utf16 = transcoder
        if outcome.isInvalid { throw invalidUTF16() }
        if isAtEnd, !transcoder.carried.isEmpty { throw invalidUTF16() }
    }

    /// Reads the next bytes of a UTF-16 input and appends them to the window as UTF-8.
    private func fillTranscoding() throws(CardportError) -> Bool {
        if rawChunk == nil { rawChunk = .allocate(byteCount: ByteInput.chunkSize, alignment: 16) }
        guard let raw = rawChunk else { return false }
        // Room for what is carried over and three UTF-8 bytes per code unit (see UTF16Transcoder).
        let budget = Swift.min(raw.count, (storage.count - end - 6) / 3 * 2)
        let n = POSIXCalls.read(fd, into: raw.baseAddress!, count: budget)
        if n < 0 { throw CardportError.posix(POSIXCalls.errorNumber, doing: "read", path: name) }
        if n == 0 {
            isAtEnd = true
            if utf16?.carried.isEmpty == false { throw invalidUTF16() }
            return false
        }
        guard let outcome = utf16?.transcode(UnsafeRawBufferPointer(rebasing: raw[0..<n]), into: storage.baseAddress! + end) else {
            return false
        }
        end += outcome.written
        if outcome.isInvalid { throw invalidUTF16() }
        if isPrepared { try refuseNUL(from: end - outcome.written) }
        return true
    }

    /// The error for UTF-16 with a surrogate missing its partner, or cut in the middle of a character.
    private func invalidUTF16() -> CardportError {
        error(.malformedInput, "'\(name)' is not valid UTF-16 here: a character is cut short or half of a surrogate pair", at: storageOffset + end,
              hint: "the file is damaged or not UTF-16; check it, or convert it with iconv -f UTF-16 -t UTF-8")
    }

    /// Throws at the first NUL byte in the window from storage index `from` on.
    private func refuseNUL(from index: Int) throws(CardportError) {
        guard let hit = ByteSearch.firstIndex(of: 0, in: UnsafeRawBufferPointer(rebasing: storage[0..<end]), from: index) else { return }
        let at = storageOffset + hit
        throw error(.malformedInput, "a NUL byte (0x00) in '\(name)', which should be text", at: at,
                    hint: "the file is binary, or not in UTF-8 (UTF-16 without a byte-order mark has one in every other byte)")
    }

    // MARK: Window

    /// The bytes read but not yet consumed.
    package var available: UnsafeRawBufferPointer {
        UnsafeRawBufferPointer(rebasing: storage[start..<end])
    }

    /// Marks bytes at the front of ``available`` as parsed.
    public func consume(_ count: Int) {
        precondition(count >= 0 && start + count <= end, "consumed past the window")
        start += count
    }

    /// The byte offset in the whole input of the first byte of ``available``.
    public var offset: Int { storageOffset + start }

    /// Bytes taken from the source so far (for progress).
    public var bytesRead: Int { storageOffset + end }

    /// Reads the next chunk, keeping the unconsumed bytes; returns `false` at the end of the input.
    ///
    /// Throws when a single record would need more than ``maximumWindow`` bytes, or reading fails.
    @discardableResult
    public func fill() throws(CardportError) -> Bool {
        if isAtEnd { return false }
        if start > 0 { compact() }
        // A UTF-16 read needs room for a few bytes more than it reads (see fillTranscoding).
        if storage.count - end <= (utf16 == nil ? 0 : 16) {
            guard storage.count < maximumWindow else { throw windowExceeded() }
            let grown = UnsafeMutableRawBufferPointer.allocate(
                byteCount: Swift.min(Swift.max(storage.count * 2, ByteInput.chunkSize), maximumWindow), alignment: 16)
            grown.copyMemory(from: UnsafeRawBufferPointer(rebasing: storage[0..<end]))
            storage.deallocate()
            storage = grown
        }
        if utf16 != nil { return try fillTranscoding() }
        let n = POSIXCalls.read(fd, into: storage.baseAddress! + end, count: storage.count - end)
        if n < 0 { throw CardportError.posix(POSIXCalls.errorNumber, doing: "read", path: name) }
        if n == 0 {
            isAtEnd = true
            return false
        }
        end += n
        if isPrepared { try refuseNUL(from: end - n) }
        return true
    }

    /// The error for an input that needs more than ``maximumWindow`` bytes in memory at once.
    private func windowExceeded() -> CardportError {
        let limits = ReadLimits(maximumInputSize: maximumWindow)
        if readingWhole {
            return limits.exceeded(.inputSize, "'\(name)' is read whole, and is larger than", location: SourceLocation(file: name, line: 1, column: 1, offset: 0))
        }
        var error = limits.exceeded(.inputSize, "a single record is larger than", at: offset, in: self)
        error.hint = (error.hint ?? "") + "; or the file is not in the format it was read as (check --from)"
        return error
    }

    /// Reads the rest of the input into the window, for formats that need all of it at once.
    ///
    /// When the input's size is known the window is sized for it once, instead of doubling.
    /// Throws when the rest is larger than ``maximumWindow``.
    public func fillToEnd() throws(CardportError) {
        readingWhole = true
        defer { readingWhole = false }
        if let size, utf16 == nil, size - storageOffset > maximumWindow { throw windowExceeded() }
        if let size, !isAtEnd {
            if start > 0 { compact() }
            let wanted = size - storageOffset + 1
            if wanted > storage.count, wanted <= maximumWindow {
                let grown = UnsafeMutableRawBufferPointer.allocate(byteCount: wanted, alignment: 16)
                POSIXCalls.adviseHugePages(grown)
                grown.copyMemory(from: UnsafeRawBufferPointer(rebasing: storage[0..<end]))
                storage.deallocate()
                storage = grown
            }
        }
        while try fill() {}
    }

    /// Ensures at least `count` bytes are available unless the input ends first; returns whether they are.
    public func require(_ count: Int) throws(CardportError) -> Bool {
        while end - start < count {
            if !(try fill()) { return false }
        }
        return true
    }

    /// The first bytes of the input (at most `count`), for content sniffing; consumes nothing.
    public func peek(upTo count: Int) throws(CardportError) -> [UInt8] {
        _ = try require(Swift.min(count, maximumWindow))
        return Array(available.prefix(count))
    }

    private func compact() {
        let dropped = UnsafeRawBufferPointer(rebasing: storage[0..<start])
        let (lines, lastBreak) = ByteInput.countLines(dropped)
        var scalars = ByteInput.countScalars(UnsafeRawBufferPointer(rebasing: dropped[(lastBreak + 1)...]))
        if storageOffset == 0, lines == 0, dropped.starts(with: [0xEF, 0xBB, 0xBF]) { scalars -= 1 }
        if lines > 0 {
            linesBeforeStorage += lines
            droppedScalarsOnLine = scalars
        } else {
            droppedScalarsOnLine += scalars
        }
        let remaining = end - start
        if remaining > 0 {
            storage.baseAddress!.copyMemory(from: storage.baseAddress! + start, byteCount: remaining)
        }
        storageOffset += start
        end = remaining
        start = 0
    }

    /// Counts `\n` bytes and the index of the last one (-1 when there is none).
    package static func countLines(_ bytes: UnsafeRawBufferPointer) -> (Int, Int) {
        var lines = 0
        var last = -1
        while let index = ByteSearch.firstIndex(of: 0x0A, in: bytes, from: last + 1) {
            lines += 1
            last = index
        }
        return (lines, last)
    }

    // MARK: Locations

    /// The line, column and text of the line holding a byte offset still in the window (or at its end).
    ///
    /// Offsets before the window give the start of the window (the reader has moved on; this only
    /// happens for errors reported late).
    public func location(at fileOffset: Int) -> (location: SourceLocation, line: String?) {
        let index = Swift.min(Swift.max(fileOffset - storageOffset, 0), end)
        let before = UnsafeRawBufferPointer(rebasing: storage[0..<index])
        let (lines, lastBreak) = ByteInput.countLines(before)
        let line = linesBeforeStorage + lines + 1
        // Where the line starts in the storage, when it does; else it began in bytes already dropped.
        let lineStart = lastBreak >= 0 ? lastBreak + 1 : (droppedScalarsOnLine == 0 ? 0 : nil)
        var column = 1 + ByteInput.countScalars(UnsafeRawBufferPointer(rebasing: storage[(lineStart ?? 0)..<index]))
        if lineStart == nil { column += droppedScalarsOnLine }
        var text: String?
        if let lineStart {
            text = ByteInput.lineText(UnsafeRawBufferPointer(rebasing: storage[0..<end]), from: lineStart, through: index)
            // A byte-order mark on the first line is not a column of its own.
            if line == 1, lineStart == 0, storageOffset == 0, index >= 3,
               storage[0] == 0xEF, storage[1] == 0xBB, storage[2] == 0xBF {
                column -= 1
                text = text.map { String(String.UnicodeScalarView($0.unicodeScalars.dropFirst())) }
            }
        }
        let location = SourceLocation(file: name, line: line, column: column, offset: storageOffset + index)
        return (location, text)
    }

    /// The text of the line that starts at `lineStart` in `bytes` and holds `index`, up to its LF
    /// (or the end of `bytes`); `nil` for a line longer than 64 KiB, which is not worth echoing.
    package static func lineText(_ bytes: UnsafeRawBufferPointer, from lineStart: Int, through index: Int) -> String? {
        var lineEnd = index
        while lineEnd < bytes.count, bytes[lineEnd] != 0x0A { lineEnd += 1 }
        guard lineEnd - lineStart <= 64 * 1024 else { return nil }
        return String(decoding: UnsafeRawBufferPointer(rebasing: bytes[lineStart..<lineEnd]), as: UTF8.self)
    }

    /// The number of Unicode scalars in UTF-8 bytes (bytes that are not continuation bytes).
    package static func countScalars(_ bytes: UnsafeRawBufferPointer) -> Int {
        var count = 0
        for byte in bytes where byte & 0xC0 != 0x80 { count += 1 }
        return count
    }

    /// An error placed at a byte offset, with the line echoed.
    public func error(_ code: CardportError.Code, _ message: String, at fileOffset: Int, hint: String? = nil,
                      isRecoverable: Bool = false) -> CardportError {
        let (location, line) = location(at: fileOffset)
        return CardportError(code, message, location: location, sourceLine: line, hint: hint,
                             isRecoverable: isRecoverable)
    }
}
