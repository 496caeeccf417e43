import ArgumentParser
import Cardport
import CardportCore
import Foundation

extension CardportCommand {
    struct List: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "list",
            abstract: "List the store's cards, with short ids, filtered and sorted.",
            discussion: HelpText.reflowed("""
                Every kind of card is listed, archived citations left out unless --archived (only them) or
                --include-archived. Ids are shown by their shortest unique prefix (at least 6 characters),
                which every command that takes an id accepts. On a terminal the table fits its width.

                Examples:
                  cardport list --tag stoicism --tag ethics
                  cardport ls --author "le guin" --sort updated
                  cardport list --kind topics --overdue --json
                """),
            aliases: ["ls"]
        )

        @OptionGroup var filters: CardFilterOptions

        @Option(help: ArgumentHelp("The order: added, updated, created, author or due.", valueName: "order"),
                transform: parseSort)
        var sort: Listing.Sort = .added

        @Flag(help: "Print a JSON array of the cards (the jsonl format's objects).")
        var json = false

        @Option(help: ArgumentHelp("Print table (default), json or jsonl.", valueName: "format"))
        var format: ListFormat = .table

        @OptionGroup var store: StoreOptions

        func validate() throws {
            try filters.check()
        }

        func run() throws {
            var text = ""
            var found = 0
            try Terminal.run { () throws(CardportError) in
                let style = json ? .json : format
                let listing = try Listing(opening: try store.file)
                if style == .jsonl && sort == .added {
                    // Printed as read: tens of thousands of cards need not wait for the last.
                    let output = ByteOutput.standardOutput()
                    let writer = try Showing.jsonLinesWriter(output)
                    try listing.forEach(filter: try filters.filter()) { (record) throws(CardportError) in try writer.write(record) }
                    try writer.finish()
                    try output.flush()
                    return
                }
                let entries = try listing.run(filter: try filters.filter(), sort: sort, shortIDs: style == .table)
                found = entries.count
                switch style {
                case .table: text = CardTable(width: ListFormat.screenWidth, colour: ListFormat.colourOnStandardOutput).render(entries)
                case .json: text = try Showing.jsonArray(entries.map(\.record))
                case .jsonl: text = try Showing.jsonLines(entries.map(\.record))
                }
            }
            Terminal.printOutput(text)
            if found == 0 && !json && format == .table { Terminal.printError("no cards match\n") }
        }
    }
}

/// Parses `--sort`: added, updated, created, author or due.
func parseSort(_ text: String) throws -> Listing.Sort {
    guard let sort = Listing.Sort(rawValue: text.lowercased()) else {
        throw ValidationError("'\(text)' is not an order; use one of: \(Listing.Sort.allCases.map(\.rawValue).joined(separator: ", "))")
    }
    return sort
}

/// How `list` and `search` print what they find.
enum ListFormat: String, ExpressibleByArgument, CaseIterable {
    case table, json, jsonl

    /// The terminal's width: `COLUMNS`, else the terminal's own, else 100.
    static var screenWidth: Int {
        if let columns = ProcessInfo.processInfo.environment["COLUMNS"].flatMap(Int.init), columns > 0 { return columns }
        var size = winsize()
        if ioctl(1, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 { return Int(size.ws_col) }
        return 100
    }

    /// Whether standard output is a terminal that may be coloured (`NO_COLOR` unset, `TERM` not `dumb`).
    static var colourOnStandardOutput: Bool {
        let environment = ProcessInfo.processInfo.environment
        if let noColour = environment["NO_COLOR"], !noColour.isEmpty { return false }
        if environment["TERM"] == "dumb" { return false }
        return isatty(1) == 1
    }
}
