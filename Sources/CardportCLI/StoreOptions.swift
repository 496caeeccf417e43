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

    /// Opens (and on first use creates) the store, to change many cards (import, archive, purge):
    /// an existing store's pages are checked first, so a damaged one is refused before the write.
    func open() throws(CardportError) -> Store {
        let path = try path
        let existed = FileManager.default.fileExists(atPath: path)
        let store = try Store(path: path)
        if existed { try store.checkPages() }
        return store
    }

    /// Opens the store to change one card or tag (edit, tag): SQLite's own checks on the pages the
    /// change touches stand in for a check of the whole file.
    func openForEditing() throws(CardportError) -> Store {
        try Store(path: try path)
    }

    /// Opens the store only to read it: read-only when its file or directory is not writable.
    func openForReading() throws(CardportError) -> Store {
        try Store(path: try path, access: .reading)
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
    func filter(kinds: Set<RecordKind>?, archived: StoreFilter.Archived, ids: [String] = []) -> StoreFilter {
        StoreFilter(kinds: kinds, tags: tag, anyTag: anyTag, favouritesOnly: favourites, archived: archived,
                    author: author, source: source, ids: ids)
    }

    /// Whether any filter is set.
    var isSet: Bool { !tag.isEmpty || favourites || author != nil || source != nil }
}
