public import CardportCore
import Foundation
import GRDB

/// The app's store: one SQLite file holding every kind of card, with where each came from.
///
/// Opening a store creates the file (and its directory) on first use and applies any migration it
/// lacks. The file is in WAL mode with foreign keys on and a busy timeout, so two `cardport`
/// processes on one store wait for each other instead of failing. Every change runs in one
/// transaction (``write(commit:_:)``): on any error nothing of it is kept.
///
/// ```swift
/// let store = try Store(path: "/tmp/cards.sqlite")
/// try store.write { transaction in
///     _ = try transaction.upsert(.citation(Citation(text: "Carpe diem.")), policy: .newest)
/// }
/// try store.statistics().citations   // 1
/// ```
///
/// ## Topics
/// - ``write(commit:_:)``
/// - ``read(_:)``
/// - ``StoreTransaction``
/// - ``StoreReader``
public final class Store: Sendable {
    /// The store file's path.
    public let path: String
    private let queue: DatabaseQueue

    /// How long a process waits for another one's transaction before giving up.
    public static let busyTimeout: Double = 60

    /// Opens (and on first use creates) the store at `path`.
    public init(path: String) throws(CardportError) {
        self.path = path
        let directory = (path as NSString).deletingLastPathComponent
        if !directory.isEmpty, !FileManager.default.fileExists(atPath: directory) {
            do {
                try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
            } catch {
                throw CardportError(.io, "cannot create the store's directory '\(directory)': \(error.localizedDescription)")
            }
        }
        var configuration = Configuration()
        configuration.busyMode = .timeout(Store.busyTimeout)
        configuration.foreignKeysEnabled = true
        configuration.journalMode = .wal
        configuration.prepareDatabase { db in
            // WAL with synchronous=NORMAL keeps the file consistent and each transaction atomic on a
            // crash (a commit not yet checkpointed may be lost on power failure, never half-applied).
            try db.execute(sql: "PRAGMA synchronous = NORMAL")
        }
        queue = try Store.attempt(path) { try DatabaseQueue(path: path, configuration: configuration) }
        // Two processes opening a new store at once both see it unmigrated; the second fails on
        // tables the first created, and on the next attempt finds the migrations applied.
        let migrator = StoreSchema.migrator
        var attempt = 0
        while true {
            do {
                try migrator.migrate(queue)
                break
            } catch {
                attempt += 1
                if attempt >= 3 { throw Store.failure(error, path: path) }
            }
        }
    }

    /// Runs `body` in one immediate transaction, committed when it returns and rolled back when it
    /// throws: on any error, the store is exactly as before. With `commit: false` the transaction is
    /// rolled back anyway (a dry run).
    public func write<T>(commit: Bool = true,
                         _ body: (StoreTransaction) throws -> T) throws(CardportError) -> T {
        try Store.attempt(path) {
            try queue.writeWithoutTransaction { db in
                // Up to 512 MiB of pages, taken only as the transaction needs them: an import's random
                // index look-ups and inserts then stay in memory instead of spilling to the WAL.
                try db.execute(sql: "PRAGMA cache_size = -524288")
                var result: T?
                try db.inTransaction(.immediate) {
                    let transaction = try StoreTransaction(db: db)
                    result = try body(transaction)
                    return commit ? .commit : .rollback
                }
                return result!
            }
        }
    }

    /// Runs `body` with a read-only view of the store as of one moment.
    public func read<T>(_ body: (StoreReader) throws -> T) throws(CardportError) -> T {
        try Store.attempt(path) {
            try queue.read { db in try body(StoreReader(db: db)) }
        }
    }

    /// The names of the migrations applied to the store, oldest first.
    public func appliedMigrations() throws(CardportError) -> [String] {
        try Store.attempt(path) { try queue.read { db in try StoreSchema.migrator.appliedMigrations(db) } }
    }

    /// The result of `PRAGMA integrity_check`: `["ok"]` for a sound file.
    public func integrityCheck() throws(CardportError) -> [String] {
        try Store.attempt(path) { try queue.read { db in try String.fetchAll(db, sql: "PRAGMA integrity_check") } }
    }

    // MARK: Errors

    static func attempt<T>(_ path: String, _ body: () throws -> T) throws(CardportError) -> T {
        do {
            return try body()
        } catch let error as CardportError {
            throw error
        } catch {
            throw failure(error, path: path)
        }
    }

    static func failure(_ error: any Error, path: String) -> CardportError {
        guard let database = error as? DatabaseError else {
            return CardportError(.io, "the store '\(path)' failed: \(error)")
        }
        let message = database.message ?? "\(database.resultCode)"
        switch database.resultCode {
        case .SQLITE_BUSY, .SQLITE_LOCKED:
            return CardportError(.io, "the store '\(path)' is busy: \(message)",
                                 hint: "another cardport is using it; try again when it has finished")
        case .SQLITE_NOTADB, .SQLITE_CORRUPT:
            return CardportError(.io, "'\(path)' is not a Cardport store or is damaged: \(message)",
                                 hint: "restore it from a backup ('cardport restore BACKUP --replace')")
        case .SQLITE_CANTOPEN, .SQLITE_READONLY, .SQLITE_PERM:
            return CardportError(.io, "cannot open the store '\(path)': \(message)",
                                 hint: "check that the directory exists and is writable, or pass --store")
        case .SQLITE_FULL:
            return CardportError(.io, "the disk is full while writing the store '\(path)'")
        default:
            return CardportError(.io, "the store '\(path)' failed: \(message)")
        }
    }
}
