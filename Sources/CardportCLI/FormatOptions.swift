import ArgumentParser
import CardportCore

/// `--from`, `--to` and `--kind`, and the format options of commands that read and write formats.
struct FormatOptions: ParsableArguments {
    @Option(help: ArgumentHelp("Read inputs as this format (see 'cardport formats').", valueName: "format"))
    var from: String?

    @Option(help: ArgumentHelp("Write this format (else the output's extension decides).", valueName: "format"))
    var to: String?

    @Option(help: ArgumentHelp("Only records of this kind: citations, bookmarks, tasks, topics, tags or settings.", valueName: "kind"),
            transform: parseKind)
    var kind: RecordKind?

    @OptionGroup var delimited: DelimitedTextOptions

    @Flag(help: "Report what a lenient format cannot map (a Markdown list item that is neither a task nor a link) as an error.")
    var strict = false

    @Option(help: ArgumentHelp("Write one file per book or per citation into --out-dir (Markdown): book or citation.", valueName: "layout"),
            transform: parseSplit)
    var split: SplitLayout?

    /// The writer options these flags ask for.
    var writeOptions: WriteOptions {
        WriteOptions(delimiter: delimited.delimiter, formulaGuard: !delimited.noFormulaGuard, split: split)
    }
}

/// `--delimiter` and `--no-formula-guard`, for CSV and its dialects.
struct DelimitedTextOptions: ParsableArguments {
    @Option(help: ArgumentHelp("CSV field delimiter: one ASCII character, or 'tab' (read: sniffed when absent; write: ',').",
                               valueName: "char"),
            transform: parseDelimiter)
    var delimiter: UInt8?

    @Flag(name: .customLong("no-formula-guard"),
          help: "Write CSV cells that start with =, +, -, @, tab or CR as they are, without a leading '.")
    var noFormulaGuard = false
}

/// Reads `--inspect`-style inputs with only `--from`, `--kind`, `--delimiter` and `--strict`.
struct InputFormatOptions: ParsableArguments {
    @Option(help: ArgumentHelp("Read inputs as this format (see 'cardport formats').", valueName: "format"))
    var from: String?

    @Option(help: ArgumentHelp("Read records without a kind as this kind.", valueName: "kind"), transform: parseKind)
    var kind: RecordKind?

    @Option(help: ArgumentHelp("CSV field delimiter: one ASCII character, or 'tab' (sniffed when absent).", valueName: "char"),
            transform: parseDelimiter)
    var delimiter: UInt8?

    @Flag(help: "Report what a lenient format cannot map (a Markdown list item that is neither a task nor a link) as an error.")
    var strict = false
}

/// Options that shape how readers read, shared by the commands that read inputs.
struct ReadingOptions: ParsableArguments {
    @Option(name: .customLong("folders-as-tags"),
            help: ArgumentHelp("Which folder names become bookmark tags (bookmark HTML, Firefox JSON, XBEL, OPML): none, parent or all (default: all).",
                               valueName: "which"),
            transform: parseFoldersAsTags)
    var foldersAsTags: FoldersAsTags = .all

    /// The options for every reader of the command, with its `--kind`, `--delimiter` and `--strict`.
    func readOptions(kind: RecordKind?, delimiter: UInt8?, strict: Bool) -> ReadOptions {
        ReadOptions(kind: kind, foldersAsTags: foldersAsTags, delimiter: delimiter, strict: strict)
    }
}

/// Parses `--delimiter`: one ASCII character other than a quote or a line break, or `tab`.
func parseDelimiter(_ text: String) throws -> UInt8 {
    if text.lowercased() == "tab" || text == "\\t" { return 0x09 }
    guard text.utf8.count == 1, let byte = text.utf8.first, byte < 0x80, byte != 0x22, byte != 0x0A, byte != 0x0D else {
        throw ValidationError("'\(text)' is not a delimiter; use one ASCII character such as , ; | or 'tab'")
    }
    return byte
}

/// Parses `--folders-as-tags`.
func parseFoldersAsTags(_ text: String) throws -> FoldersAsTags {
    guard let value = FoldersAsTags(rawValue: text.lowercased()) else {
        throw ValidationError("'\(text)' is not one of: \(FoldersAsTags.allCases.map(\.rawValue).joined(separator: ", "))")
    }
    return value
}

/// Parses `--kind`: a singular or plural kind name.
func parseKind(_ text: String) throws -> RecordKind {
    guard let kind = RecordKind(name: text) else {
        throw ValidationError("'\(text)' is not a kind; use one of: \(RecordKind.allCases.map(\.pluralName).joined(separator: ", "))")
    }
    return kind
}

/// Parses `--split`: `book` or `citation`.
func parseSplit(_ text: String) throws -> SplitLayout {
    guard let layout = SplitLayout(rawValue: text.lowercased()) else {
        throw ValidationError("'\(text)' is not a layout; use one of: \(SplitLayout.allCases.map(\.rawValue).joined(separator: ", "))")
    }
    return layout
}

/// How a command prints its report.
enum ReportStyle: String, ExpressibleByArgument, CaseIterable {
    case text, json
}
