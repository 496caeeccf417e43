import ArgumentParser
import Cardport
import CardportCore

extension CardportCommand {
    struct Formats: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "List the formats Cardport reads and writes.",
            discussion: "Formats.md describes each one: its fields, mapping, and what it cannot hold."
        )

        @Flag(help: "Print the list as JSON.")
        var json = false

        func run() throws {
            let catalogue = FormatCatalogue(registry: .standard)
            Terminal.printOutput(json ? Terminal.json(catalogue.entries) : catalogue.table)
        }
    }
}
