import CardportMachinery
import CardportCore

/// Where a run of whole CSV records ends, found without making their fields: the reading thread
/// cuts the input there, so that each run can be scanned and decoded on a worker of its own.
///
/// It follows the scanner's grammar (``CSVScanner``): a quote opens a quoted field only at a
/// field's start, `""` inside one is a quote, records end at LF, CR or CRLF, a quoted field never
/// closed runs to the end of the input, and a record with a byte after a closing quote ends at its
/// line's LF, where the scanner skips to. So a run ends exactly where the scanner would end its last
/// record, and never between the CR and LF of a line end.
struct CSVRecordCut {
    enum Stop: Equatable {
        /// The run reached its byte or record target.
        case full
        /// A record follows blank lines: it may be a new section's header, to be checked first.
        case afterBlank
        /// The window ends inside the next record: read more, or cut the run at ``end``.
        case windowEnd
        /// The next record is larger than the record limit.
        case tooLarge
    }

    /// Where the run ends in the window: the end of its last record (and of blank lines after it).
    var end: Int
    /// The records in the run, blank lines not counted.
    var records: Int
    /// Why the run ends there.
    var stop: Stop

    /// The run of records from `start` (the start of a record) in `window`: until `targetBytes`
    /// bytes or `targetRecords` records are in, or something else stops it.
    ///
    /// `afterBlank` carries whether the last line was blank from one call to the next: a record
    /// after blank lines stops the run before it (``Stop/afterBlank``) while it is set.
    static func find(in window: UnsafeRawBufferPointer, from start: Int, isFinal: Bool, delimiter: UInt8,
                     targetBytes: Int, targetRecords: Int, recordLimit: Int, afterBlank: inout Bool) -> CSVRecordCut {
        let n = window.count
        var i = start
        var records = 0
        while true {
            if i - start >= targetBytes || records >= targetRecords { return CSVRecordCut(end: i, records: records, stop: .full) }
            if i == n { return CSVRecordCut(end: i, records: records, stop: .windowEnd) }
            let byte = window[i]
            if byte == 0x0A || byte == 0x0D {
                // A blank line, as the scanner reads one (CRLF is one line end).
                if byte == 0x0D {
                    if i + 1 == n && !isFinal { return CSVRecordCut(end: i, records: records, stop: .windowEnd) }
                    i += i + 1 < n && window[i + 1] == 0x0A ? 2 : 1
                } else {
                    i += 1
                }
                afterBlank = true
                continue
            }
            if afterBlank { return CSVRecordCut(end: i, records: records, stop: .afterBlank) }
            guard let end = recordEnd(window, from: i, isFinal: isFinal, delimiter: delimiter) else {
                return CSVRecordCut(end: i, records: records, stop: n - i > recordLimit ? .tooLarge : .windowEnd)
            }
            if end - i > recordLimit { return CSVRecordCut(end: i, records: records, stop: .tooLarge) }
            records += 1
            i = end
        }
    }

    /// The first quote, CR or LF at or after `from`, or `count`.
    ///
    /// Unquoted text rarely holds a quote or a CR before its line's LF, so the LF is found first
    /// and the other two are looked for before it, each with the library's vector search. Past a
    /// few kilobytes without an LF (a file whose lines end in CR), bytes are looked at eight at a time.
    @inline(__always)
    static func nextQuoteOrLineEnd(_ p: UnsafeRawPointer, from: Int, count n: Int) -> Int {
        let reach = Swift.min(n - from, 4096)
        guard reach > 0, let lf = ByteSearch.first(0x0A, from: p + from, count: reach) else {
            return CSVScanner.fieldEnd(p, from: from, count: n, delimiter: 0x22)
        }
        var first = UnsafeRawPointer(lf) - p
        if let quote = ByteSearch.first(0x22, from: p + from, count: first - from) { first = UnsafeRawPointer(quote) - p }
        if let cr = ByteSearch.first(0x0D, from: p + from, count: first - from) { first = UnsafeRawPointer(cr) - p }
        return first
    }

    /// The end of the record that starts at `from` (not a blank line), or `nil` when the window
    /// ends first and more may follow.
    ///
    /// Unquoted text is skipped up to the next quote or line end, not field by field: a quote
    /// there opens a quoted field only right after a delimiter, as in the scanner.
    private static func recordEnd(_ window: UnsafeRawBufferPointer, from: Int, isFinal: Bool, delimiter: UInt8) -> Int? {
        let p = window.baseAddress!
        let n = window.count
        var i = from
        var atFieldStart = true
        while true {
            if atFieldStart && i < n && window[i] == 0x22 {
                i += 1
                while true {
                    guard i < n, let hit = ByteSearch.first(0x22, from: p + i, count: n - i) else { return isFinal ? n : nil }
                    let q = UnsafeRawPointer(hit) - p
                    if q + 1 < n && window[q + 1] == 0x22 {
                        i = q + 2
                        continue
                    }
                    if q + 1 >= n && !isFinal { return nil }
                    i = q + 1
                    break
                }
                guard i < n else { return isFinal ? n : nil }
                let byte = window[i]
                if byte == delimiter {
                    i += 1
                    if i == n { return isFinal ? n : nil }
                    continue
                }
                if byte != 0x0A && byte != 0x0D {
                    // A byte after a closing quote: the scanner rejects the record and skips to the LF.
                    let end = CSVScanner.endOfStrayRecord(window, from: i)
                    return end == n && !isFinal && window[n - 1] != 0x0A ? nil : end
                }
            } else {
                i = nextQuoteOrLineEnd(p, from: i, count: n)
                guard i < n else { return isFinal ? n : nil }
                if window[i] == 0x22 {
                    atFieldStart = i > from && window[i - 1] == delimiter
                    if !atFieldStart { i += 1 }
                    continue
                }
            }
            // A line end.
            if window[i] == 0x0A { return i + 1 }
            if i + 1 < n { return window[i + 1] == 0x0A ? i + 2 : i + 1 }
            return isFinal ? n : nil
        }
    }
}
