import CardportCore

/// Reads rows of Readwise's highlight export into citations (Formats.md, "Readwise").
///
/// `Highlight` is the text, `Book Title` the source, `Book Author` the author, `Note` the note,
/// `Highlighted at` the creation date; `Tags` is a comma-separated list in which Readwise's
/// `favorite` tag becomes the favourite flag; `Location Type` `location` or `page` with `Location`
/// becomes the citation's location; another location type (`order`, `offset`, `time`) is kept in
/// `extras` as `Location Type` and `Readwise Location`. `Color` is the highlight's colour.
/// Everything else (`Amazon Book ID`, `Document tags`, new columns) is kept in `extras` under its
/// column name.
struct ReadwiseDecoder {
    private enum Column { case text, source, author, note, tags, locationType, location, created, colour, extra(String) }

    private let columns: [Column]
    private let base: CSVRowDecoder

    init(names: [String], row: CSVRow, input: ByteInput) throws(CardportError) {
        columns = names.map { name in
            switch CSVColumn.normalise(name) {
            case "highlight": return .text
            case "booktitle": return .source
            case "bookauthor": return .author
            case "note": return .note
            case "tags": return .tags
            case "locationtype": return .locationType
            case "location": return .location
            case "highlightedat": return .created
            case "color", "colour": return .colour
            default: return .extra(name)
            }
        }
        guard columns.contains(where: { if case .text = $0 { return true } else { return false } }) else {
            throw input.error(.malformedInput, "this is not a Readwise export: it has no 'Highlight' column", at: row.offset,
                              hint: "a Readwise export starts with \(CSVDialect.readwise.header.joined(separator: ","))")
        }
        let header = CSVHeader(kind: .citation, columns: names.map { CSVColumn.extra($0) })
        base = CSVRowDecoder(header: header, source: input)
    }

    func record(_ row: CSVRow) throws(CardportError) -> Record {
        try base.validate(row)
        var text: String?, source: String?, author: String?, note: String?, created: Timestamp?
        var tags: [String] = [], favourite = false, colour: String?
        var locationType: String?, locationIndex: Int?
        var extras: [String: String] = [:]
        for (index, column) in columns.enumerated() {
            let bytes = base.cell(row, index)
            switch column {
            case .text: text = base.optionalString(bytes)
            case .source: source = base.optionalString(bytes)
            case .author: author = base.optionalString(bytes)
            case .note: note = base.optionalString(bytes)
            case .created: created = try base.date(row, index)
            case .tags:
                for tag in CSVCell.list(bytes, separator: 0x2C) {
                    if tag.lowercased() == "favorite" { favourite = true } else { tags.append(tag) }
                }
            case .locationType: locationType = base.optionalString(bytes)
            case .location: locationIndex = index
            case .colour: colour = base.optionalString(bytes)
            case .extra(let name): if !bytes.isEmpty { extras[name] = CSVCell.string(bytes) }
            }
        }
        var location: CitationLocation?
        if let locationIndex, let value = base.optionalString(base.cell(row, locationIndex)) {
            switch locationType?.lowercased() {
            case "location" where Int(value) != nil: location = CitationLocation(start: Int(value))
            case "page": location = CitationLocation(page: value)
            default:
                // Not `Location`: that name would read back as the citation's own location column.
                extras["Readwise Location"] = value
                if let locationType { extras["Location Type"] = locationType }
            }
        }
        guard let text else {
            throw base.source.error(.invalidValue, "this highlight has no text", at: row.offset,
                                   hint: "every highlight needs its text; remove the row", isRecoverable: true)
        }
        return .citation(Citation(text: text, author: author, source: source, tags: tags, isFavourite: favourite,
                                  createdAt: created, note: note, location: location, colour: colour, extras: extras))
    }
}
