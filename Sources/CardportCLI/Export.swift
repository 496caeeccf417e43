import ArgumentParser
import Cardport
import CardportCore

extension CardportCommand {
    struct Export: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "export",
            abstract: "Write the store's cards to a file of any format.",
            discussion: HelpText.reflowed("""
                Every kind the target format can hold is written, unless --kind or a filter narrows it.
                Archived citations are left out unless --archived (only them) or --include-archived
                (them too). Cards stream from the store, so a large export holds one card at a time.

                Examples:
                  cardport export -o favourites.md --favourites
                  cardport export -o stoics.jsonl --tag stoic --author "Marcus Aurelius"
                  cardport export --out-dir Vault/Highlights --to markdown --split book
                  cardport export --out-dir Vault/Highlights --to markdown --split book --template Book.md.stencil
                """)
        )

        @Option(name: [.short, .customLong("output")], help: ArgumentHelp("Output file ('-' for standard output).", valueName: "file"))
        var output: String?

        @Option(name: .customLong("out-dir"), help: ArgumentHelp("Write one note per book or citation into this folder (with --split), updating the notes already there.", valueName: "dir"))
        var outDir: String?

        @Option(help: ArgumentHelp("With --out-dir: one file per book or per citation (book or citation).", valueName: "layout"),
                transform: parseSplit)
        var split: SplitLayout?

        @Flag(help: "With --out-dir: replace generated blocks edited by hand with the store's version.")
        var force = false

        @Option(help: ArgumentHelp("With --out-dir: render each note from this Stencil template (see Formats.md).", valueName: "file"))
        var template: String?

        @Option(help: ArgumentHelp("Write this format (else the output's extension decides).", valueName: "format"))
        var to: String?

        @Option(help: ArgumentHelp("Only cards of this kind: citations, bookmarks, tasks, topics, tags or settings.", valueName: "kind"),
                transform: parseKind)
        var kind: RecordKind?

        @OptionGroup var filters: StoreFilterOptions

        @Flag(help: "Only archived citations.")
        var archived = false

        @Flag(name: .customLong("include-archived"), help: "Archived citations too.")
        var includeArchived = false

        @OptionGroup var store: StoreOptions

        @OptionGroup var delimited: DelimitedTextOptions

        @OptionGroup var plist: PlistOptions

        @OptionGroup var plugins: PluginOptions

        @OptionGroup var reporting: ReportOptions

        func validate() throws {
            if archived && includeArchived { throw ValidationError("--archived and --include-archived exclude each other.") }
            if (output == nil) == (outDir == nil) { throw ValidationError("Give either -o FILE or --out-dir DIR.") }
            if outDir != nil && (split == nil || to == nil) {
                throw ValidationError("--out-dir writes a folder of notes: give --to and --split too.")
            }
            if template != nil && outDir == nil {
                throw ValidationError("--template renders the notes of a folder: give it with --out-dir DIR.")
            }
        }

        func run() throws {
            let filter = filters.filter(kinds: kind.map { [$0] },
                                        archived: archived ? .only : (includeArchived ? .include : .exclude))
            var summary: ExportSummary?
            try Terminal.run { () throws(CardportError) in
                let file = try store.file
                var options = plist.apply(to: WriteOptions(delimiter: delimited.delimiter, formulaGuard: !delimited.noFormulaGuard,
                                                           split: split))
                options.replacesEditedBlocks = force
                options.noteTemplate = template
                let exporting = try Exporting(registry: try plugins.registry(), opening: file)
                if let outDir, let to {
                    summary = try exporting.run(directory: outDir, to: to, filter: filter, writeOptions: options)
                } else {
                    summary = try exporting.run(output: output ?? "-", to: to, filter: filter, writeOptions: options)
                }
            }
            guard let summary else { return }
            try reporting.finish(summary, dataOnStandardOutput: output == "-")
        }
    }
}
