import CardportCore

/// Writes citations as the CSV Readwise imports: `Highlight,Title,Author,URL,Note,Location,Date`.
///
/// `URL` comes from the citation's `URL` extra (as the reader keeps it), `Location` is the ebook
/// location's start, `Date` the creation date. Tags, flags, the update date, page numbers, location
/// ranges, ids and other extras have no column and are counted as lost.
final class ReadwiseImportWriter: RecordWriter {
    private let output: ByteOutput
    private var out: CSVCellWriter
    private(set) var losses = LossReport()
    private var hasHeader = false

    init(output: ByteOutput, options: WriteOptions) {
        self.output = output
        out = CSVCellWriter(delimiter: options.delimiter ?? 0x2C, formulaGuard: options.formulaGuard)
    }

    func write(_ record: Record) throws(CardportError) {
        guard case .citation(let c) = record else {
            losses.dropRecord(of: record.kind)
            return
        }
        if !hasHeader {
            for name in CSVDialect.readwiseImport.header { out.cell(name) }
            out.endRecord()
            hasHeader = true
        }
        let urlKey = c.extras.keys.first { $0.lowercased() == "url" }
        out.cell(c.text); out.cell(c.source); out.cell(c.author)
        out.cell(urlKey.flatMap { c.extras[$0] }); out.cell(c.note)
        if let start = c.location?.start {
            out.plain { $0.append(contentsOf: String(start).utf8) }
        } else {
            out.empty()
        }
        out.timestamp(c.createdAt)
        out.endRecord()
        if !c.tags.isEmpty { losses.dropField("tags", of: .citation) }
        if c.isFavourite { losses.dropField("favourite", of: .citation) }
        if c.isArchived { losses.dropField("archived", of: .citation) }
        if c.updatedAt != nil { losses.dropField("updated_at", of: .citation) }
        for field in c.highlightFieldNames { losses.dropField(field, of: .citation) }
        if let location = c.location, location.page != nil || location.end != location.start {
            losses.dropField("location", of: .citation)
        }
        if c.id != RecordID.citation(text: c.text, author: c.author, source: c.source) { losses.dropField("id", of: .citation) }
        let otherExtras = c.extras.count - (urlKey == nil ? 0 : 1)
        if otherExtras > 0 { losses.dropField("extras", of: .citation, count: otherExtras) }
        try out.flush(to: output)
    }

    func finish() throws(CardportError) {
        try out.flush(to: output, threshold: 0)
        try output.flush()
    }
}
