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
/// A store made by a newer Cardport (a migration this build does not know, or a higher
/// `user_version`) is refused before anything is written to it, and a store that is damaged or not
/// a store at all gives an error that says so. Opened for ``Access/reading``, a store whose file or
/// directory is not writable is still read.
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

    /// What a command will do with the store.
    public enum Access: Sendable, Hashable {
        /// Change it (import, archive, purge, restore): the file and its directory must be writable.
        case writing
        /// Only read it (export, stats, backup): a file or directory that is not writable is read as it is.
        case reading
    }

    /// Whether the store was opened read-only (``Access/reading`` on a file that is not writable).
    public let isReadOnly: Bool

    /// Opens (and on first use creates) the store at `path`.
    ///
    /// With ``Access/reading``, a store Cardport may not write is opened read-only instead of
    /// refused; it must then be fully migrated already.
    public init(path: String, access: Access = .writing) throws(CardportError) {
        self.path = path
        // Only a command that writes makes a new store: a reading command given a path that names
        // nothing (a typo) must not leave an empty store there.
        if access == .reading, !FileManager.default.fileExists(atPath: path) {
            throw CardportError(.fileNotFound, "there is no store at '\(path)'",
                                hint: "nothing was created; check --store (or CARDPORT_STORE), or import cards first")
        }
        if access == .reading, let queue = try Store.openReadOnlyIfNeeded(path) {
            self.queue = queue
            self.isReadOnly = true
            return
        }
        self.isReadOnly = false
        let directory = (path as NSString).deletingLastPathComponent
        if !directory.isEmpty, !FileManager.default.fileExists(atPath: directory) {
            do {
                try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
            } catch {
                throw CardportError(.io, "cannot create the store's directory '\(directory)': \(error.localizedDescription)")
            }
        }
        // A store that must not be touched is recognised on a read-only connection, before a
        // connection that may write is opened at all.
        if FileManager.default.fileExists(atPath: path) {
            let readOnly = try Store.readOnlyQueue(path)
            try Store.refuseForeign(readOnly, path: path)
            try Store.refuseNewerSchema(readOnly, path: path)
        }
        queue = try Store.patiently(path) { try DatabaseQueue(path: path, configuration: Store.configuration(path: path)) }
        // The id goes in before the first table: another process opening the file while this one
        // migrates it then knows it for a store being made, not another program's database.
        try Store.patiently(path) {
            try queue.writeWithoutTransaction { db in
                if try Int32.fetchOne(db, sql: "PRAGMA application_id") != Store.applicationID {
                    try db.execute(sql: "PRAGMA application_id = \(Store.applicationID)")
                }
            }
        }
        // Two processes opening a new store at once both see it unmigrated; the second fails on
        // tables the first created, and on the next attempt finds the migrations applied.
        let migrator = StoreSchema.migrator
        var attempt = 0
        var waits = 0
        while true {
            do {
                try migrator.migrate(queue)
                break
            } catch {
                if Store.isBusy(error), waits < Store.busyRetries {
                    waits += 1
                    usleep(Store.busyRetryPause)
                    continue
                }
                attempt += 1
                if attempt >= 3 { throw Store.failure(error, path: path) }
            }
        }
    }

    /// Runs `body` in one immediate transaction, committed when it returns and rolled back when it
    /// throws: on any error, the store is exactly as before. With `commit: false` the transaction is
    /// rolled back anyway (a dry run).
    ///
    /// `checkingReferences: false` is for a transaction that only adds and rewrites cards through
    /// ``StoreTransaction/upsert(_:policy:provenance:)`` (an import, a restore): every reference it
    /// writes is to a row it has just written or looked up, and deletes name their rows explicitly,
    /// so SQLite need not look up each new row's parents. Such a transaction into a store that holds
    /// no card yet goes through a rollback journal rather than the WAL (``fillsThroughJournal(_:)``).
    public func write<T>(commit: Bool = true, checkingReferences: Bool = true,
                         _ body: (StoreTransaction) throws -> T) throws(CardportError) -> T {
        try Store.attempt(path) {
            try queue.writeWithoutTransaction { db in
                // Up to 512 MiB of pages, taken only as the transaction needs them: an import's random
                // index look-ups and inserts then stay in memory instead of spilling to the WAL.
                try db.execute(sql: "PRAGMA cache_size = -524288")
                // Foreign keys and the journal can only be switched outside a transaction.
                if !checkingReferences { try db.execute(sql: "PRAGMA foreign_keys = OFF") }
                defer { if !checkingReferences { try? db.execute(sql: "PRAGMA foreign_keys = ON") } }
                let journalled = try !checkingReferences && Store.fillsThroughJournal(db)
                defer {
                    if journalled {
                        try? db.execute(sql: "PRAGMA journal_mode = WAL")
                        try? db.execute(sql: "PRAGMA synchronous = NORMAL")
                    }
                }
                var result: T?
                try db.inTransaction(.immediate) {
                    let transaction = try StoreTransaction(db: db)
                    result = try body(transaction)
                    guard commit else { return .rollback }
                    try transaction.finish()
                    return .commit
                }
                return result!
            }
        }
    }

    /// Switches an empty store from the WAL to a rollback journal, for one bulk transaction, and
    /// says whether it did.
    ///
    /// Through the WAL every page a transaction writes is written twice: to the WAL at commit, and
    /// to the file when the WAL is checkpointed. A rollback journal keeps the old content of the
    /// pages a transaction changes, and pages added at the end of the file have none: filling an
    /// empty store writes each page once, which takes a tenth off a first import. Either journal
    /// leaves the store as it was when the transaction fails or the process dies; the rollback
    /// journal's transaction syncs fully (`synchronous = FULL`), so that a power loss cannot leave
    /// half of it either. The switch needs the store to itself: while another connection has it
    /// open, the WAL stays.
    private static func fillsThroughJournal(_ db: Database) throws -> Bool {
        if try holdsCards(db) { return false }
        guard let mode = try? String.fetchOne(db, sql: "PRAGMA journal_mode = DELETE"), mode == "delete" else { return false }
        // A rollback journal is only as safe as its syncs: all of them, as the WAL's `NORMAL` is not.
        try db.execute(sql: "PRAGMA synchronous = FULL")
        return true
    }

    /// Whether the store holds a card of any kind.
    ///
    /// A write that fills a store holding none goes through a rollback journal, which needs the store
    /// to itself (``write(commit:checkingReferences:_:)``): a page check beside it
    /// (``checkPages()``) would keep it in the WAL.
    public func holdsCards() throws(CardportError) -> Bool {
        try Store.attempt(path) { try queue.read { db in try Store.holdsCards(db) } }
    }

    private static func holdsCards(_ db: Database) throws -> Bool {
        for (_, table) in CardRows.tables {
            if try Bool.fetchOne(db, sql: "SELECT EXISTS (SELECT 1 FROM \(table))") == true { return true }
        }
        return false
    }

    /// Brings the full-text index up to date with the cards added since it last caught up.
    ///
    /// Imports and restores do not index the cards they add, which would make each of them pay
    /// for a search that may never come: the first search after them does, here, in one write
    /// transaction; when the index already holds every card, this only reads.
    public func catchUpSearch() throws(CardportError) {
        let behind = try Store.attempt(path) { try queue.read { db in try SearchIndex.isBehind(db) } }
        guard behind else { return }
        guard !isReadOnly else {
            throw CardportError(.io, "the search index of '\(path)' does not hold its newest cards yet, and the store cannot be written here",
                                hint: "search once where the store is writable: the first search after an import indexes the cards it added")
        }
        try Store.attempt(path) {
            try queue.writeWithoutTransaction { db in
                try db.inTransaction(.immediate) {
                    try SearchIndex.catchUp(db)
                    return .commit
                }
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

    /// Throws unless `PRAGMA quick_check` finds every page of the store sound.
    ///
    /// A command that writes many rows (import, restore, archive, purge) calls it before it commits:
    /// SQLite only notices a damaged page when it reads that page, so a bulk write could otherwise go
    /// on around one and commit. The check reads the whole file, a cost of the order of the write
    /// itself; a one-card edit skips it and relies on SQLite reporting corruption on the pages it
    /// touches. It reads on a connection of its own, so it may run on another thread while a write
    /// goes on (an import's, ``holdsCards()``): it then sees the store as it was before that write.
    public func checkPages() throws(CardportError) {
        let check = try Store.readOnlyQueue(path)
        let problems = try Store.attempt(path) { try check.read { db in try String.fetchAll(db, sql: "PRAGMA quick_check") } }
        guard problems != ["ok"] else { return }
        throw CardportError(.io, "the store '\(path)' is damaged: \(problems.prefix(3).joined(separator: "; "))",
                            hint: "nothing was changed; restore it from a backup ('cardport restore BACKUP --replace'), or pass another --store")
    }

    /// The result of `PRAGMA integrity_check`: `["ok"]` for a sound file.
    public func integrityCheck() throws(CardportError) -> [String] {
        try Store.attempt(path) { try queue.read { db in try String.fetchAll(db, sql: "PRAGMA integrity_check") } }
    }

    // MARK: Opening

    /// The `user_version` this build writes and the highest it reads: Cardport leaves it at 0, and a
    /// later store format that older builds must not open raises it.
    static let userVersion = 0

    private static func configuration(readOnly: Bool = false, path: String) -> Configuration {
        var configuration = Configuration()
        // GRDB names a connection by its label in `Database.description`, which the store's errors
        // quote: the label is the file, so a message names it rather than 'GRDB.DatabaseQueue'.
        configuration.label = path
        configuration.busyMode = .timeout(Store.busyTimeout)
        configuration.foreignKeysEnabled = true
        configuration.readonly = readOnly
        if !readOnly {
            configuration.prepareDatabase { db in
                // WAL with synchronous=NORMAL keeps the file consistent and each transaction atomic on a
                // crash (a commit not yet checkpointed may be lost on power failure, never half-applied).
                // Set here rather than with GRDB's `journalMode = .wal`, which creates and drops a table
                // on every open to make the WAL file (for database pools): opening a store, even to
                // read it, then changes nothing in it.
                try db.execute(sql: "PRAGMA journal_mode = WAL")
                try db.execute(sql: "PRAGMA synchronous = NORMAL")
            }
        }
        return configuration
    }

    /// A read-only queue on the store when it exists and Cardport may not write it (the file or its
    /// directory), checked to be a store this build reads; `nil` when it can be opened normally.
    private static func openReadOnlyIfNeeded(_ path: String) throws(CardportError) -> DatabaseQueue? {
        let manager = FileManager.default
        guard manager.fileExists(atPath: path) else { return nil }
        let directory = (path as NSString).deletingLastPathComponent
        let writable = manager.isWritableFile(atPath: path) && manager.isWritableFile(atPath: directory.isEmpty ? "." : directory)
        guard !writable else { return nil }
        let queue = try readOnlyQueue(path)
        try refuseForeign(queue, path: path)
        try refuseNewerSchema(queue, path: path)
        let complete = try attempt(path) { try queue.read { db in try StoreSchema.migrator.hasCompletedMigrations(db) } }
        guard complete else {
            throw CardportError(.io, "the store '\(path)' needs upgrading to this version of Cardport, and it is read-only",
                                hint: "make the file and its directory writable and run the command again")
        }
        return queue
    }

    /// A read-only connection to an existing store.
    ///
    /// A WAL store needs its shared-memory file even to be read; where that cannot be created, the
    /// file is opened as immutable, which only a read-only file in a read-only directory needs.
    private static func readOnlyQueue(_ path: String) throws(CardportError) -> DatabaseQueue {
        try patiently(path) {
            do {
                let plain = try DatabaseQueue(path: path, configuration: configuration(readOnly: true, path: path))
                try plain.read { db in _ = try Int.fetchOne(db, sql: "PRAGMA user_version") }
                return plain
            } catch let error as DatabaseError where error.extendedResultCode == .SQLITE_READONLY_ROLLBACK {
                try rollBackInterruptedFill(path)
                return try DatabaseQueue(path: path, configuration: configuration(readOnly: true, path: path))
            } catch let error as DatabaseError where error.resultCode == .SQLITE_CANTOPEN || error.resultCode == .SQLITE_READONLY {
                return try DatabaseQueue(path: immutableURI(path), configuration: configuration(readOnly: true, path: path))
            }
        }
    }

    /// Undoes a first import that was cut short (``fillsThroughJournal(_:)``): its rollback journal
    /// must be played back before the file can be read, and only a connection that may write plays
    /// it back.
    ///
    /// Only a store's own journal is played back: the file's header, read as bytes, must carry
    /// Cardport's application id (every store that writes through a rollback journal has it).
    /// Another program's database with an unfinished transaction is refused and left as it is.
    private static func rollBackInterruptedFill(_ path: String) throws(CardportError) {
        guard headerCarriesApplicationID(path) else {
            throw CardportError(.io, "'\(path)' is not a Cardport store: it holds another program's unfinished transaction",
                                hint: "nothing was changed; pass --store with a Cardport store, or a path where a new one may be made")
        }
        try attempt(path) {
            let queue = try DatabaseQueue(path: path, configuration: configuration(path: path))
            try queue.read { db in _ = try Int.fetchOne(db, sql: "PRAGMA user_version") }
        }
    }

    /// Whether the SQLite header of the file at `path` carries ``applicationID`` (bytes 68–71, big-endian).
    private static func headerCarriesApplicationID(_ path: String) -> Bool {
        guard let handle = FileHandle(forReadingAtPath: path) else { return false }
        defer { try? handle.close() }
        guard let header = try? handle.read(upToCount: 72), header.count == 72,
              header.prefix(16) == Data("SQLite format 3\0".utf8) else { return false }
        let id = header[68..<72].reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
        return Int32(bitPattern: id) == applicationID
    }

    /// The SQLite URI that opens `path` as a file nothing else changes.
    private static func immutableURI(_ path: String) -> String {
        let absolute = path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
        let escaped = absolute.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed) ?? absolute
        return "file:\(escaped)?immutable=1"
    }

    /// The SQLite header's application id of a Cardport store: `CRDP` in ASCII.
    static let applicationID: Int32 = 0x4352_4450

    /// Throws when the file at `path` is another program's database (or not a database at all); reads only.
    ///
    /// A Cardport store carries ``applicationID``. A store made before the id was written is
    /// recognised by its first migration; a database with none of its own tables (a new, empty file)
    /// becomes a store. Anything else belongs to another program and is never written, not even by
    /// a command that only reads: opening it would add Cardport's tables to it.
    private static func refuseForeign(_ queue: DatabaseQueue, path: String) throws(CardportError) {
        let (applicationID, tables, migrated) = try patiently(path) {
            try queue.read { db -> (Int32, [String], Bool) in
                let id = try Int32.fetchOne(db, sql: "PRAGMA application_id") ?? 0
                let tables = try String.fetchAll(db, sql: "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'")
                var migrated = false
                if tables.contains("grdb_migrations") {
                    migrated = try Bool.fetchOne(db, sql: "SELECT EXISTS (SELECT 1 FROM grdb_migrations WHERE identifier = ?)",
                                                 arguments: [StoreSchema.migrationNames[0]]) ?? false
                }
                return (id, tables, migrated)
            }
        }
        if applicationID == Store.applicationID || (applicationID == 0 && (migrated || tables.isEmpty)) { return }
        let what = applicationID != 0
            ? String(format: "its application id is 0x%08X, not Cardport's", UInt32(bitPattern: applicationID))
            : "it holds tables of another program (\(tables.prefix(3).joined(separator: ", "))\(tables.count > 3 ? ", …" : ""))"
        throw CardportError(.io, "'\(path)' is not a Cardport store: \(what)",
                            hint: "nothing was changed; pass --store with a Cardport store, or a path where a new one may be made")
    }

    /// Throws when the store was made by a newer Cardport; reads only, so such a store is never changed.
    private static func refuseNewerSchema(_ queue: DatabaseQueue, path: String) throws(CardportError) {
        let (superseded, version) = try patiently(path) {
            try queue.read { db in
                // A store another process is making may not have its migrations table yet (and a
                // read-only look at it may see the file before its write-ahead log): no newer
                // Cardport made that one.
                let superseded = try db.tableExists("grdb_migrations") && StoreSchema.migrator.hasBeenSuperseded(db)
                return (superseded, try Int.fetchOne(db, sql: "PRAGMA user_version") ?? 0)
            }
        }
        guard superseded || version > userVersion else { return }
        throw CardportError(.io, "the store '\(path)' was made by a newer version of Cardport, which this one cannot read safely",
                            hint: "use that newer cardport (the store is left as it is), or restore a backup into a new store with this one")
    }

    // MARK: Errors

    /// How often, and after how long a pause (µs), opening a store tries again when SQLite says it is
    /// busy without waiting: it does so while another process switches a new store to WAL, or
    /// recovers one, which the busy timeout does not cover. About two seconds in all.
    private static let busyRetries = 100
    private static let busyRetryPause: UInt32 = 20_000

    /// Whether `error` is SQLite saying the file is locked by another connection.
    static func isBusy(_ error: any Error) -> Bool {
        guard let database = error as? DatabaseError else { return false }
        return database.resultCode == .SQLITE_BUSY || database.resultCode == .SQLITE_LOCKED
    }

    /// ``attempt(_:_:)`` for a step of opening a store: a busy file is tried again for a while.
    static func patiently<T>(_ path: String, _ body: () throws -> T) throws(CardportError) -> T {
        var waits = 0
        while true {
            do {
                return try body()
            } catch let error as CardportError {
                throw error
            } catch where isBusy(error) && waits < busyRetries {
                waits += 1
                usleep(busyRetryPause)
            } catch {
                throw failure(error, path: path)
            }
        }
    }

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
                                 hint: "nothing was changed; restore it from a backup ('cardport restore BACKUP --replace'), or pass another --store")
        case .SQLITE_READONLY, .SQLITE_PERM:
            return CardportError(.io, "cannot change the store '\(path)': it is read-only (the file or its directory is not writable)",
                                 hint: "make them writable (ls -ld), or use a command that only reads it (export, stats, backup)")
        case .SQLITE_CANTOPEN:
            return CardportError(.io, "cannot open the store '\(path)': \(message)",
                                 hint: "check that the directory exists and is writable, or pass --store")
        case .SQLITE_FULL:
            return CardportError(.io, "the disk is full while writing the store '\(path)'",
                                 hint: "free some space and run the command again; the store was left as it was")
        case .SQLITE_IOERR:
            return CardportError(.io, "cannot write the store '\(path)': \(message) (is the disk full, or a file-size limit reached?)",
                                 hint: "free some space and run the command again; the store was left as it was")
        default:
            return CardportError(.io, "the store '\(path)' failed: \(message)")
        }
    }
}
