import CardportMachinery
import CardportCore

/// Builds CSV text as bytes: cells quoted only when they hold the delimiter, a quote, CR or LF,
/// a `'` in front of cells a spreadsheet would run as a formula, and CRLF after each record.
struct CSVCellWriter {
    private(set) var bytes: [UInt8] = []
    let delimiter: UInt8
    let formulaGuard: Bool
    /// Whether the next cell is the first of its record (no delimiter before it).
    private var atRecordStart = true

    init(delimiter: UInt8, formulaGuard: Bool) {
        self.delimiter = delimiter
        self.formulaGuard = formulaGuard
        bytes.reserveCapacity(1 << 17)
    }

    @inline(__always)
    private mutating func separate() {
        if atRecordStart { atRecordStart = false } else { bytes.append(delimiter) }
    }

    /// An empty cell.
    mutating func empty() { separate() }

    /// A cell of text.
    mutating func cell(_ text: String) {
        text.withUTF8Bytes { cell(UnsafeRawBufferPointer($0)) }
    }

    /// A cell that may be absent.
    mutating func cell(_ text: String?) {
        if let text { cell(text) } else { separate() }
    }

    /// A cell of bytes.
    mutating func cell(_ raw: UnsafeRawBufferPointer) {
        separate()
        let count = raw.count
        guard count > 0 else { return }
        let guarded = CSVCell.needsGuard(raw, formulaGuard: formulaGuard)
        guard needsQuotes(raw) else {
            if guarded { bytes.append(0x27) }
            bytes.append(contentsOf: raw)
            return
        }
        bytes.append(0x22)
        if guarded { bytes.append(0x27) }
        var runStart = 0
        let base = raw.baseAddress!
        while let hit = memchrQuote(base + runStart, count - runStart) {
            let end = hit - base + 1
            bytes.append(contentsOf: UnsafeRawBufferPointer(start: base + runStart, count: end - runStart))
            bytes.append(0x22)
            runStart = end
        }
        bytes.append(contentsOf: UnsafeRawBufferPointer(start: base + runStart, count: count - runStart))
        bytes.append(0x22)
    }

    /// A cell of bytes built by the caller (a list, the questions).
    mutating func cell(_ raw: [UInt8]) {
        raw.withUnsafeBytes { cell($0) }
    }

    /// A cell that needs neither quotes nor a guard (a date, a number, `true`).
    mutating func plain(_ build: (inout [UInt8]) -> Void) {
        separate()
        build(&bytes)
    }

    mutating func bool(_ value: Bool) {
        separate()
        if value {
            bytes.append(contentsOf: [0x74, 0x72, 0x75, 0x65])
        } else {
            bytes.append(contentsOf: [0x66, 0x61, 0x6C, 0x73, 0x65])
        }
    }

    mutating func timestamp(_ value: Timestamp?) {
        separate()
        value?.appendISO8601(to: &bytes)
    }

    /// Ends the record.
    mutating func endRecord() {
        bytes.append(0x0D)
        bytes.append(0x0A)
        atRecordStart = true
    }

    /// Hands the bytes to `output` once more than `threshold` have collected.
    mutating func flush(to output: ByteOutput, threshold: Int = 1 << 16) throws(CardportError) {
        guard bytes.count >= threshold else { return }
        try output.write(bytes)
        bytes.removeAll(keepingCapacity: true)
    }

    @inline(__always)
    private func needsQuotes(_ raw: UnsafeRawBufferPointer) -> Bool {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highs: UInt64 = 0x8080_8080_8080_8080
        let d = ones &* UInt64(delimiter), q = ones &* 0x22, cr = ones &* 0x0D, lf = ones &* 0x0A
        var i = 0
        let count = raw.count
        while i + 8 <= count {
            let word = raw.loadUnaligned(fromByteOffset: i, as: UInt64.self)
            let a = word ^ d, b = word ^ q, c = word ^ cr, e = word ^ lf
            let zero = ((a &- ones) & ~a) | ((b &- ones) & ~b) | ((c &- ones) & ~c) | ((e &- ones) & ~e)
            if zero & highs != 0 { return true }
            i += 8
        }
        while i < count {
            let byte = raw[i]
            if byte == delimiter || byte == 0x22 || byte == 0x0D || byte == 0x0A { return true }
            i += 1
        }
        return false
    }
}

/// The address of the next `"` in `count` bytes from `start`, or `nil`.
@inline(__always)
private func memchrQuote(_ start: UnsafeRawPointer, _ count: Int) -> UnsafeRawPointer? {
    ByteSearch.first(0x22, from: start, count: count)
}
