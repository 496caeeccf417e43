import ArgumentParser
import Cardport
import CardportCore

extension CardportCommand {
    struct Inspect: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "inspect",
            abstract: "Show each file's detected format and how many records of each kind it holds.",
            discussion: HelpText.reflowed("""
                Every file is read to the end, so a file that inspects cleanly also converts cleanly.
                With several files, a bad one is reported and the others are still inspected.
                """)
        )

        @Argument(help: ArgumentHelp("Files to inspect ('-' for standard input).", valueName: "file"))
        var files: [String]

        @OptionGroup var formats: InputFormatOptions

        @OptionGroup var reading: ReadingOptions

        @OptionGroup var plugins: PluginOptions

        @OptionGroup var output: OutputReportOptions

        func run() throws {
            var reports: [InspectionReport] = []
            var failure: ExitCode?
            for file in files {
                do {
                    reports.append(contentsOf: try Inspection(registry: try plugins.registry()).run(path: file, from: formats.from, kind: formats.kind,
                                                                         options: reading.readOptions(kind: formats.kind, delimiter: formats.delimiter,
                                                                                                      strict: formats.strict, plistKey: formats.plistKey)))
                } catch {
                    // Every bad file is reported; the exit code is the first one's.
                    let code = Terminal.fail(error)
                    failure = failure ?? code
                }
            }
            output.print(reports)
            if let failure { throw failure }
        }
    }
}
