import ArgumentParser
import Cardport
import CardportCore

extension CardportCommand {
    struct Import: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "import",
            abstract: "Import files into the store, merging copies of cards it already has.",
            discussion: HelpText.reflowed("""
                Inputs may be in any format Cardport reads. The store remembers where each card came
                from (its origins, Merging.md): re-importing a source merges three ways, so what the
                source changed since its last import flows in (removals too), edits made in the store
                stay, and a field both changed goes by --policy. A record the store has no origin for
                is merged by its identity key; a new one is added; importing the same file again
                changes nothing. With --mirror, citations gone from a source are archived. All inputs are imported in one
                transaction: on any error the store is exactly as before. A summary goes to standard
                error; --report json prints it on standard output instead.

                Examples:
                  cardport import "My Clippings.txt"
                  cardport import backup.jsonl --policy incoming --dry-run
                  cardport import backup.json --mirror
                """)
        )

        @Argument(help: ArgumentHelp("Input files, imported in order ('-' for standard input).", valueName: "input"))
        var inputs: [String]

        @OptionGroup var store: StoreOptions

        @OptionGroup var formats: InputFormatOptions

        @OptionGroup var reading: ReadingOptions

        @OptionGroup var plugins: PluginOptions

        @Option(help: ArgumentHelp("Which copy wins a field conflict: newest (latest updatedAt), existing (the store's) or incoming (the file's).",
                                   valueName: "policy"), transform: parsePolicy)
        var policy: MergePolicy = .newest

        @Flag(help: "Each input lists everything its source holds: archive the citations gone from it since its last import (cardport, jsonl, taskwarrior, firefox, buku; not kindle).")
        var mirror = false

        @Flag(name: .customLong("dry-run"), help: "Import nothing; report what the import would do.")
        var dryRun = false

        @OptionGroup var keepGoingOption: KeepGoingOption

        @OptionGroup var reporting: ReportOptions

        func run() throws {
            let request = ImportRequest(
                inputs: inputs, from: formats.from, kind: formats.kind, keepGoing: keepGoingOption.keepGoing, policy: policy,
                dryRun: dryRun,
                readOptions: reading.readOptions(kind: formats.kind, delimiter: formats.delimiter, strict: formats.strict,
                                                  plistKey: formats.plistKey),
                mirror: mirror)
            let bar = reporting.quiet ? nil : ProgressBar.forTerminal()
            var outcome = MergeOutcome(report: MergeReport())
            var path = ""
            try Terminal.run { () throws(CardportError) in
                defer { bar?.finish() }
                let file = try store.file
                path = file.path
                outcome = try Importing(registry: try plugins.registry(), opening: file).run(request) { bar?.update($0) }
            }
            try reporting.finish(outcome, text: outcome.importSummary(store: path, dryRun: dryRun))
        }
    }
}
