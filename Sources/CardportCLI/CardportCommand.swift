import ArgumentParser
import Cardport
import CardportCore
import Foundation

/// `cardport`: convert, merge and back up personal cards between files and the app's store.
@main
struct CardportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "cardport",
        abstract: "Convert personal cards (citations, bookmarks, tasks, topics) between file formats.",
        discussion: HelpText.reflowed("""
            Formats are chosen by --from/--to, else by file extension, else by looking at the content.
            Run 'cardport formats' for the list. '-' reads standard input or writes standard output.

            Exit codes:
              0   success
              3   records dropped: the target cannot hold some whole records; the rest were written
              64  usage: bad arguments, unknown or ambiguous format, a target that can hold none of the
                  records (nothing is written)
              65  bad input data: malformed file, invalid value, a limit exceeded, records rejected
              66  an input file does not exist
              74  reading or writing failed (permissions, disk full, a file larger than ulimit -f, missing directory)
              129 stopped by SIGHUP, 130 by SIGINT (Ctrl-C), 143 by SIGTERM: outputs not yet written are removed
            """),
        version: CardportVersion.current,
        subcommands: [Convert.self, Merge.self, Dedupe.self, Inspect.self, Formats.self, Plugins.self,
                      Import.self, Export.self, Archive.self, Unarchive.self, Purge.self, Backup.self, Restore.self,
                      Verify.self, Stats.self,
                      List.self, Show.self, Edit.self, Tag.self, Search.self]
    )

    /// Handles interruption (``Interruption``), then parses and runs the command.
    static func main() {
        Interruption.install()
        if let problem = ArgumentCheck.problem(in: Array(CommandLine.arguments.dropFirst())) {
            Terminal.printError(problem.rendered(colour: Terminal.usesColour))
            Foundation.exit(problem.exitCode)
        }
        main(nil)
    }
}

enum CardportVersion {
    static let current = "0.1.0"
}
