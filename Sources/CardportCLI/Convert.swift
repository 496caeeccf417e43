import ArgumentParser
import Cardport
import CardportCore

extension CardportCommand {
    struct Convert: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "convert",
            abstract: "Convert files from one format to another.",
            discussion: HelpText.reflowed("""
                All inputs go into one output with -o, or each input into its own file under --out-dir.
                Outputs appear only when the whole conversion succeeds. A summary goes to standard
                error; --report json prints it as JSON instead (on standard output, or on standard
                error when the converted data goes to standard output). A run that drops whole
                records the target cannot hold writes the rest and exits 3; one that would write no
                record at all writes nothing and exits 64.

                Examples:
                  cardport convert Samples/dummyjson-quotes-page.json -o quotes.jsonl
                  cardport convert a.jsonl b.jsonl -o all.json
                  cardport convert *.json --out-dir converted --to jsonl
                  cat quotes.jsonl | cardport convert - -o - --to cardport
                  cardport convert highlights.jsonl --out-dir Notes --to markdown --split book
                  cardport convert highlights.jsonl --out-dir Notes --to markdown --split book --template Book.md.stencil
                """)
        )

        @Argument(help: ArgumentHelp("Input files ('-' for standard input).", valueName: "input"))
        var inputs: [String]

        @Option(name: [.short, .customLong("output")], help: ArgumentHelp("Output file ('-' for standard output).", valueName: "file"))
        var output: String?

        @Option(name: .customLong("out-dir"), help: ArgumentHelp("Write each input to its own file in this directory (needs --to).", valueName: "dir"))
        var outDir: String?

        @OptionGroup var formats: FormatOptions

        @OptionGroup var layout: SplitOptions

        @Flag(help: "With --split: replace generated blocks edited by hand with the input's version.")
        var force = false

        @Option(help: ArgumentHelp("With --split: render each note from this Stencil template (see Formats.md).", valueName: "file"))
        var template: String?

        @OptionGroup var reading: ReadingOptions

        @OptionGroup var plugins: PluginOptions

        @OptionGroup var keepGoingOption: KeepGoingOption

        @OptionGroup var reporting: ReportOptions

        func validate() throws {
            if output == nil && outDir == nil {
                throw ValidationError("Give an output: -o FILE (or -o - for standard output), or --out-dir DIR.")
            }
            if output != nil && outDir != nil {
                throw ValidationError("Use either -o or --out-dir, not both.")
            }
            if layout.split != nil && outDir == nil {
                throw ValidationError("--split writes a directory of files: give it with --out-dir DIR.")
            }
            if template != nil && layout.split == nil {
                throw ValidationError("--template renders the notes of a folder: give it with --out-dir DIR --split book|citation.")
            }
        }

        /// The writer options of the format flags, with the split layout.
        var writeOptions: WriteOptions {
            var options = formats.writeOptions
            options.split = layout.split
            return options
        }

        func run() throws {
            var request = ConversionRequest(
                inputs: inputs,
                destination: outDir.map { .directory($0) } ?? .file(output!),
                from: formats.from, to: formats.to, kind: formats.kind, keepGoing: keepGoingOption.keepGoing,
                readOptions: reading.readOptions(kind: formats.kind, delimiter: formats.delimited.delimiter,
                                                 strict: formats.strict, plistKey: formats.plist.key),
                writeOptions: writeOptions)
            request.writeOptions.replacesEditedBlocks = force
            request.writeOptions.noteTemplate = template
            request.inPlace = formats.inPlace
            let bar = reporting.quiet ? nil : ProgressBar.forTerminal()
            var report = ConversionReport()
            try Terminal.run { () throws(CardportError) in
                defer { bar?.finish() }
                report = try Conversion(registry: try plugins.registry()).run(request) { bar?.update($0) }
            }
            try reporting.finish(report, dataOnStandardOutput: output == "-")
        }
    }
}
