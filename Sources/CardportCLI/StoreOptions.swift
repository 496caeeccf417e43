import ArgumentParser
import Cardport
import CardportCore
import Foundation

/// `--store PATH`, shared by the commands that use the store.
struct StoreOptions: ParsableArguments {
    @Option(help: ArgumentHelp("The store file (default: $CARDPORT_STORE, else $XDG_DATA_HOME/cardport/store.sqlite, else ~/.local/share/cardport/store.sqlite).",
                               valueName: "path"))
    var store: String?

    /// The store file, from the option, the environment or the default location; the operation
    /// the command runs opens it as its work needs.
    var file: StoreFile {
        get throws(CardportError) {
            try StoreFile.locate(option: store, environment: ProcessInfo.processInfo.environment)
        }
    }
}

/// The filters of `export`, `archive`, `unarchive`, `purge`, `list` and `search`.
struct StoreFilterOptions: ParsableArguments {
    @Option(help: ArgumentHelp("Only cards with this tag; repeat for several (all of them, or any with --any-tag).",
                               valueName: "tag"))
    var tag: [String] = []

    @Flag(name: .customLong("any-tag"), help: "With several --tag, cards with any of them rather than all.")
    var anyTag = false

    @Flag(help: "Only favourite citations.")
    var favourites = false

    @Option(help: ArgumentHelp("Only citations one of whose authors has these words (case, accents and order do not matter).",
                               valueName: "author"))
    var author: String?

    @Option(help: ArgumentHelp("Only citations whose source (book) has these words.", valueName: "source"))
    var source: String?

    /// The filter these options describe, over `kinds` and `ids`.
    func filter(kinds: Set<RecordKind>?, archived: CardFilter.Archived, ids: [String] = []) -> CardFilter {
        CardFilter(kinds: kinds, tags: tag, anyTag: anyTag, favouritesOnly: favourites, archived: archived,
                   author: author, source: source, ids: ids)
    }

    /// Whether any filter is set.
    var isSet: Bool { !tag.isEmpty || favourites || author != nil || source != nil }
}
