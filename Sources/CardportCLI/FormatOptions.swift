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
}

/// Reads `--inspect`-style inputs with only `--from` and `--kind`.
struct InputFormatOptions: ParsableArguments {
    @Option(help: ArgumentHelp("Read inputs as this format (see 'cardport formats').", valueName: "format"))
    var from: String?

    @Option(help: ArgumentHelp("Read records without a kind as this kind.", valueName: "kind"), transform: parseKind)
    var kind: RecordKind?
}

/// Options that shape how readers read, shared by the commands that read inputs.
struct ReadingOptions: ParsableArguments {
    @Option(name: .customLong("folders-as-tags"),
            help: ArgumentHelp("Which folder names become bookmark tags (bookmark HTML, XBEL, OPML): none, parent or all (default: all).",
                               valueName: "which"),
            transform: parseFoldersAsTags)
    var foldersAsTags: FoldersAsTags = .all

    /// The options for every reader of the command.
    func readOptions(kind: RecordKind?) -> ReadOptions {
        ReadOptions(kind: kind, foldersAsTags: foldersAsTags)
    }
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

/// How a command prints its report.
enum ReportStyle: String, ExpressibleByArgument, CaseIterable {
    case text, json
}
