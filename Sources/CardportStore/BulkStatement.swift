import CardportCore
import GRDB
internal import GRDBSQLite

/// A prepared statement driven through SQLite's C interface, for the statements an import runs a
/// million times.
///
/// GRDB prepares the statement and owns its handle (it finalizes it); this type binds values
/// straight from Swift strings' UTF-8 storage and steps it, without building argument arrays of
/// existentials for every row. Parameters are 1-based, as in SQLite.
///
/// Text is copied into a buffer of the parameter's own, kept from row to row, and bound without a
/// copy of SQLite's (`SQLITE_STATIC`): SQLite reads it until the parameter is bound again or cleared,
/// and the buffer stays as it is until then. This spares an allocation and a copy per value.
final class BulkStatement {
    private let statement: Statement
    private let handle: OpaquePointer
    private let connection: OpaquePointer?
    /// A scratch buffer for values written as text on the way in (dates).
    /// Each parameter's text buffer (index = parameter - 1), grown as needed, freed in `deinit`.
    private var buffers: [UnsafeMutableRawBufferPointer] = []

    private static let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)
    private static let isStatic = unsafeBitCast(0, to: sqlite3_destructor_type.self)

    init(_ db: Database, sql: String) throws {
        statement = try db.makeStatement(sql: sql)
        handle = statement.sqliteStatement
        connection = db.sqliteConnection
    }

    deinit {
        // Nothing may point into the buffers once they are gone.
        sqlite3_clear_bindings(handle)
        for buffer in buffers { buffer.deallocate() }
    }

    /// Parameter `index`'s buffer, with room for at least `count` bytes.
    private func buffer(_ index: Int32, count: Int) -> UnsafeMutableRawPointer {
        let slot = Int(index) - 1
        while buffers.count <= slot {
            buffers.append(UnsafeMutableRawBufferPointer.allocate(byteCount: 64, alignment: 8))
        }
        if buffers[slot].count < count {
            buffers[slot].deallocate()
            buffers[slot] = UnsafeMutableRawBufferPointer.allocate(byteCount: Swift.max(count, 2 * buffers[slot].count),
                                                                   alignment: 8)
        }
        return buffers[slot].baseAddress!
    }

    func bind(_ index: Int32, _ value: String?) {
        guard var value else { return bindNull(index) }
        value.withUTF8 { utf8 in
            // An empty string's buffer may have no address; SQLite wants a pointer for "" all the same.
            guard let base = utf8.baseAddress else {
                _ = sqlite3_bind_text(handle, index, "", 0, BulkStatement.transient)
                return
            }
            let copy = buffer(index, count: utf8.count)
            copy.copyMemory(from: base, byteCount: utf8.count)
            _ = sqlite3_bind_text(handle, index, copy.assumingMemoryBound(to: CChar.self), Int32(utf8.count),
                                  BulkStatement.isStatic)
        }
    }

    func bind(_ index: Int32, _ value: Int64?) {
        guard let value else { return bindNull(index) }
        sqlite3_bind_int64(handle, index, value)
    }

    func bind(_ index: Int32, _ value: Int?) {
        bind(index, value.map(Int64.init))
    }

    func bind(_ index: Int32, _ value: Bool) {
        sqlite3_bind_int64(handle, index, value ? 1 : 0)
    }

    /// Binds a date as the ISO 8601 text it was written in.
    func bind(_ index: Int32, _ value: Timestamp?) {
        guard let value else { return bindNull(index) }
        let text = buffer(index, count: Timestamp.maximumISO8601Length).assumingMemoryBound(to: UInt8.self)
        let count = value.writeISO8601(to: text)
        _ = sqlite3_bind_text(handle, index, UnsafeRawPointer(text).assumingMemoryBound(to: CChar.self), Int32(count),
                              BulkStatement.isStatic)
    }

    func bindNull(_ index: Int32) {
        sqlite3_bind_null(handle, index)
    }

    /// Runs the statement to its end; returns the first column of the first row (`nil` when there is
    /// no row or the value is NULL).
    @discardableResult
    func run() throws(CardportError) -> Int64? {
        defer {
            sqlite3_reset(handle)
            sqlite3_clear_bindings(handle)
        }
        var result: Int64?
        while true {
            switch sqlite3_step(handle) {
            case SQLITE_ROW:
                if result == nil { result = int(0) }
            case SQLITE_DONE:
                return result
            case let code:
                let message = connection.flatMap { sqlite3_errmsg($0) }.map { String(cString: $0) } ?? "error \(code)"
                throw CardportError(.io, "the store '\(file)' failed: \(message)",
                                    hint: code == SQLITE_FULL ? "the disk is full" : nil)
            }
        }
    }

    /// Steps to the next row of a query; `false` at the end (the statement is then reset).
    func step() throws(CardportError) -> Bool {
        switch sqlite3_step(handle) {
        case SQLITE_ROW:
            return true
        case SQLITE_DONE:
            reset()
            return false
        case let code:
            let message = connection.flatMap { sqlite3_errmsg($0) }.map { String(cString: $0) } ?? "error \(code)"
            reset()
            throw CardportError(.io, "the store '\(file)' failed: \(message)")
        }
    }

    /// The store's file, for errors to name.
    private var file: String {
        connection.flatMap { sqlite3_db_filename($0, "main") }.map { String(cString: $0) } ?? "?"
    }

    /// Resets the statement for another run and clears its parameters.
    func reset() {
        sqlite3_reset(handle)
        sqlite3_clear_bindings(handle)
    }

    /// The text of column `index` (0-based) of the current row, `nil` for NULL.
    func text(_ index: Int32) -> String? {
        guard sqlite3_column_type(handle, index) != SQLITE_NULL, let bytes = sqlite3_column_text(handle, index) else {
            return nil
        }
        let count = Int(sqlite3_column_bytes(handle, index))
        return String(decoding: UnsafeBufferPointer(start: bytes, count: count), as: UTF8.self)
    }

    /// The integer in column `index` (0-based) of the current row, `nil` for NULL.
    func int(_ index: Int32) -> Int64? {
        sqlite3_column_type(handle, index) == SQLITE_NULL ? nil : sqlite3_column_int64(handle, index)
    }

    /// Rows changed by the last run.
    var changes: Int32 { connection.map { sqlite3_changes($0) } ?? 0 }

    /// The row id of the last row inserted on the connection.
    var lastInsertedRowID: Int64 { connection.map { sqlite3_last_insert_rowid($0) } ?? 0 }
}
