import ArgumentParser
import Cardport
import CardportCore

extension CardportCommand {
    struct Dedupe: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "dedupe",
            abstract: "Fold duplicate cards within one file.",
            discussion: HelpText.reflowed("""
                Copies of one card (same identity key: see Merging.md) are folded into the first copy;
                with --near, near duplicates are folded too. --dry-run writes nothing and lists, on
                standard output, the groups that would be folded.

                Examples:
                  cardport dedupe quotes.jsonl -o clean.jsonl --near
                  cardport dedupe quotes.jsonl --dry-run
                """)
        )

        @Argument(help: ArgumentHelp("The file to deduplicate ('-' for standard input).", valueName: "input"))
        var input: String

        @Option(name: [.short, .customLong("output")], help: ArgumentHelp("Output file ('-' for standard output).", valueName: "file"))
        var output: String?

        @Flag(name: .customLong("dry-run"), help: "Write nothing; list the groups that would be folded.")
        var dryRun = false

        @OptionGroup var formats: FormatOptions

        @OptionGroup var reading: ReadingOptions

        @OptionGroup var plugins: PluginOptions

        @OptionGroup var merging: MergeFlags

        @OptionGroup var keepGoingOption: KeepGoingOption

        @OptionGroup var reporting: ReportOptions

        func validate() throws {
            if output == nil && !dryRun {
                throw ValidationError("Give an output: -o FILE (or -o - for standard output), or --dry-run.")
            }
            if output != nil && dryRun {
                throw ValidationError("--dry-run writes nothing: leave out -o.")
            }
        }

        func run() throws {
            var request = MergeRequest(
                inputs: [input], output: output, from: formats.from, to: formats.to, kind: formats.kind,
                keepGoing: keepGoingOption.keepGoing,
                options: MergeOptions(policy: merging.policy, foldsNearDuplicates: merging.near, collectsGroups: dryRun),
                readOptions: reading.readOptions(kind: formats.kind, delimiter: formats.delimited.delimiter,
                                                 strict: formats.strict, plistKey: formats.plist.key),
                writeOptions: formats.writeOptions)
            request.inPlace = formats.inPlace
            try MergeCommandOutput.run(request, reporting: reporting, plugins: plugins)
        }
    }
}
