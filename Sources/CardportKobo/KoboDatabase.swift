import CardportCore
internal import GRDBSQLite

/// A Kobo device's `KoboReader.sqlite`, opened so that nothing can be written: read-only, and as an
/// immutable file, so SQLite takes no lock and creates no journal or WAL file beside it (the
/// database may sit on a read-only mount, or on a device that is still using it).
///
/// The one owner of the SQLite handle; it is closed when the value goes away.
final class KoboDatabase {
    private var handle: OpaquePointer?
    /// The path, for messages.
    let path: String

    /// Opens the database at `path` read-only and immutable.
    init(path: String) throws(CardportError) {
        self.path = path
        // A URI, so `immutable=1` applies; `?`, `#` and `%` in the path are escaped.
        var escaped = ""
        for scalar in path.unicodeScalars {
            switch scalar {
            case "?": escaped += "%3F"
            case "#": escaped += "%23"
            case "%": escaped += "%25"
            default: escaped.unicodeScalars.append(scalar)
            }
        }
        let uri = "file:" + escaped + "?immutable=1"
        let flags = SQLITE_OPEN_READONLY | SQLITE_OPEN_URI | SQLITE_OPEN_NOMUTEX
        let status = sqlite3_open_v2(uri, &handle, flags, nil)
        guard status == SQLITE_OK else {
            let message = handle.map { String(cString: sqlite3_errmsg($0)) } ?? "out of memory"
            sqlite3_close(handle)
            handle = nil
            throw CardportError(.io, "cannot open the Kobo database '\(path)': \(message)",
                                location: SourceLocation(file: path, line: 1, column: 1, offset: 0))
        }
        // Every table this reader needs must be there, or this is not a Kobo database.
        let tables = try strings("SELECT name FROM sqlite_master WHERE type = 'table'")
        for table in ["Bookmark", "content"] where !tables.contains(table) {
            throw CardportError(.malformedInput, "'\(path)' is an SQLite database but not a Kobo one: it has no '\(table)' table",
                                location: SourceLocation(file: path, line: 1, column: 1, offset: 0),
                                hint: "give the KoboReader.sqlite from a Kobo's .kobo folder")
        }
    }

    deinit {
        sqlite3_close(handle)
    }

    /// The names of a table's columns.
    func columns(of table: String) throws(CardportError) -> Set<String> {
        var names = Set<String>()
        try query("PRAGMA table_info(\(table))") { row in names.insert(row.text(1) ?? "") }
        return names
    }

    /// The first column of every row of `sql`, as text.
    func strings(_ sql: String) throws(CardportError) -> [String] {
        var values: [String] = []
        try query(sql) { row in values.append(row.text(0) ?? "") }
        return values
    }

    /// Runs `sql` and calls `body` with each row.
    func query(_ sql: String, _ body: (Row) -> Void) throws(CardportError) {
        var statement: OpaquePointer?
        guard sqlite3_prepare_v2(handle, sql, -1, &statement, nil) == SQLITE_OK else {
            throw failure("cannot read")
        }
        defer { sqlite3_finalize(statement) }
        while true {
            let status = sqlite3_step(statement)
            if status == SQLITE_DONE { return }
            guard status == SQLITE_ROW else { throw failure("cannot read") }
            body(Row(statement: statement))
        }
    }

    private func failure(_ verb: String) -> CardportError {
        let message = handle.map { String(cString: sqlite3_errmsg($0)) } ?? "no connection"
        return CardportError(.malformedInput, "\(verb) the Kobo database '\(path)': \(message)",
                             location: SourceLocation(file: path, line: 1, column: 1, offset: 0),
                             hint: "copy the file again from the device's .kobo folder; it may be damaged")
    }

    /// One row of a result, valid only inside the `query` call that gives it.
    struct Row {
        fileprivate let statement: OpaquePointer?

        /// A column as text; `nil` for SQL NULL.
        func text(_ column: Int32) -> String? {
            guard sqlite3_column_type(statement, column) != SQLITE_NULL,
                  let bytes = sqlite3_column_text(statement, column) else { return nil }
            let count = Int(sqlite3_column_bytes(statement, column))
            return String(decoding: UnsafeBufferPointer(start: bytes, count: count), as: UTF8.self)
        }

        /// A column as a number; `nil` for SQL NULL.
        func double(_ column: Int32) -> Double? {
            sqlite3_column_type(statement, column) == SQLITE_NULL ? nil : sqlite3_column_double(statement, column)
        }

        /// A column as a whole number; `nil` for SQL NULL or text that is not one.
        func integer(_ column: Int32) -> Int? {
            switch sqlite3_column_type(statement, column) {
            case SQLITE_NULL: return nil
            case SQLITE_INTEGER, SQLITE_FLOAT: return Int(sqlite3_column_int64(statement, column))
            default: return text(column).flatMap { Int($0) }
            }
        }
    }
}
