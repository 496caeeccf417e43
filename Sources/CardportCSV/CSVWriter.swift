import CardportCore

/// Writes records as CSV with Cardport's columns per kind (Formats.md, "CSV").
///
/// Every record's id is written, so a card edited in a spreadsheet keeps its identity when it is
/// read back. Records of one kind get that kind's columns. When the first ``lookahead`` records
/// hold several kinds, the file gets one header for all of them: a `kind` column, then every
/// kind's columns (Formats.md, "Several kinds in one file"), which Miller and Python's
/// `csv.DictReader` read as one table. A kind first met after a one-kind header starts a new
/// section: a blank line and its own header. The extras columns are the union of the extras of
/// the records held before the header, which the writer holds until it knows them; an extra that
/// first appears later, or whose value is empty, is counted as lost.
final class CSVWriter: RecordWriter {
    static let lookahead = 1024

    private let output: ByteOutput
    private var out: CSVCellWriter
    private(set) var losses = LossReport()
    private var kind: RecordKind?
    private var columns: [CSVColumn] = []
    private var extraNames: Set<String> = []
    /// The optional highlight columns the header has (``CSVColumn/isOptional``), in order.
    private var highlightColumns: [CSVColumn] = []
    private var held: [Record] = []
    private var hasHeader = false
    private var sections = 0
    /// Whether the header is the one for several kinds, which takes a record of any kind.
    private var isUnion = false

    init(output: ByteOutput, options: WriteOptions) {
        self.output = output
        out = CSVCellWriter(delimiter: options.delimiter ?? (output.name.lowercased().hasSuffix(".tsv") ? 0x09 : 0x2C),
                            formulaGuard: options.formulaGuard)
    }

    func write(_ record: Record) throws(CardportError) {
        guard !CSVColumn.standard(for: record.kind).isEmpty else {
            losses.dropRecord(of: record.kind)
            return
        }
        if hasHeader {
            if isUnion || record.kind == kind {
                encode(record)
                try out.flush(to: output)
                return
            }
            hasHeader = false
        }
        held.append(record)
        if held.count >= CSVWriter.lookahead { try startHeader() }
    }

    func finish() throws(CardportError) {
        try startHeader()
        try out.flush(to: output, threshold: 0)
        try output.flush()
    }

    /// Writes the header of the held records' kind (or kinds), then the held records.
    private func startHeader() throws(CardportError) {
        guard !hasHeader, let first = held.first else { return }
        let kinds = Set(held.map(\.kind))
        isUnion = kinds.count > 1
        kind = first.kind
        var names = Set<String>()
        for record in held { names.formUnion(CSVWriter.extras(of: record).keys) }
        var present = Set<CSVColumn>()
        for case .citation(let c) in held { present.formUnion(CSVWriter.highlightColumns(of: c)) }
        let standard = (isUnion ? CSVColumn.union : CSVColumn.standard(for: first.kind))
            .filter { !$0.isOptional || present.contains($0) }
        // An extra named like one of the columns would read back as that column.
        let taken = Set(standard.map { CSVColumn.normalise($0.headerName) })
        names = names.filter { name in
            let normalised = CSVColumn.normalise(name)
            return !name.isEmpty && !taken.contains(normalised) && (isUnion || CSVColumn.named(normalised, for: first.kind) == nil)
        }
        // Nor may an extra make the header read back as another kind.
        if !isUnion, CSVColumn.kind(ofHeader: (standard.map(\.headerName) + names).map(CSVColumn.normalise)) != first.kind {
            names = names.filter { name in
                CSVColumn.unionKinds.allSatisfy { CSVColumn.named(CSVColumn.normalise(name), for: $0) == nil }
            }
        }
        columns = standard + names.sorted().map(CSVColumn.extra)
        highlightColumns = standard.filter(\.isOptional)
        extraNames = names
        if sections > 0 { out.endRecord() }
        sections += 1
        for column in columns { out.cell(column.headerName) }
        out.endRecord()
        hasHeader = true
        let records = held
        held.removeAll()
        for record in records {
            if isUnion || record.kind == first.kind {
                encode(record)
            } else {
                // Held records of another kind can only follow a one-kind header in a later section.
                held.append(record)
            }
        }
        try out.flush(to: output)
    }

    static func extras(of record: Record) -> [String: String] {
        switch record {
        case .citation(let c): return c.extras
        case .bookmark(let b): return b.extras
        case .task(let t): return t.extras
        case .topic(let t): return t.extras
        default: return [:]
        }
    }

    /// The optional highlight columns a citation has a value for.
    static func highlightColumns(of c: Citation) -> [CSVColumn] {
        [CSVColumn.chapter, .colour, .position, .sourceID].filter { value($0, of: c) != nil }
    }

    /// A citation's value for a highlight column.
    static func value(_ column: CSVColumn, of c: Citation) -> String? {
        switch column {
        case .chapter: return c.chapter
        case .colour: return c.colour
        case .position: return c.position
        case .sourceID: return c.sourceID
        default: return nil
        }
    }

    /// Counts the highlight fields of `c` that the header has no column for.
    private func countHighlightLosses(_ c: Citation) {
        guard c.chapter != nil || c.colour != nil || c.position != nil || c.sourceID != nil else { return }
        for column in CSVWriter.highlightColumns(of: c) where !highlightColumns.contains(column) {
            losses.dropField(column.headerName, of: .citation)
        }
    }

    static func dates(of record: Record) -> (created: Timestamp?, updated: Timestamp?) {
        switch record {
        case .citation(let c): return (c.createdAt, c.updatedAt)
        case .bookmark(let b): return (b.createdAt, b.updatedAt)
        case .task(let t): return (t.createdAt, t.updatedAt)
        case .topic(let t): return (t.createdAt, t.updatedAt)
        default: return (nil, nil)
        }
    }

    private var scratch: [UInt8] = []

    private func list(_ items: [String], separator: UInt8, field: String, of kind: RecordKind) {
        scratch.removeAll(keepingCapacity: true)
        CSVCell.appendList(items, separator: separator, to: &scratch)
        out.cell(scratch)
        let empty = items.count(where: \.isEmpty)
        if empty > 0 { losses.dropField(field, of: kind, count: empty) }
    }

    private func encode(_ record: Record) {
        if isUnion { return encodeUnion(record) }
        switch record {
        case .citation(let c):
            out.cell(c.text); out.cell(c.author); out.cell(c.source)
            list(c.tags, separator: 0x3B, field: "tags", of: .citation)
            out.bool(c.isFavourite); out.bool(c.isArchived)
            out.timestamp(c.createdAt); out.timestamp(c.updatedAt)
            out.cell(c.note); out.cell(c.location.map(\.description))
            for column in highlightColumns { out.cell(CSVWriter.value(column, of: c)) }
            countHighlightLosses(c)
            out.cell(c.id)
            extras(c.extras, of: .citation)
        case .bookmark(let b):
            out.cell(b.name); out.cell(b.text)
            list(b.tags, separator: 0x3B, field: "tags", of: .bookmark)
            out.timestamp(b.createdAt); out.timestamp(b.updatedAt)
            out.cell(b.id)
            extras(b.extras, of: .bookmark)
        case .task(let t):
            out.cell(t.description)
            out.plain { $0.append(contentsOf: String(t.progress.percent).utf8) }
            out.timestamp(t.createdAt); out.timestamp(t.updatedAt)
            out.cell(t.id)
            extras(t.extras, of: .task)
        case .topic(let t):
            out.cell(t.title); out.cell(t.status.rawValue); out.timestamp(t.dueDate); out.cell(t.notes)
            list(t.links, separator: 0x0A, field: "links", of: .topic)
            scratch.removeAll(keepingCapacity: true)
            CSVCell.appendQuestions(t.questions, to: &scratch)
            out.cell(scratch)
            let unreadable = t.questions.count(where: { $0.text.isEmpty && $0.answer == nil })
            if unreadable > 0 { losses.dropField("questions", of: .topic, count: unreadable) }
            out.timestamp(t.createdAt); out.timestamp(t.updatedAt)
            out.cell(t.id)
            extras(t.extras, of: .topic)
        default:
            break
        }
        out.endRecord()
    }

    /// Writes a record under the header for several kinds: its kind, its own columns, and empty
    /// cells for the other kinds' columns.
    private func encodeUnion(_ record: Record) {
        for column in columns {
            switch (column, record) {
            case (.kind, _): out.cell(record.kind.rawValue)
            case (.id, _): out.cell(record.id)
            case (.text, .citation(let c)): out.cell(c.text)
            case (.author, .citation(let c)): out.cell(c.author)
            case (.source, .citation(let c)): out.cell(c.source)
            case (.tags, .citation(let c)): list(c.tags, separator: 0x3B, field: "tags", of: .citation)
            case (.favourite, .citation(let c)): out.bool(c.isFavourite)
            case (.archived, .citation(let c)): out.bool(c.isArchived)
            case (.note, .citation(let c)): out.cell(c.note)
            case (.location, .citation(let c)): out.cell(c.location.map(\.description))
            case (.chapter, .citation(let c)), (.colour, .citation(let c)), (.position, .citation(let c)),
                 (.sourceID, .citation(let c)):
                out.cell(CSVWriter.value(column, of: c))
            case (.name, .bookmark(let b)): out.cell(b.name)
            case (.url, .bookmark(let b)): out.cell(b.text)
            case (.tags, .bookmark(let b)): list(b.tags, separator: 0x3B, field: "tags", of: .bookmark)
            case (.description, .task(let t)): out.cell(t.description)
            case (.progress, .task(let t)): out.plain { $0.append(contentsOf: String(t.progress.percent).utf8) }
            case (.title, .topic(let t)): out.cell(t.title)
            case (.status, .topic(let t)): out.cell(t.status.rawValue)
            case (.due, .topic(let t)): out.timestamp(t.dueDate)
            case (.notes, .topic(let t)): out.cell(t.notes)
            case (.links, .topic(let t)): list(t.links, separator: 0x0A, field: "links", of: .topic)
            case (.questions, .topic(let t)):
                scratch.removeAll(keepingCapacity: true)
                CSVCell.appendQuestions(t.questions, to: &scratch)
                out.cell(scratch)
                let unreadable = t.questions.count(where: { $0.text.isEmpty && $0.answer == nil })
                if unreadable > 0 { losses.dropField("questions", of: .topic, count: unreadable) }
            case (.createdAt, _): out.timestamp(CSVWriter.dates(of: record).created)
            case (.updatedAt, _): out.timestamp(CSVWriter.dates(of: record).updated)
            case (.extra(let name), _):
                let value = CSVWriter.extras(of: record)[name]
                out.cell(value.flatMap { $0.isEmpty ? nil : $0 })
            default: out.empty()
            }
        }
        if case .citation(let c) = record { countHighlightLosses(c) }
        let extras = CSVWriter.extras(of: record)
        let lost = extras.count(where: { !extraNames.contains($0.key) || $0.value.isEmpty })
        if lost > 0 { losses.dropField("extras", of: record.kind, count: lost) }
        out.endRecord()
    }

    private func extras(_ extras: [String: String], of kind: RecordKind) {
        for column in columns {
            guard case .extra(let name) = column else { continue }
            out.cell(extras[name].flatMap { $0.isEmpty ? nil : $0 })
        }
        guard !extras.isEmpty else { return }
        let lost = extras.count(where: { !extraNames.contains($0.key) || $0.value.isEmpty })
        if lost > 0 { losses.dropField("extras", of: kind, count: lost) }
    }
}
