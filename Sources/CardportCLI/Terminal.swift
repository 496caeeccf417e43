import ArgumentParser
import CardportCore
import Foundation

/// Where the commands print, and how: standard error for diagnostics and summaries, colour only on
/// a terminal and never when `NO_COLOR` is set.
enum Terminal {
    static var stderrIsTerminal: Bool { isatty(2) == 1 }

    static var usesColour: Bool {
        let environment = ProcessInfo.processInfo.environment
        if let noColour = environment["NO_COLOR"], !noColour.isEmpty { return false }
        if environment["TERM"] == "dumb" { return false }
        return stderrIsTerminal
    }

    static func printError(_ text: String) {
        FileHandle.standardError.write(Data(text.utf8))
    }

    static func printOutput(_ text: String) {
        FileHandle.standardOutput.write(Data(text.utf8))
    }

    /// Prints a Cardport error as a diagnostic and turns it into the process exit code.
    static func fail(_ error: CardportError) -> ExitCode {
        printError(error.rendered(colour: usesColour))
        return ExitCode(error.exitCode)
    }

    /// Runs a command body, printing any Cardport error compiler-style and exiting with its code.
    static func run(_ body: () throws(CardportError) -> Void) throws(ExitCode) {
        do {
            try body()
        } catch {
            throw fail(error)
        }
    }

    /// A value as pretty, key-sorted JSON followed by a newline.
    static func json(_ value: some Encodable) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        let data = (try? encoder.encode(value)) ?? Data("null".utf8)
        return String(decoding: data, as: UTF8.self) + "\n"
    }
}
