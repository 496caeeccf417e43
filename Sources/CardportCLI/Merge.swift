import ArgumentParser
import Cardport
import CardportCore

extension CardportCommand {
    struct Merge: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "merge",
            abstract: "Merge files into one, folding copies of the same card.",
            discussion: HelpText.reflowed("""
                Inputs may be in any formats Cardport reads; they are merged in the order given. Two
                records are copies of one card when their identity keys match (Merging.md explains the
                keys, the policies and the report). Near duplicates are always counted and folded with
                --near. The output appears only when the whole merge succeeds. A summary goes to
                standard error; --report json prints it as JSON instead (on standard output, or on
                standard error when the merged data goes to standard output).

                Examples:
                  cardport merge backup.json kindle.jsonl -o all.json
                  cardport merge old.jsonl new.jsonl -o merged.jsonl --policy incoming --near
                """)
        )

        @Argument(help: ArgumentHelp("Input files, in merge order ('-' for standard input).", valueName: "input"))
        var inputs: [String]

        @Option(name: [.short, .customLong("output")], help: ArgumentHelp("Output file ('-' for standard output).", valueName: "file"))
        var output: String

        @OptionGroup var formats: FormatOptions

        @OptionGroup var reading: ReadingOptions

        @OptionGroup var plugins: PluginOptions

        @OptionGroup var merging: MergeFlags

        @OptionGroup var keepGoingOption: KeepGoingOption

        @OptionGroup var reporting: ReportOptions

        func validate() throws {
        }

        func run() throws {
            var request = MergeRequest(
                inputs: inputs, output: output, from: formats.from, to: formats.to, kind: formats.kind,
                keepGoing: keepGoingOption.keepGoing,
                options: MergeOptions(policy: merging.policy, foldsNearDuplicates: merging.near),
                readOptions: reading.readOptions(kind: formats.kind, delimiter: formats.delimited.delimiter,
                                                 strict: formats.strict, plistKey: formats.plist.key),
                writeOptions: formats.writeOptions)
            request.inPlace = formats.inPlace
            try MergeCommandOutput.run(request, reporting: reporting, plugins: plugins)
        }
    }
}
