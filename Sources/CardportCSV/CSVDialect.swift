import CardportCore

/// The CSV layouts Cardport knows besides its own: each is a format of its own (`--from readwise`,
/// `--to todoist`), and the plain `csv` format recognises their headers too.
public enum CSVDialect: String, Sendable, Hashable, CaseIterable {
    /// Cardport's own columns per kind, with header aliases (`quote`, `book`, `favorite`, …).
    case generic
    /// Readwise's highlight export (`Highlight,Book Title,Book Author,Amazon Book ID,…`), read only.
    case readwise
    /// The CSV Readwise imports (`Highlight,Title,Author,URL,Note,Location,Date`).
    case readwiseImport
    /// Todoist's project template CSV (`TYPE,CONTENT,DESCRIPTION,PRIORITY,INDENT,…`): sections and tasks.
    case todoist

    /// The header the dialect's files start with (empty for ``generic``).
    public var header: [String] {
        switch self {
        case .generic: return []
        case .readwise:
            return ["Highlight", "Book Title", "Book Author", "Amazon Book ID", "Note", "Color", "Tags",
                    "Location Type", "Location", "Highlighted at", "Document tags"]
        case .readwiseImport: return ["Highlight", "Title", "Author", "URL", "Note", "Location", "Date"]
        case .todoist:
            return ["TYPE", "CONTENT", "DESCRIPTION", "PRIORITY", "INDENT", "AUTHOR", "RESPONSIBLE", "DATE",
                    "DATE_LANG", "TIMEZONE"]
        }
    }

    /// The columns by which a header is recognised as this dialect's (normalised, see ``CSVColumn/normalise(_:)``):
    /// all of them must be there; other columns may follow, as exports grow new ones.
    var signature: [String] {
        switch self {
        case .generic: return []
        case .readwise: return ["highlight", "booktitle", "bookauthor", "amazonbookid"]
        case .readwiseImport: return header.map(CSVColumn.normalise)
        case .todoist: return ["type", "content", "description", "priority", "indent"]
        }
    }

    /// The dialect whose header `names` is, if any; the generic reader then reads it that way.
    static func recognise(_ names: [String]) -> CSVDialect? {
        let normalised = Set(names.map(CSVColumn.normalise))
        for dialect in [CSVDialect.readwise, .todoist, .readwiseImport] where normalised.isSuperset(of: dialect.signature) {
            return dialect
        }
        return nil
    }
}
