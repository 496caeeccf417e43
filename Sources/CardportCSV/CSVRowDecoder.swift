import CardportCore
import CardportMachinery

/// Turns the rows of one header's section into records of its kind (Formats.md, "CSV").
///
/// Cells are read from the row's bytes: strings are built once per cell, dates and numbers are
/// parsed from bytes. A cell that cannot be its column's type is an error at that cell,
/// recoverable: the row is skipped under `--keep-going`.
final class CSVRowDecoder {
    let header: CSVHeader
    /// Where errors are located: the input, or the excerpt of a batch decoded on a worker thread.
    let source: any ErrorLocating
    /// The columns without their extras' names: a switch over these copies no string per cell.
    private let slots: [Slot]
    /// The extras' names, by column index (empty for the model's columns).
    private let extraNames: [String]

    private enum Slot: UInt8 {
        case id, text, author, source, tags, favourite, archived, note, location, chapter, colour, position, sourceID
        case name, url, description, progress
        case title, status, due, notes, links, questions, createdAt, updatedAt, kind, extra
    }

    /// For a file of several kinds: the column that names each row's kind, and a decoder per kind.
    private let kindIndex: Int?
    private let byKind: [RecordKind: CSVRowDecoder]

    /// A decoder for a header's rows; `isSection` says it reads the rows of one kind of a file of
    /// several kinds, whose `kind` cell was read already.
    init(header: CSVHeader, source: any ErrorLocating, isSection: Bool = false) {
        self.header = header
        self.source = source
        slots = header.columns.map { column in
            switch column {
            case .id: return .id
            case .text: return .text
            case .author: return .author
            case .source: return .source
            case .tags: return .tags
            case .favourite: return .favourite
            case .archived: return .archived
            case .note: return .note
            case .location: return .location
            case .chapter: return .chapter
            case .colour: return .colour
            case .position: return .position
            case .sourceID: return .sourceID
            case .name: return .name
            case .url: return .url
            case .description: return .description
            case .progress: return .progress
            case .title: return .title
            case .status: return .status
            case .due: return .due
            case .notes: return .notes
            case .links: return .links
            case .questions: return .questions
            case .createdAt: return .createdAt
            case .updatedAt: return .updatedAt
            case .kind: return .kind
            case .extra: return .extra
            }
        }
        extraNames = header.columns.map { column in
            if case .extra(let name) = column { return name }
            return ""
        }
        kindIndex = isSection ? nil : header.columns.firstIndex(of: .kind)
        var byKind: [RecordKind: CSVRowDecoder] = [:]
        if kindIndex != nil {
            for kind in CSVColumn.unionKinds {
                byKind[kind] = CSVRowDecoder(header: header.section(for: kind), source: source, isSection: true)
            }
        }
        self.byKind = byKind
    }

    func fail(_ row: CSVRow, _ index: Int, _ message: String, hint: String? = nil) -> CardportError {
        source.error(.invalidValue, message, at: row.offset(ofField: index), hint: hint, isRecoverable: true)
    }

    /// The cell's bytes without a formula guard.
    @inline(__always)
    func cell(_ row: CSVRow, _ index: Int) -> UnsafeRawBufferPointer {
        let bytes = row.field(index)
        let guardLength = CSVCell.guardLength(bytes)
        return guardLength == 0 ? bytes : UnsafeRawBufferPointer(rebasing: bytes[guardLength...])
    }

    @inline(__always)
    func optionalString(_ bytes: UnsafeRawBufferPointer) -> String? {
        bytes.isEmpty ? nil : CSVCell.string(bytes)
    }

    /// The cell as a string, `nil` when it is empty, checked for UTF-8 as the string is made (one
    /// pass over the bytes, not a check and then a copy).
    ///
    /// `ascii` says the whole row is ASCII (``UTF8Validation/isASCII(_:)``), so no cell needs a
    /// check; otherwise a cell that is ASCII on its own takes the same fast way.
    @inline(__always)
    func checkedString(_ row: CSVRow, _ index: Int, ascii: Bool = false) throws(CardportError) -> String? {
        let bytes = cell(row, index)
        if bytes.isEmpty { return nil }
        return try checkedString(bytes, row, index, ascii: ascii)
    }

    /// The string of a cell's bytes (not empty), checked for UTF-8 unless they are ASCII.
    @inline(__always)
    func checkedString(_ bytes: UnsafeRawBufferPointer, _ row: CSVRow, _ index: Int,
                       ascii: Bool) throws(CardportError) -> String {
        if ascii || UTF8Validation.isASCII(bytes) { return CSVCell.string(bytes) }
        switch UTF8Validation.string(bytes) {
        case .success(let text): return text
        case .failure: throw invalidUTF8(row, index)!
        }
    }

    /// The cell's bytes after checking they are UTF-8, for cells read in pieces (lists, locations);
    /// `ascii` says the whole row is ASCII, so there is nothing to check.
    @inline(__always)
    func checkedCell(_ row: CSVRow, _ index: Int, ascii: Bool = false) throws(CardportError) -> UnsafeRawBufferPointer {
        let bytes = cell(row, index)
        if !ascii, let error = invalidUTF8(row, index) { throw error }
        return bytes
    }

    /// The error for a field that is not valid UTF-8, or `nil` when it is valid.
    func invalidUTF8(_ row: CSVRow, _ index: Int) -> CardportError? {
        guard let bad = UTF8Validation.firstInvalidOffset(row.field(index)) else { return nil }
        return source.error(.malformedInput, "this field is not valid UTF-8 (byte \(bad + 1) of the field)",
                           at: row.offset(ofField: index),
                           hint: "save the file as UTF-8, e.g. iconv -f WINDOWS-1252 -t UTF-8", isRecoverable: true)
    }

    /// The error for a cell that is not a value of its column: bytes that are not UTF-8 are said
    /// to be so, before what the value should have been.
    func fail(_ row: CSVRow, _ index: Int, notA what: String, hint: String?) -> CardportError {
        if let error = invalidUTF8(row, index) { return error }
        return fail(row, index, "'\(String(decoding: cell(row, index), as: UTF8.self))' \(what)", hint: hint)
    }

    /// A date cell; `nil` when it is empty. `dates` remembers the row's last date, so that a second
    /// date cell with the same text (a card updated when it was made) is not parsed again.
    func date(_ row: CSVRow, _ index: Int, dates: inout RepeatedDate) throws(CardportError) -> Timestamp? {
        let bytes = cell(row, index)
        if bytes.isEmpty { return nil }
        if let stamp = dates.parse(bytes) { return stamp }
        throw fail(row, index, notA: "in column '\(header.columns[index].headerName)' is not an ISO 8601 date",
                   hint: "write dates as 2024-05-01 or 2024-05-01T10:15:00Z")
    }

    /// A date cell on its own; `nil` when it is empty.
    func date(_ row: CSVRow, _ index: Int) throws(CardportError) -> Timestamp? {
        var dates = RepeatedDate()
        return try date(row, index, dates: &dates)
    }

    func flag(_ row: CSVRow, _ index: Int) throws(CardportError) -> Bool {
        let bytes = cell(row, index)
        if let value = CSVCell.bool(bytes) { return value }
        throw fail(row, index, notA: "in column '\(header.columns[index].headerName)' is not true or false",
                   hint: "write true or false (yes/no and 1/0 are read too)")
    }

    /// Checks the field count and the UTF-8 of the whole row, for decoders that read cells without
    /// checking them.
    func validate(_ row: CSVRow) throws(CardportError) {
        try validateFieldCount(row)
        // Delimiters, quotes and line ends are ASCII, so the record is valid UTF-8 exactly when every field is.
        let valid = UTF8Validation.firstInvalidOffset(row.rawBytes) == nil
        guard !valid else { return }
        for index in 0..<row.count {
            if let error = invalidUTF8(row, index) { throw error }
        }
    }

    /// Checks that the row has as many fields as the header.
    func validateFieldCount(_ row: CSVRow) throws(CardportError) {
        if row.count != header.columns.count {
            let at = row.count > header.columns.count ? row.offset(ofField: header.columns.count) : row.offset
            throw source.error(.malformedInput, "this record has \(row.count) field\(row.count == 1 ? "" : "s"); the header has \(header.columns.count)",
                              at: at, hint: "quote fields that contain the delimiter or a line break", isRecoverable: true)
        }
    }

    /// The row's record. Each cell is checked for UTF-8 as it is read: text cells as their strings
    /// are made, the others when they are not what their column holds.
    func record(_ row: CSVRow) throws(CardportError) -> Record {
        try validateFieldCount(row)
        if let kindIndex { return try ofKind(row, kindIndex).record(row) }
        switch header.kind {
        case .citation: return .citation(try citation(row))
        case .bookmark: return .bookmark(try bookmark(row))
        case .task: return .task(try task(row))
        default: return .topic(try topic(row))
        }
    }

    /// The decoder of the kind a row of a file of several kinds names in its `kind` cell.
    private func ofKind(_ row: CSVRow, _ index: Int) throws(CardportError) -> CSVRowDecoder {
        let name = CSVCell.string(cell(row, index)).trimmingSpaces.lowercased()
        let kind = RecordKind.allCases.first { $0.rawValue == name || $0.pluralName == name }
        guard let kind, let decoder = byKind[kind] else {
            throw fail(row, index, notA: "in column 'kind' is not a kind of record a CSV file holds",
                       hint: "write citation, bookmark, task or topic")
        }
        return decoder
    }

    private func missing(_ row: CSVRow, _ what: String) -> CardportError {
        source.error(.invalidValue, "this \(header.kind.rawValue) has no \(what)", at: row.offset,
                    hint: "every \(header.kind.rawValue) needs its \(what); fill in the cell or remove the row",
                    isRecoverable: true)
    }

    func citation(_ row: CSVRow) throws(CardportError) -> Citation {
        var id: String?, text: String?, author: String?, source: String?, note: String?
        var tags: [String] = [], favourite = false, archived = false
        var created: Timestamp?, updated: Timestamp?, location: CitationLocation?
        var chapter: String?, colour: String?, position: String?, sourceID: String?
        var extras: [String: String] = [:]
        var dates = RepeatedDate()
        // The id, when the row has none, is hashed from the cells' bytes rather than the strings'.
        var textBytes = UnsafeRawBufferPointer(start: nil, count: 0)
        var authorBytes: UnsafeRawBufferPointer?, sourceBytes: UnsafeRawBufferPointer?
        // Delimiters, quotes and line ends are ASCII: an ASCII record has only ASCII cells.
        let ascii = UTF8Validation.isASCII(row.rawBytes)
        for (index, column) in slots.enumerated() {
            switch column {
            case .text:
                let bytes = cell(row, index)
                text = bytes.isEmpty ? nil : try checkedString(bytes, row, index, ascii: ascii)
                textBytes = bytes
            case .author:
                let bytes = cell(row, index)
                author = bytes.isEmpty ? nil : try checkedString(bytes, row, index, ascii: ascii)
                authorBytes = bytes.isEmpty ? nil : bytes
            case .source:
                let bytes = cell(row, index)
                source = bytes.isEmpty ? nil : try checkedString(bytes, row, index, ascii: ascii)
                sourceBytes = bytes.isEmpty ? nil : bytes
            case .note: note = try checkedString(row, index, ascii: ascii)
            case .tags: tags = CSVCell.list(try checkedCell(row, index, ascii: ascii), separator: 0x3B)
            case .favourite: favourite = try flag(row, index)
            case .archived: archived = try flag(row, index)
            case .createdAt: created = try date(row, index, dates: &dates)
            case .updatedAt: updated = try date(row, index, dates: &dates)
            case .location: location = CSVRowDecoder.location(try checkedCell(row, index, ascii: ascii))
            case .chapter: chapter = try checkedString(row, index, ascii: ascii)
            case .colour: colour = try checkedString(row, index, ascii: ascii)
            case .position: position = try checkedString(row, index, ascii: ascii)
            case .sourceID: sourceID = try checkedString(row, index, ascii: ascii)
            case .id: id = try checkedString(row, index, ascii: ascii)
            case .extra: try extra(extraNames[index], row, index, ascii: ascii, into: &extras)
            default: break
            }
        }
        guard let text else { throw missing(row, "text") }
        if id == nil { id = RecordID.citation(text: textBytes, author: authorBytes, source: sourceBytes) }
        return Citation(id: id, text: text, author: author, source: source, tags: tags, isFavourite: favourite,
                        isArchived: archived, createdAt: created, updatedAt: updated, note: note,
                        location: location, chapter: chapter, colour: colour, position: position, sourceID: sourceID,
                        extras: extras)
    }

    func bookmark(_ row: CSVRow) throws(CardportError) -> Bookmark {
        var id: String?, name: String?, url: String?, tags: [String] = []
        var created: Timestamp?, updated: Timestamp?, extras: [String: String] = [:]
        var dates = RepeatedDate()
        for (index, column) in slots.enumerated() {
            switch column {
            case .name: name = try checkedString(row, index)
            case .url: url = try checkedString(row, index)
            case .tags: tags = CSVCell.list(try checkedCell(row, index), separator: 0x3B)
            case .createdAt: created = try date(row, index, dates: &dates)
            case .updatedAt: updated = try date(row, index, dates: &dates)
            case .id: id = try checkedString(row, index)
            case .extra: try extra(extraNames[index], row, index, into: &extras)
            default: break
            }
        }
        guard let url else { throw missing(row, "url") }
        return Bookmark(id: id, name: name, text: url, tags: tags, createdAt: created, updatedAt: updated, extras: extras)
    }

    func task(_ row: CSVRow) throws(CardportError) -> TaskItem {
        var id: String?, description: String?, progress = TaskProgress.zero
        var created: Timestamp?, updated: Timestamp?, extras: [String: String] = [:]
        var dates = RepeatedDate()
        for (index, column) in slots.enumerated() {
            switch column {
            case .description: description = try checkedString(row, index)
            case .progress:
                guard let percent = CSVCell.percent(cell(row, index)) else {
                    throw fail(row, index, notA: "is not a progress", hint: "write a percentage in steps of 5: 0, 5, … 100")
                }
                do { progress = try TaskProgress(percent: percent) } catch {
                    throw fail(row, index, error.message, hint: error.hint)
                }
            case .createdAt: created = try date(row, index, dates: &dates)
            case .updatedAt: updated = try date(row, index, dates: &dates)
            case .id: id = try checkedString(row, index)
            case .extra: try extra(extraNames[index], row, index, into: &extras)
            default: break
            }
        }
        guard let description else { throw missing(row, "description") }
        return TaskItem(id: id, description: description, progress: progress, createdAt: created, updatedAt: updated,
                        extras: extras)
    }

    func topic(_ row: CSVRow) throws(CardportError) -> Topic {
        var id: String?, title: String?, due: Timestamp?, status = Topic.Status.unstarted, notes: String?
        var links: [String] = [], questions: [Question] = []
        var created: Timestamp?, updated: Timestamp?, extras: [String: String] = [:]
        var dates = RepeatedDate()
        for (index, column) in slots.enumerated() {
            switch column {
            case .title: title = try checkedString(row, index)
            case .due: due = try date(row, index, dates: &dates)
            case .status:
                guard let value = CSVCell.status(cell(row, index)) else {
                    throw fail(row, index, notA: "is not a topic status", hint: "use unstarted, onHold, inProgress or done")
                }
                status = value
            case .notes: notes = try checkedString(row, index)
            case .links: links = CSVCell.list(try checkedCell(row, index), separator: 0x0A)
            case .questions: questions = CSVCell.questions(try checkedCell(row, index))
            case .createdAt: created = try date(row, index, dates: &dates)
            case .updatedAt: updated = try date(row, index, dates: &dates)
            case .id: id = try checkedString(row, index)
            case .extra: try extra(extraNames[index], row, index, into: &extras)
            default: break
            }
        }
        guard let title else { throw missing(row, "title") }
        return Topic(id: id, title: title, dueDate: due, status: status, notes: notes, links: links,
                     questions: questions, createdAt: created, updatedAt: updated, extras: extras)
    }

    @inline(__always)
    private func extra(_ name: String, _ row: CSVRow, _ index: Int, ascii: Bool = false,
                       into extras: inout [String: String]) throws(CardportError) {
        if let value = try checkedString(row, index, ascii: ascii) { extras[name] = value }
    }

    /// A location cell: the text form (`page 12, location 123-125`), a bare number (an ebook
    /// location), or anything else (a page as printed).
    static func location(_ bytes: UnsafeRawBufferPointer) -> CitationLocation? {
        guard !bytes.isEmpty else { return nil }
        let text = CSVCell.string(bytes)
        if let parsed = CitationLocation(parsing: text) { return parsed }
        if let number = Int(text) { return CitationLocation(start: number) }
        return CitationLocation(page: text)
    }
}
