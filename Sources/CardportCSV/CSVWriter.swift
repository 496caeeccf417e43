import CardportCore

/// Writes records as CSV with Cardport's columns per kind (Formats.md, "CSV").
///
/// Every record's id is written, so a card edited in a spreadsheet keeps its identity when it is
/// read back. Each kind gets its own section: a header row, then one row per record; when the kind
/// changes, a blank line and the next kind's header follow, so a mixed stream stays lossless and
/// streams. The extras columns of a section are the union of the extras of its first ``lookahead``
/// records, which the writer holds until it knows them; an extra that first appears later, or
/// whose value is empty, is counted as lost.
final class CSVWriter: RecordWriter {
    static let lookahead = 1024

    private let output: ByteOutput
    private var out: CSVCellWriter
    private(set) var losses = LossReport()
    private var kind: RecordKind?
    private var columns: [CSVColumn] = []
    private var extraNames: Set<String> = []
    private var held: [Record] = []
    private var hasHeader = false
    private var sections = 0

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
        if record.kind != kind {
            try startHeader()
            kind = record.kind
            hasHeader = false
        }
        if hasHeader {
            encode(record)
            try out.flush(to: output)
            return
        }
        held.append(record)
        if held.count >= CSVWriter.lookahead { try startHeader() }
    }

    func finish() throws(CardportError) {
        try startHeader()
        try out.flush(to: output, threshold: 0)
        try output.flush()
    }

    /// Writes the header of the held records' kind, then the held records.
    private func startHeader() throws(CardportError) {
        guard let kind, !hasHeader else { return }
        var names = Set<String>()
        for record in held { names.formUnion(CSVWriter.extras(of: record).keys) }
        // An extra named like one of the kind's columns would read back as that column.
        let clashing = names.filter { CSVColumn.named(CSVColumn.fold($0), for: kind) != nil || $0.isEmpty }
        names.subtract(clashing)
        columns = CSVColumn.standard(for: kind) + names.sorted().map(CSVColumn.extra)
        extraNames = names
        if sections > 0 { out.endRecord() }
        sections += 1
        for column in columns { out.cell(column.headerName) }
        out.endRecord()
        hasHeader = true
        for record in held { encode(record) }
        held.removeAll()
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

    private var scratch: [UInt8] = []

    private func list(_ items: [String], separator: UInt8, field: String, of kind: RecordKind) {
        scratch.removeAll(keepingCapacity: true)
        CSVCell.appendList(items, separator: separator, to: &scratch)
        out.cell(scratch)
        let empty = items.count(where: \.isEmpty)
        if empty > 0 { losses.dropField(field, of: kind, count: empty) }
    }

    private func encode(_ record: Record) {
        switch record {
        case .citation(let c):
            out.cell(c.text); out.cell(c.author); out.cell(c.source)
            list(c.tags, separator: 0x3B, field: "tags", of: .citation)
            out.bool(c.isFavourite); out.bool(c.isArchived)
            out.timestamp(c.createdAt); out.timestamp(c.updatedAt)
            out.cell(c.note); out.cell(c.location.map(\.description))
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
