import ArgumentParser
import CardportCore

/// `--from`, `--to` and `--kind`, shared by the commands that read and write formats.
struct FormatOptions: ParsableArguments {
    @Option(help: ArgumentHelp("Read inputs as this format (see 'cardport formats').", valueName: "format"))
    var from: String?

    @Option(help: ArgumentHelp("Write this format (else the output's extension decides).", valueName: "format"))
    var to: String?

    @Option(help: ArgumentHelp("Only records of this kind: citations, bookmarks, tasks, topics, tags or settings.", valueName: "kind"),
            transform: parseKind)
    var kind: RecordKind?

    @Flag(help: "Report what a lenient format cannot map (a Markdown list item that is neither a task nor a link) as an error.")
    var strict = false

    @Option(help: ArgumentHelp("Write one file per book or per citation into --out-dir (Markdown): book or citation.", valueName: "layout"),
            transform: parseSplit)
    var split: SplitLayout?

    /// The reader options these flags ask for.
    var readOptions: ReadOptions { ReadOptions(kind: kind, strict: strict) }

    /// The writer options these flags ask for.
    var writeOptions: WriteOptions { WriteOptions(split: split) }
}

/// Reads `--inspect`-style inputs with only `--from`, `--kind` and `--strict`.
struct InputFormatOptions: ParsableArguments {
    @Option(help: ArgumentHelp("Read inputs as this format (see 'cardport formats').", valueName: "format"))
    var from: String?

    @Option(help: ArgumentHelp("Read records without a kind as this kind.", valueName: "kind"), transform: parseKind)
    var kind: RecordKind?

    @Flag(help: "Report what a lenient format cannot map (a Markdown list item that is neither a task nor a link) as an error.")
    var strict = false
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
