import CardportMachinery
import CardportCore

/// Splits a ``ByteInput`` into CSV records (RFC 4180) without building a string: fields are
/// ranges of the input's window (unescaped into a reused buffer only when a field holds `""`).
///
/// Quoted fields may hold the delimiter, `""` for a quote, and CR, LF or CRLF; records end at CRLF,
/// LF or CR. A quote inside an unquoted field is kept as a character, as spreadsheets do. A record
/// stays in the input's window until the next one is read, so errors about its fields can still
/// point at their line and column.
final class CSVScanner {
    let input: ByteInput
    let delimiter: UInt8
    /// The largest record accepted, in bytes.
    let recordLimit: Int
    // A scanner belongs to one thread at a time: its fields go without run-time exclusivity checks.

    /// The length of the record last returned, consumed when the next one is read.
    @exclusivity(unchecked) private var pending = 0
    /// Where the current record's fields are.
    private let buffers = CSVFieldBuffers()
    /// The malformed records skipped so far (each one an error thrown).
    private(set) var rejected = 0

    init(input: ByteInput, delimiter: UInt8, recordLimit: Int) {
        self.input = input
        self.delimiter = delimiter
        self.recordLimit = recordLimit
    }

    /// Where a scan writes (``CSVFieldBuffers`` hands out its buffers as one of these).
    ///
    /// Fields are ranges of the window, except quoted fields with `""` inside, whose unescaped bytes
    /// are spilled to `storage`; their ranges start at the window's length (see ``CSVRow``).
    struct Fields {
        var storage: UnsafeMutableRawBufferPointer
        var length = 0
        var bounds: UnsafeMutablePointer<Int>
        var capacity: Int
        var count = 0
        var isBlank = false

        @inline(__always)
        mutating func spill(_ start: UnsafeRawPointer, _ count: Int) {
            if length + count > storage.count { grow(length + count) }
            (storage.baseAddress! + length).copyMemory(from: start, byteCount: count)
            length += count
        }

        @inline(__always)
        mutating func spill(byte: UInt8) {
            if length == storage.count { grow(length + 1) }
            storage[length] = byte
            length += 1
        }

        @inline(__always)
        mutating func field(_ start: Int, _ end: Int, startedAt offset: Int) {
            if count == capacity { growBounds() }
            bounds[3 * count] = start
            bounds[3 * count + 1] = end
            bounds[3 * count + 2] = offset
            count += 1
        }

        mutating func growBounds() {
            let grown = UnsafeMutablePointer<Int>.allocate(capacity: 6 * capacity)
            grown.update(from: bounds, count: 3 * count)
            bounds.deallocate()
            bounds = grown
            capacity *= 2
        }

        mutating func grow(_ needed: Int) {
            let grown = UnsafeMutableRawBufferPointer.allocate(byteCount: Swift.max(needed, storage.count * 2), alignment: 8)
            grown.copyMemory(from: UnsafeRawBufferPointer(rebasing: storage[0..<length]))
            storage.deallocate()
            storage = grown
        }
    }

    enum Outcome {
        case complete(Int)
        case needMore
        case unterminated(Int)
        case strayAfterQuote(Int)
    }

    /// Parses the next record; `nil` at the end of the input.
    func nextRow() throws(CardportError) -> CSVRow? {
        consumeRow()
        while true {
            let window = input.available
            if window.isEmpty {
                guard try input.fill() else { return nil }
                continue
            }
            let (outcome, row) = buffers.scan(window, base: input.offset, isFinal: input.isAtEnd, delimiter: delimiter)
            switch outcome {
            case .complete(let length):
                pending = length
                guard length <= recordLimit else { throw tooLarge() }
                return row
            case .needMore:
                let have = window.count
                guard have <= recordLimit else { throw tooLarge() }
                _ = try input.require(Swift.min(Swift.max(have * 2, have + 65536), input.maximumWindow))
            case .unterminated(let at):
                let error = CSVScanner.unterminated(at: at, in: input)
                pending = window.count
                rejected += 1
                throw error
            case .strayAfterQuote(let at):
                let from = at - input.offset
                let error = CSVScanner.strayAfterQuote(window[from], at: at, in: input)
                pending = CSVScanner.endOfStrayRecord(window, from: from)
                rejected += 1
                throw error
            }
        }
    }

    private func tooLarge() -> CardportError {
        var error = ReadLimits(maximumFieldSize: recordLimit).exceeded(.fieldSize, "a record is larger than", at: input.offset, in: input)
        error.hint = (error.hint ?? "") + "; or the file is not CSV, or a quote is never closed (check --from and --delimiter)"
        return error
    }

    /// What ``peek(at:)`` finds.
    enum Peek {
        case row(CSVRow)
        /// The record does not end in the window, and the input has more.
        case needMore
        /// The record is malformed: the scan that reads it reports the error.
        case malformed
    }

    /// The record that starts `skip` bytes into the input's window, scanned in place: nothing is
    /// consumed, and the row is valid until the window changes or another row is scanned.
    func peek(at skip: Int) -> Peek {
        let window = UnsafeRawBufferPointer(rebasing: input.available[skip...])
        guard !window.isEmpty else { return input.isAtEnd ? .malformed : .needMore }
        let (outcome, row) = buffers.scan(window, base: input.offset + skip, isFinal: input.isAtEnd, delimiter: delimiter)
        switch outcome {
        case .complete: return .row(row)
        case .needMore: return .needMore
        case .unterminated, .strayAfterQuote: return .malformed
        }
    }

    /// The error for a quoted field that is never closed, placed at its opening quote.
    static func unterminated(at offset: Int, in source: any ErrorLocating) -> CardportError {
        source.error(.malformedInput, "a quoted field is never closed", at: offset,
                     hint: "double every quote inside a quoted field (\"\") and close the field with a quote",
                     isRecoverable: true)
    }

    /// The error for a byte other than a delimiter or line end after a closing quote.
    static func strayAfterQuote(_ byte: UInt8, at offset: Int, in source: any ErrorLocating) -> CardportError {
        source.error(.malformedInput, "unexpected \(CSVScanner.describe(byte: byte)) after a closing quote",
                     at: offset, hint: "a quoted field ends at its closing quote; write a quote inside it as \"\"",
                     isRecoverable: true)
    }

    /// Where a record rejected for a stray byte at `from` ends: after the end of its physical line
    /// (the best guess at where the bad record ends), or at the end of `window`.
    static func endOfStrayRecord(_ window: UnsafeRawBufferPointer, from: Int) -> Int {
        guard from < window.count, let hit = ByteSearch.first(0x0A, from: window.baseAddress! + from, count: window.count - from) else {
            return window.count
        }
        return UnsafeRawPointer(hit) - window.baseAddress! + 1
    }

    /// Releases the bytes of the record last returned.
    func consumeRow() {
        if pending > 0 {
            input.consume(pending)
            pending = 0
        }
    }

    static func describe(byte: UInt8) -> String {
        switch byte {
        case 0x0A: return "a line break"
        case 0x0D: return "a carriage return"
        case 0x09: return "a tab"
        case 0x20..<0x7F: return "'\(Character(Unicode.Scalar(byte)))'"
        default: return "byte 0x\(String(byte, radix: 16, uppercase: true))"
        }
    }

    static func scan(_ window: UnsafeRawBufferPointer, base: Int, isFinal: Bool, delimiter: UInt8,
                             into row: inout Fields) -> Outcome {
        let p = window.baseAddress!
        let n = window.count
        var i = 0
        // An empty line.
        if p.load(as: UInt8.self) == 0x0A || p.load(as: UInt8.self) == 0x0D {
            if p.load(as: UInt8.self) == 0x0D {
                if n == 1 && !isFinal { return .needMore }
                i = n > 1 && p.load(fromByteOffset: 1, as: UInt8.self) == 0x0A ? 2 : 1
            } else {
                i = 1
            }
            row.isBlank = true
            row.field(0, 0, startedAt: base)
            return .complete(i)
        }
        while true {
            let fieldStart = i
            if i < n && p.load(fromByteOffset: i, as: UInt8.self) == 0x22 {
                i += 1
                let contentStart = i
                var runStart = i
                var spillStart = -1
                while true {
                    guard i < n, let hit = ByteSearch.first(0x22, from: p + i, count: n - i) else {
                        return isFinal ? .unterminated(base + fieldStart) : .needMore
                    }
                    let q = UnsafeRawPointer(hit) - p
                    if q + 1 < n && p.load(fromByteOffset: q + 1, as: UInt8.self) == 0x22 {
                        // An escaped quote: from here on the field is unescaped into the spill buffer.
                        if spillStart < 0 { spillStart = row.length }
                        row.spill(p + runStart, q - runStart)
                        row.spill(byte: 0x22)
                        i = q + 2
                        runStart = i
                        continue
                    }
                    if q + 1 >= n && !isFinal { return .needMore }
                    if spillStart < 0 {
                        row.field(contentStart, q, startedAt: base + fieldStart)
                    } else {
                        row.spill(p + runStart, q - runStart)
                        row.field(n + spillStart, n + row.length, startedAt: base + fieldStart)
                    }
                    i = q + 1
                    break
                }
            } else {
                let j = CSVScanner.fieldEnd(p, from: i, count: n, delimiter: delimiter)
                row.field(i, j, startedAt: base + fieldStart)
                i = j
            }
            guard i < n else { return isFinal ? .complete(n) : .needMore }
            let byte = p.load(fromByteOffset: i, as: UInt8.self)
            if byte == delimiter {
                i += 1
                if i == n && !isFinal { return .needMore }
                if i == n {
                    // A delimiter at the very end: one more, empty field.
                    row.field(i, i, startedAt: base + i)
                    return .complete(n)
                }
                continue
            }
            if byte == 0x0A { return .complete(i + 1) }
            if byte == 0x0D {
                if i + 1 < n { return .complete(p.load(fromByteOffset: i + 1, as: UInt8.self) == 0x0A ? i + 2 : i + 1) }
                return isFinal ? .complete(n) : .needMore
            }
            return .strayAfterQuote(base + i)
        }
    }

    /// The index of the first delimiter, CR or LF at or after `from`, or `count`.
    @inline(__always)
    static func fieldEnd(_ p: UnsafeRawPointer, from: Int, count: Int, delimiter: UInt8) -> Int {
        var i = from
        let ones: UInt64 = 0x0101_0101_0101_0101
        let d = ones &* UInt64(delimiter)
        // Words at a time only for an ASCII delimiter (the library accepts any byte); bytes otherwise.
        while delimiter < 0x80 && i + 8 <= count {
            let mask = CSVScanner.endMask(p.loadUnaligned(fromByteOffset: i, as: UInt64.self), delimiters: d)
            // The lowest flagged byte is exact (see `endMask`), so the field ends there.
            if mask != 0 { return i + mask.trailingZeroBitCount >> 3 }
            i += 8
        }
        while i < count {
            let byte = p.load(fromByteOffset: i, as: UInt8.self)
            if byte == delimiter || byte == 0x0A || byte == 0x0D { return i }
            i += 1
        }
        return count
    }

    /// The high bit of each byte of `word` (little-endian) that is the delimiter (`delimiters` holds
    /// it in every byte), CR or LF. Borrows may set bits above the first such byte; the lowest set
    /// bit is exact. The delimiter is ASCII, so `~word` clears the bytes that are not.
    @inline(__always)
    static func endMask(_ word: UInt64, delimiters: UInt64) -> UInt64 {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let delimiter = (word ^ delimiters) &- ones
        let cr = (word ^ (ones &* 0x0D)) &- ones
        let lf = (word ^ (ones &* 0x0A)) &- ones
        return (delimiter | cr | lf) & ~word & (ones &* 0x80)
    }
}
