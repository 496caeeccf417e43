#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import CardportCore

/// Splits a ``ByteInput`` into CSV records (RFC 4180) without building a string: fields are
/// unescaped into a reused ``CSVRow``.
///
/// Quoted fields may hold the delimiter, `""` for a quote, and CR, LF or CRLF; records end at CRLF,
/// LF or CR. A quote inside an unquoted field is kept as a character, as spreadsheets do. A record
/// stays in the input's window until ``consumeRow()``, so errors about its fields can still point
/// at their line and column.
final class CSVScanner {
    let input: ByteInput
    var delimiter: UInt8
    /// The largest record accepted, in bytes.
    let recordLimit: Int
    let row = CSVRow()
    private var pending = 0

    init(input: ByteInput, delimiter: UInt8, recordLimit: Int) {
        self.input = input
        self.delimiter = delimiter
        self.recordLimit = recordLimit
    }

    private enum Outcome {
        case complete(Int)
        case needMore
        case unterminated(Int)
        case strayAfterQuote(Int)
    }

    /// Parses the next record into ``row``; `false` at the end of the input.
    func nextRow() throws(CardportError) -> Bool {
        consumeRow()
        while true {
            let window = input.available
            if window.isEmpty {
                guard try input.fill() else { return false }
                continue
            }
            row.reset(offset: input.offset)
            switch scan(window, base: input.offset, isFinal: input.isAtEnd) {
            case .complete(let length):
                pending = length
                guard length <= recordLimit else { throw tooLarge() }
                return true
            case .needMore:
                let have = window.count
                guard have <= recordLimit else { throw tooLarge() }
                _ = try input.require(Swift.min(Swift.max(have * 2, have + 65536), input.maximumWindow))
            case .unterminated(let at):
                let error = input.error(.malformedInput, "a quoted field is never closed", at: at,
                                        hint: "double every quote inside a quoted field (\"\") and close the field with a quote",
                                        isRecoverable: true)
                pending = window.count
                throw error
            case .strayAfterQuote(let at):
                let error = input.error(.malformedInput,
                                        "unexpected \(CSVScanner.describe(byte: window[at - input.offset])) after a closing quote",
                                        at: at, hint: "a quoted field ends at its closing quote; write a quote inside it as \"\"",
                                        isRecoverable: true)
                // Skip to the end of the physical line: the best guess at where the bad record ends.
                let from = at - input.offset
                if let hit = memchr(window.baseAddress! + from, 0x0A, window.count - from) {
                    pending = UnsafeRawPointer(hit) - window.baseAddress! + 1
                } else {
                    pending = window.count
                }
                throw error
            }
        }
    }

    private func tooLarge() -> CardportError {
        input.error(.limitExceeded, "a record is larger than \(CSVScanner.describe(recordLimit))", at: input.offset,
                    hint: "the file is probably not CSV, or a quote is never closed; check --from and --delimiter")
    }

    /// Releases the bytes of the record last returned.
    func consumeRow() {
        if pending > 0 {
            input.consume(pending)
            pending = 0
        }
    }

    static func describe(_ bytes: Int) -> String {
        bytes >= 1 << 20 && bytes % (1 << 20) == 0 ? "\(bytes >> 20) MiB" : "\(bytes) bytes"
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

    private func scan(_ window: UnsafeRawBufferPointer, base: Int, isFinal: Bool) -> Outcome {
        let p = window.baseAddress!
        let n = window.count
        let delimiter = self.delimiter
        let row = self.row
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
            row.endField(startedAt: base)
            return .complete(i)
        }
        while true {
            let fieldStart = i
            if i < n && p.load(fromByteOffset: i, as: UInt8.self) == 0x22 {
                i += 1
                var runStart = i
                while true {
                    guard i < n, let hit = memchr(p + i, 0x22, n - i) else {
                        return isFinal ? .unterminated(base + fieldStart) : .needMore
                    }
                    let q = UnsafeRawPointer(hit) - p
                    row.append(p + runStart, q - runStart)
                    if q + 1 < n && p.load(fromByteOffset: q + 1, as: UInt8.self) == 0x22 {
                        row.append(byte: 0x22)
                        i = q + 2
                        runStart = i
                        continue
                    }
                    if q + 1 >= n && !isFinal { return .needMore }
                    i = q + 1
                    break
                }
            } else {
                let j = CSVScanner.fieldEnd(p, from: i, count: n, delimiter: delimiter)
                row.append(p + i, j - i)
                i = j
            }
            row.endField(startedAt: base + fieldStart)
            guard i < n else { return isFinal ? .complete(n) : .needMore }
            let byte = p.load(fromByteOffset: i, as: UInt8.self)
            if byte == delimiter {
                i += 1
                if i == n && !isFinal { return .needMore }
                if i == n {
                    // A delimiter at the very end: one more, empty field.
                    row.endField(startedAt: base + i)
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
    private static func fieldEnd(_ p: UnsafeRawPointer, from: Int, count: Int, delimiter: UInt8) -> Int {
        var i = from
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highs: UInt64 = 0x8080_8080_8080_8080
        let d = ones &* UInt64(delimiter)
        let cr = ones &* 0x0D
        let lf = ones &* 0x0A
        while i + 8 <= count {
            let word = p.loadUnaligned(fromByteOffset: i, as: UInt64.self)
            let a = word ^ d, b = word ^ cr, c = word ^ lf
            let zero = ((a &- ones) & ~a) | ((b &- ones) & ~b) | ((c &- ones) & ~c)
            if zero & highs != 0 { break }
            i += 8
        }
        while i < count {
            let byte = p.load(fromByteOffset: i, as: UInt8.self)
            if byte == delimiter || byte == 0x0A || byte == 0x0D { return i }
            i += 1
        }
        return count
    }
}
