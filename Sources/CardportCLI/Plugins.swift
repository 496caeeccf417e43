import ArgumentParser
import Cardport
import CardportCore
import Foundation

extension CardportCommand {
    struct Plugins: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "plugins",
            abstract: "List the installed format plugins, or check one.",
            discussion: "Plugins.md describes the protocol and where Cardport looks for plugins.",
            subcommands: [List.self, Check.self]
        )
    }
}

extension CardportCommand.Plugins {
    struct List: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "list", abstract: "List the plugins found, their formats, and the broken ones with why.")

        @OptionGroup var plugins: PluginOptions

        func run() throws {
            let found = PluginSet.discover(plugins.search)
            var lines: [String] = []
            for plugin in found.plugins {
                lines.append("\(plugin.identity.name) \(plugin.description.version)  \(plugin.identity.path)")
                lines.append("  formats: \(plugin.description.formats.map(\.id).joined(separator: ", "))")
            }
            for broken in found.broken {
                lines.append("\(broken.identity.name) (broken)  \(broken.identity.path)")
                lines.append("  \(broken.reason)")
            }
            Terminal.printOutput(lines.isEmpty ? "no plugins found\n" : lines.joined(separator: "\n") + "\n")
        }
    }

    struct Check: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "check",
            abstract: "Run the conformance check on a plugin: empty input, a round trip, errors with lines, Unicode.",
            discussion: "PLUGIN is a path, or the name of an installed plugin. FILES are read with its formats too.")

        @Argument(help: ArgumentHelp("The plugin: a path or an installed plugin's name.", valueName: "plugin"))
        var plugin: String

        @Argument(help: ArgumentHelp("Files to read with the plugin's formats.", valueName: "file"))
        var files: [String] = []

        @OptionGroup var plugins: PluginOptions

        func run() throws {
            let identity: PluginIdentity
            if plugin.contains("/") {
                identity = PluginIdentity(path: plugin.hasPrefix("/") ? plugin : FileManager.default.currentDirectoryPath + "/" + plugin)
            } else if let found = PluginSet.discover(plugins.search).plugins.first(where: { $0.identity.name == plugin }) {
                identity = found.identity
            } else {
                Terminal.printError("error: no installed plugin is named '\(plugin)'; give its path (./\(plugin)) or run 'cardport plugins list'\n")
                throw ExitCode(64)
            }
            let check = PluginCheck(plugin: identity, files: files, timeout: plugins.pluginTimeout)
            var lines: [String] = []
            for step in check.steps {
                lines.append("\(step.passed ? "ok  " : "FAIL") \(step.name): \(step.detail.replacingOccurrences(of: "\n", with: "\n       "))")
            }
            lines.append(check.passed ? "\(identity.name): every check passed" : "\(identity.name): \(check.steps.filter { !$0.passed }.count) of \(check.steps.count) checks failed")
            Terminal.printOutput(lines.joined(separator: "\n") + "\n")
            if !check.passed { throw ExitCode(1) }
        }
    }
}
