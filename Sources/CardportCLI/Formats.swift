import ArgumentParser
import Cardport
import CardportCore

extension CardportCommand {
    struct Formats: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "formats",
            abstract: "List the formats Cardport reads and writes.",
            discussion: "Formats.md describes each one: its fields, mapping, and what it cannot hold."
        )

        @Flag(help: "Print the list as JSON: the formats, each with where it comes from, and the broken plugins.")
        var json = false

        @OptionGroup var plugins: PluginOptions

        func run() throws {
            let found = plugins.plugins()
            var added = (registry: FormatRegistry.standard, broken: [PluginSet.Broken]())
            try Terminal.run { () throws(CardportError) in added = try FormatRegistry.standard.addingPlugins(found) }
            let catalogue = FormatCatalogue(registry: added.registry)
            let origins = PluginCatalogue(registry: added.registry, broken: added.broken)
            Terminal.printOutput(json ? Terminal.json(catalogue.document(broken: added.broken)) : catalogue.table + origins.text)
        }
    }
}
