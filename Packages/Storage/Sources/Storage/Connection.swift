import CSQLite
import Foundation

/// The raw connection, used only while the database's lock is held (never stored elsewhere,
/// never shared between threads). Prepares, binds, steps and always finalizes statements.
struct Connection {
    let handle: OpaquePointer
    /// For error messages: the file path, or ":memory:".
    let path: String

    /// Runs every statement in `sql` in order, binding `bindings` to their parameters in order
    /// (so the total must match), and returns the rows of every statement when `collect` is set.
    func run(_ sql: String, _ bindings: [SQLiteValue], collect: Bool) throws -> [SQLiteRow] {
        var rows: [SQLiteRow] = []
        var names: [String] = []
        try run(sql, bindings) { statement, position in
            guard collect else { return }
            // The names once per statement, shared by its rows.
            if position == 0 { names = Self.columnNames(of: statement) }
            rows.append(SQLiteRow(columns: names, values: (0..<Int32(names.count)).map { Self.value(at: $0, of: statement) }))
        }
        return rows
    }

    /// Runs every statement in `sql` as ``run(_:_:collect:)`` does, handing each row to `row` while
    /// its statement points at it, with the row's position among that statement's rows.
    func run(_ sql: String, _ bindings: [SQLiteValue], row: (OpaquePointer, Int) throws -> Void) throws {
        var used = 0
        var utf8 = Array(sql.utf8CString) // NUL-terminated; SQLite's tail pointers walk through it
        try utf8.withUnsafeMutableBufferPointer { buffer in
            guard let start = buffer.baseAddress else { return }
            let end = UnsafePointer(start) + (buffer.count - 1) // the terminating NUL
            var cursor = UnsafePointer(start)
            while cursor < end {
                var statement: OpaquePointer?
                var tail: UnsafePointer<CChar>?
                let code = sqlite3_prepare_v2(handle, cursor, Int32(end - cursor), &statement, &tail)
                guard code == SQLITE_OK else { throw error(code, sql: sql) }
                cursor = tail ?? end
                // nil for a piece with nothing but whitespace or comments.
                guard let statement else { continue }
                defer { sqlite3_finalize(statement) }
                let count = Int(sqlite3_bind_parameter_count(statement))
                guard used + count <= bindings.count else {
                    throw StorageError.misuse("The statement needs more than the \(bindings.count) values bound to it: \(sql)")
                }
                for offset in 0..<count {
                    try bind(bindings[used + offset], at: Int32(offset + 1), of: statement, sql: sql)
                }
                used += count
                try step(statement, sql: sql, row: row)
            }
        }
        guard used == bindings.count else {
            throw StorageError.misuse("\(bindings.count) values were bound to \(used) parameters: \(sql)")
        }
    }

    var lastInsertRowID: Int64 { sqlite3_last_insert_rowid(handle) }

    var changes: Int { Int(sqlite3_changes(handle)) }

    /// Whether no transaction is open (SQLite rolls some failures back by itself).
    var isAutocommit: Bool { sqlite3_get_autocommit(handle) != 0 }

    /// The error for result `code`, with SQLite's message for this connection.
    func error(_ code: Int32, sql: String?) -> StorageError {
        Connection.error(code, message: String(cString: sqlite3_errmsg(handle)), path: path, sql: sql,
                         systemErrno: sqlite3_system_errno(handle))
    }

    /// - Parameter systemErrno: the operating system's error behind an I/O failure (`ENOSPC` when the disk is full).
    static func error(_ code: Int32, message: String, path: String, sql: String?, systemErrno: Int32 = 0) -> StorageError {
        if isDiskFull(code, systemErrno: systemErrno) { return .diskFull(path: path) }
        return switch code & 0xFF {
        case SQLITE_CONSTRAINT: .constraint(message: message)
        case SQLITE_BUSY: .busy(path: path)
        case SQLITE_NOTADB, SQLITE_CORRUPT: .corrupt(path: path)
        case SQLITE_CANTOPEN: .cannotOpen(path: path, message: message)
        default: .sqlite(code: code, message: message, sql: sql)
        }
    }

    /// Whether SQLite's `code` (with the operating system's error behind it) means the disk, or the
    /// user's quota, is full.
    /// The OS error counts only for an I/O or open failure: SQLite keeps the last one, which may be stale.
    static func isDiskFull(_ code: Int32, systemErrno: Int32) -> Bool {
        switch code & 0xFF {
        case SQLITE_FULL: true
        case SQLITE_IOERR, SQLITE_CANTOPEN: systemErrno == ENOSPC || systemErrno == EDQUOT
        default: false
        }
    }

    /// Steps `statement` to the end, handing `row` each row it produces.
    private func step(_ statement: OpaquePointer, sql: String, row: (OpaquePointer, Int) throws -> Void) throws {
        var position = 0
        while true {
            let code = sqlite3_step(statement)
            if code == SQLITE_DONE { return }
            guard code == SQLITE_ROW else { throw error(code, sql: sql) }
            try row(statement, position)
            position += 1
        }
    }

    static func columnNames(of statement: OpaquePointer) -> [String] {
        (0..<sqlite3_column_count(statement)).map { columnName(at: $0, of: statement) }
    }

    /// The name of column `index` (the alias after `AS`, else the column's name).
    static func columnName(at index: Int32, of statement: OpaquePointer) -> String {
        String(cString: sqlite3_column_name(statement, index))
    }

    /// The value of column `index` of the row `statement` points at.
    static func value(at index: Int32, of statement: OpaquePointer) -> SQLiteValue {
        switch sqlite3_column_type(statement, index) {
        case SQLITE_INTEGER:
            return .integer(sqlite3_column_int64(statement, index))
        case SQLITE_FLOAT:
            return .real(sqlite3_column_double(statement, index))
        case SQLITE_TEXT:
            // Text before bytes: the byte count is of the UTF-8 form that column_text produced.
            guard let text = sqlite3_column_text(statement, index) else { return .text("") }
            let count = Int(sqlite3_column_bytes(statement, index))
            return .text(String(decoding: UnsafeBufferPointer(start: text, count: count), as: UTF8.self))
        case SQLITE_BLOB:
            guard let bytes = sqlite3_column_blob(statement, index) else { return .blob(Data()) }
            return .blob(Data(bytes: bytes, count: Int(sqlite3_column_bytes(statement, index))))
        default:
            return .null
        }
    }

    private func bind(_ value: SQLiteValue, at index: Int32, of statement: OpaquePointer, sql: String) throws {
        // SQLITE_TRANSIENT: SQLite copies the bytes before the call returns, so Swift's buffers
        // may go away right after.
        let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)
        let code: Int32
        switch value {
        case .null:
            code = sqlite3_bind_null(statement, index)
        case .integer(let integer):
            code = sqlite3_bind_int64(statement, index, integer)
        case .real(let real):
            code = sqlite3_bind_double(statement, index, real)
        case .text(var text):
            code = text.withUTF8 { bytes in
                // A nil pointer would bind NULL, so an empty string gets a real (empty) C string.
                guard let base = bytes.baseAddress, !bytes.isEmpty else {
                    return sqlite3_bind_text(statement, index, "", 0, transient)
                }
                return base.withMemoryRebound(to: CChar.self, capacity: bytes.count) {
                    sqlite3_bind_text64(statement, index, $0, sqlite3_uint64(bytes.count), transient, UInt8(SQLITE_UTF8))
                }
            }
        case .blob(let data):
            code = data.withUnsafeBytes { bytes in
                // Likewise a nil pointer would bind NULL: an empty blob is a zero-length blob.
                guard let base = bytes.baseAddress, !bytes.isEmpty else {
                    return sqlite3_bind_zeroblob(statement, index, 0)
                }
                return sqlite3_bind_blob64(statement, index, base, sqlite3_uint64(bytes.count), transient)
            }
        }
        guard code == SQLITE_OK else { throw error(code, sql: sql) }
    }
}
