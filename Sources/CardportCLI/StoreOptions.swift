import ArgumentParser
import CardportCore
import CardportStore
import Foundation

/// `--store PATH`, shared by the commands that use the store.
struct StoreOptions: ParsableArguments {
    @Option(help: ArgumentHelp("The store file (default: $CARDPORT_STORE, else $XDG_DATA_HOME/cardport/store.sqlite, else ~/.local/share/cardport/store.sqlite).",
                               valueName: "path"))
    var store: String?

    /// The store's path, from the option, the environment or the default location.
    var path: String {
        get throws(CardportError) {
            guard let path = StoreLocation.resolve(option: store, environment: ProcessInfo.processInfo.environment) else {
                throw CardportError(.usage, "no store location: HOME is not set",
                                    hint: "pass --store PATH or set CARDPORT_STORE")
            }
            return path
        }
    }

    /// Opens (and on first use creates) the store, to change it.
    func open() throws(CardportError) -> Store {
        try Store(path: try path)
    }

    /// Opens the store only to read it: read-only when its file or directory is not writable.
    func openForReading() throws(CardportError) -> Store {
        try Store(path: try path, access: .reading)
    }
}

/// The filters of `export`, `archive`, `unarchive` and `purge`.
struct StoreFilterOptions: ParsableArguments {
    @Option(help: ArgumentHelp("Only cards with this tag.", valueName: "tag"))
    var tag: String?

    @Flag(help: "Only favourite citations.")
    var favourites = false

    @Option(help: ArgumentHelp("Only citations by this author (case and spacing do not matter).", valueName: "author"))
    var author: String?

    /// The filter these options describe, over `kinds` and `ids`.
    func filter(kinds: Set<RecordKind>?, archived: StoreFilter.Archived, ids: [String] = []) -> StoreFilter {
        StoreFilter(kinds: kinds, tag: tag, favouritesOnly: favourites, archived: archived, author: author, ids: ids)
    }

    /// Whether any filter is set.
    var isSet: Bool { tag != nil || favourites || author != nil }
}
