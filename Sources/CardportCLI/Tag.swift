import ArgumentParser
import Cardport
import CardportCore

extension CardportCommand {
    struct Tag: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "tag",
            abstract: "List the store's tags, or rename, recolour or delete one.",
            discussion: HelpText.reflowed("""
                Renaming a tag to one that exists merges the two. Colours are a palette name (red, orange,
                yellow, green, mint, teal, blue, indigo, purple, pink), #RRGGBB, or none.

                Examples:
                  cardport tag
                  cardport tag rename stoic stoicism
                  cardport tag colour stoicism teal
                  cardport tag delete drafts
                """),
            subcommands: [TagList.self, TagRename.self, TagRecolour.self, TagDelete.self],
            defaultSubcommand: TagList.self
        )
    }

    struct TagList: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "list", abstract: "List tags with colours and card counts.")

        @Flag(help: "Print JSON.")
        var json = false

        @OptionGroup var store: StoreOptions

        func run() throws {
            var text = ""
            try Terminal.run { () throws(CardportError) in
                let tags = try Tagging(opening: try store.file, for: .reading).list()
                text = json ? Terminal.json(tags) : Tagging.table(tags, colour: ListFormat.colourOnStandardOutput)
            }
            Terminal.printOutput(text)
        }
    }

    struct TagRename: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "rename", abstract: "Rename a tag on every card.")

        @Argument(help: ArgumentHelp("The tag.", valueName: "tag"))
        var name: String

        @Argument(help: ArgumentHelp("Its new name.", valueName: "new-name"))
        var newName: String

        @OptionGroup var store: StoreOptions

        func run() throws {
            var count = 0
            try Terminal.run { () throws(CardportError) in
                count = try Tagging(opening: try store.file, for: .editing).rename(name, to: newName)
            }
            Terminal.printError("renamed '\(name)' to '\(newName)' on \(ConversionReport.count(count, "card"))\n")
        }
    }

    struct TagRecolour: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "colour", abstract: "Set a tag's colour.",
                                                        aliases: ["color", "recolour"])

        @Argument(help: ArgumentHelp("The tag.", valueName: "tag"))
        var name: String

        @Argument(help: ArgumentHelp("A palette name, #RRGGBB, or none.", valueName: "colour"))
        var colour: String

        @OptionGroup var store: StoreOptions

        func run() throws {
            try Terminal.run { () throws(CardportError) in
                try Tagging(opening: try store.file, for: .editing).recolour(name, colour)
            }
            Terminal.printError("'\(name)' is now \(colour.lowercased() == "none" ? "without a colour" : colour)\n")
        }
    }

    struct TagDelete: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "delete", abstract: "Remove a tag from every card and delete it.")

        @Argument(help: ArgumentHelp("The tag.", valueName: "tag"))
        var name: String

        @OptionGroup var store: StoreOptions

        func run() throws {
            var count = 0
            try Terminal.run { () throws(CardportError) in
                count = try Tagging(opening: try store.file, for: .editing).delete(name)
            }
            Terminal.printError("deleted '\(name)' from \(ConversionReport.count(count, "card"))\n")
        }
    }
}
