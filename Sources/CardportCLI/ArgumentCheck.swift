import ArgumentParser
import Cardport
import CardportCore
import Foundation

/// Checks a command line for what the argument parser would pass over or answer without a
/// suggestion: an unknown command, an unknown option (which would otherwise be taken for an input
/// file), and a single-value option given twice (which would otherwise keep the last silently).
///
/// The options of each command are read from its own help, so the check never drifts from what
/// the parser accepts.
enum ArgumentCheck {
    /// An option as its help lists it.
    struct Option {
        var names: [String]
        var takesValue: Bool
        var isRepeatable: Bool
    }

    /// The first problem with `arguments` (without the program name), or `nil`.
    static func problem(in arguments: [String]) -> CardportError? {
        guard let first = arguments.first, !first.hasPrefix("-"), first != "help" else { return nil }
        let commands = CardportCommand.configuration.subcommands
        let names = commands.flatMap { [$0._commandName] + $0.configuration.aliases }
        guard let command = commands.first(where: { $0._commandName == first || $0.configuration.aliases.contains(first) }) else {
            return CardportError(.usage, "unknown command '\(first)'",
                                 hint: (NameSuggestion.didYouMean(first, among: names).map { $0 + " " } ?? "")
                                    + "run 'cardport --help' for the list of commands")
        }
        // A command with subcommands of its own is checked by the parser.
        guard command.configuration.subcommands.isEmpty else { return nil }
        let options = self.options(of: command)
        var seen: Set<String> = []
        var index = 1
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            if argument == "--" { break }
            guard argument.hasPrefix("-"), argument != "-", !isNumber(argument) else { continue }
            let name = argument.split(separator: "=", maxSplits: 1).first.map(String.init) ?? argument
            let spelled: [String]
            if name.hasPrefix("--") || name.count == 2 {
                spelled = [name]
            } else {
                spelled = name.dropFirst().map { "-\($0)" }   // combined short flags: -qf
            }
            for single in spelled {
                guard let option = options.first(where: { $0.names.contains(single) }) else {
                    let all = options.flatMap(\.names).filter { $0.hasPrefix("--") == single.hasPrefix("--") }
                    return CardportError(.usage, "unknown option '\(single)' for 'cardport \(command._commandName)'",
                                         hint: (NameSuggestion.didYouMean(single, among: all).map { $0 + " " } ?? "")
                                            + "run 'cardport \(command._commandName) --help' for its options")
                }
                if option.takesValue {
                    if !option.isRepeatable, let canonical = option.names.last {
                        guard seen.insert(canonical).inserted else {
                            return CardportError(.usage, "\(option.names.joined(separator: "/")) is given more than once",
                                                 hint: "give it once; a later value would replace the earlier one")
                        }
                    }
                    if !argument.contains("=") { index += 1 }
                }
            }
        }
        return nil
    }

    /// The options `command`'s help lists (`-h, --help` included), hidden ones too, and the
    /// `--version` every command takes from the root.
    ///
    /// The help is the command's own, not the one `cardport help <command>` prints: that one lists
    /// every command above it as well, and costs three times as much on every run.
    static func options(of command: any ParsableCommand.Type) -> [Option] {
        let help = command.helpMessage(includeHidden: true, columns: 10_000)
        var options = [Option(names: ["-h", "--help"], takesValue: false, isRepeatable: false)]
        if !CardportCommand.configuration.version.isEmpty {
            options.append(Option(names: ["--version"], takesValue: false, isRepeatable: false))
        }
        // Options are listed after the usage line; the discussion before it may hold dashed lines.
        for line in help.split(separator: "\n").drop(while: { !$0.hasPrefix("USAGE:") }) {
            let trimmed = line.drop { $0 == " " }
            guard trimmed.first == "-", line.first == " " else { continue }
            // `  -o, --output <file>   Output file …`: names before the first run of two spaces.
            let spec = trimmed.components(separatedBy: "  ").first ?? String(trimmed)
            let description = trimmed.dropFirst(spec.count).lowercased()
            // `--favourite/--no-favourite` names both spellings of an inverted flag.
            let names = spec.split(separator: ",").compactMap { $0.split(separator: " ").first }
                .flatMap { $0.split(separator: "/").map(String.init) }
                .filter { $0.hasPrefix("-") }
            guard !names.isEmpty else { continue }
            options.append(Option(names: names, takesValue: spec.contains("<"),
                                  isRepeatable: spec.contains("...") || description.contains("repeat")))
        }
        return options
    }

    private static func isNumber(_ argument: String) -> Bool {
        Double(argument) != nil
    }
}
