public import CardportCore
public import CardportStore
import Foundation

/// The store file an operation works on: where it is, and how the operation opens it.
///
/// A command names the store by `--store`, else `$CARDPORT_STORE`, else the XDG data directory
/// (``CardportStore/StoreLocation``); ``locate(option:environment:)`` turns that into a path, and
/// each operation's `init(opening:)` opens it as its work needs (``Access``), so a command hands
/// the operation a path and never holds a ``CardportStore/Store`` itself.
///
/// ```swift
/// let file = try StoreFile.locate(option: nil, environment: ["HOME": "/home/ada"])
/// file.path   // "/home/ada/.local/share/cardport/store.sqlite"
/// let entries = try Listing(opening: file).run(filter: CardFilter(tags: ["stoicism"]))
/// ```
public struct StoreFile: Sendable, Hashable {
    /// How an operation opens the store.
    public enum Access: Sendable, Hashable {
        /// Only to read it (list, search, show, stats, export, backup): a file or directory that is
        /// not writable is read as it is, and a path that names nothing is an error, never a new store.
        case reading
        /// To change one card or tag (edit, tag): SQLite's own checks on the pages the change
        /// touches stand in for a check of the whole file.
        case editing
        /// To change many cards (archive, purge): made on first use, and an existing store's
        /// pages are checked first, so a damaged one is refused before the write.
        case writing
        /// To import: as ``writing``, but the pages of a store that holds cards are checked on
        /// another thread while the import reads and writes, and the import waits for the verdict
        /// before it commits (``Importing``).
        case importing
    }

    /// The store file's path.
    public let path: String

    /// The store file at `path`.
    public init(path: String) {
        self.path = path
    }

    /// The store a command names: `option` (`--store`) when given, else `CARDPORT_STORE`, else
    /// `$XDG_DATA_HOME/cardport/store.sqlite`, else `~/.local/share/cardport/store.sqlite`.
    ///
    /// Throws a usage error when none of these is set (no `HOME` either).
    public static func locate(option: String?, environment: [String: String]) throws(CardportError) -> StoreFile {
        guard let path = StoreLocation.resolve(option: option, environment: environment) else {
            throw CardportError(.usage, "no store location: HOME is not set", hint: "pass --store PATH or set CARDPORT_STORE")
        }
        return StoreFile(path: path)
    }

    /// Opens the store (with ``Access/editing``, ``Access/importing`` and ``Access/writing``, making
    /// it on first use).
    public func open(_ access: Access) throws(CardportError) -> Store {
        switch access {
        case .reading:
            return try Store(path: path, access: .reading)
        case .editing, .importing:
            return try Store(path: path)
        case .writing:
            let existed = FileManager.default.fileExists(atPath: path)
            let store = try Store(path: path)
            if existed { try store.checkPages() }
            return store
        }
    }
}
