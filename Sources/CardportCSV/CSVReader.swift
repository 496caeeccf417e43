import CardportCore

/// Reads CSV records one row at a time: the header first (its delimiter sniffed, its dialect and
/// kind recognised), then one record per row.
///
/// A blank line followed by a row that names a kind's key column starts a new section with its own
/// header, which is how ``CSVWriter`` writes records of several kinds to one file.
final class CSVReader: RecordReader {
    private let input: ByteInput
    private let dialect: CSVDialect
    private let kind: RecordKind?
    private let delimiterOption: UInt8?
    private let recordLimit: Int
    private var scanner: CSVScanner?
    private var decoder: CSVRowDecoder?
    private var todoist: TodoistDecoder?
    private var readwise: ReadwiseDecoder?
    private var afterBlank = false
    /// A Todoist record held back until the next row shows whether notes follow it.
    private var held: Record?
    private var ended = false

    init(input: ByteInput, dialect: CSVDialect, options: ReadOptions, recordLimit: Int) {
        self.input = input
        self.dialect = dialect
        self.kind = dialect == .readwiseImport ? .citation : options.kind
        self.delimiterOption = options.delimiter
        self.recordLimit = recordLimit
    }

    func next() throws(CardportError) -> Record? {
        if scanner == nil {
            let delimiter: UInt8
            if let delimiterOption { delimiter = delimiterOption } else { delimiter = try sniffDelimiter() }
            let scanner = CSVScanner(input: input, delimiter: delimiter, recordLimit: recordLimit)
            self.scanner = scanner
            // Nothing can be read after a bad header: the reader ends unless the header is good.
            ended = true
            guard let first = try scanner.nextRow(), try readHeader(first, first: true) else { return nil }
            ended = false
        }
        let scanner = self.scanner!
        while !ended {
            guard let row = try scanner.nextRow() else {
                ended = true
                break
            }
            if row.isBlank {
                // Only files in Cardport's own columns have sections; dialects have their own blank rows.
                afterBlank = decoder != nil
                continue
            }
            if afterBlank {
                afterBlank = false
                if try readHeader(row, first: false) { continue }
            }
            if let todoist {
                switch try todoist.decode(row) {
                case .record(let record):
                    let previous = held
                    held = record
                    if let previous { return previous }
                case .note(let text):
                    if held != nil { TodoistDecoder.attach(note: text, to: &held!) }
                case .skip:
                    break
                }
                continue
            }
            if let readwise { return try readwise.record(row) }
            if let decoder { return try decoder.record(row) }
        }
        defer { held = nil }
        return held
    }

    /// Reads a row (or, for the first header, the first row that is not blank) as a header; for a
    /// later section, returns `false` when the row is not a header after all.
    private func readHeader(_ candidate: CSVRow, first: Bool) throws(CardportError) -> Bool {
        var row = candidate
        var names = try headerNames(row)
        // Lines of nothing but spaces before the header are blank too.
        while first && (row.isBlank || names.allSatisfy(\.isEmpty)) {
            guard let next = try scanner!.nextRow() else { return false }
            row = next
            names = try headerNames(row)
        }
        if !first {
            guard let header = CSVHeader(names: names, kind: nil), header.hasKey else { return false }
            decoder = CSVRowDecoder(header: header, input: input)
            return true
        }
        let recognised = dialect == .generic ? CSVDialect.recognise(names) : dialect
        switch recognised {
        case .readwise:
            readwise = try ReadwiseDecoder(names: names, row: row, input: input)
        case .todoist:
            todoist = try TodoistDecoder(names: names, row: row, input: input)
        default:
            guard let header = CSVHeader(names: names, kind: kind) else {
                throw input.error(.malformedInput, "cannot tell what kind of records the columns hold",
                                  at: row.offset,
                                  hint: "a header row is required; name a text, url, description or title column, or pass --kind")
            }
            guard header.hasKey else {
                let key = CSVColumn.key(of: header.kind).headerName
                throw input.error(.malformedInput, "the header has no '\(key)' column, which every \(header.kind.rawValue) needs",
                                  at: row.offset, hint: "name the column '\(key)' (or an alias, see Formats.md)")
            }
            decoder = CSVRowDecoder(header: header, input: input)
        }
        return true
    }

    /// The names in the scanner's row, without guards and surrounding spaces.
    private func headerNames(_ row: CSVRow) throws(CardportError) -> [String] {
        var names: [String] = []
        for index in 0..<row.count {
            let bytes = row.field(index)
            let unguarded = UnsafeRawBufferPointer(rebasing: bytes[CSVCell.guardLength(bytes)...])
            switch UTF8Validation.string(unguarded) {
            case .success(let name): names.append(name.trimmingSpaces)
            case .failure:
                throw input.error(.malformedInput, "the header is not valid UTF-8", at: row.offset(ofField: index),
                                  hint: "save the file as UTF-8")
            }
        }
        return names
    }

    /// The delimiter among `,` `;` tab `|` that occurs most often outside quotes in the first line
    /// (a comma when none does).
    private func sniffDelimiter() throws(CardportError) -> UInt8 {
        let prefix = try input.peek(upTo: 64 * 1024)
        var counts: [UInt8: Int] = [0x2C: 0, 0x3B: 0, 0x09: 0, 0x7C: 0]
        var quoted = false
        for byte in prefix {
            if byte == 0x22 { quoted.toggle(); continue }
            if quoted { continue }
            if byte == 0x0A || byte == 0x0D {
                if counts.values.contains(where: { $0 > 0 }) { break }
                continue
            }
            if counts[byte] != nil { counts[byte]! += 1 }
        }
        var best: UInt8 = 0x2C
        for candidate in [UInt8(0x2C), 0x09, 0x3B, 0x7C] where counts[candidate]! > counts[best]! {
            best = candidate
        }
        return best
    }
}
