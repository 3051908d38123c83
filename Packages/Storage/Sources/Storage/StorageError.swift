import Foundation

/// Everything that can go wrong in Storage, each with a user-facing ``message`` that names the
/// problem and the fix.
///
/// SQLite result codes are mapped by their primary code: the `SQLITE_CONSTRAINT` family becomes
/// ``constraint(message:)``, `SQLITE_BUSY`/`SQLITE_LOCKED` ``busy(path:)``, `SQLITE_NOTADB` and
/// `SQLITE_CORRUPT` ``corrupt(path:)``, `SQLITE_CANTOPEN` ``cannotOpen(path:message:)``; anything
/// else is ``sqlite(code:message:sql:)``.
public enum StorageError: Error, Hashable, Sendable, CustomStringConvertible, LocalizedError {
    /// The file could not be opened or created (missing permission, a parent that is a regular
    /// file, a directory at the path). `message` is the underlying reason.
    case cannotOpen(path: String, message: String)
    /// The file exists but is not a SQLite database, or its contents are damaged.
    case corrupt(path: String)
    /// Another connection (usually another process) held the write lock longer than the busy timeout.
    case busy(path: String)
    /// The disk (or the user's quota) holding the file is full: nothing was written.
    case diskFull(path: String)
    /// A UNIQUE, PRIMARY KEY, NOT NULL, CHECK or FOREIGN KEY constraint failed; `message` is SQLite's.
    case constraint(message: String)
    /// Any other SQLite failure: the extended result `code`, SQLite's `message` and the statement.
    case sqlite(code: Int32, message: String, sql: String?)
    /// A row accessor found a value of another type (`actual` is "integer", "real", "text", "blob" or "null").
    case typeMismatch(column: String, expected: String, actual: String)
    /// A row accessor asked for a column the statement does not return.
    case noSuchColumn(String)
    /// The API was used in a way it does not support (a closed database, the database called from
    /// inside its own transaction, a wrong number of bindings, unordered migrations).
    case misuse(String)

    /// A sentence or two for the user (or the developer, for ``misuse(_:)``): what is wrong and how to fix it.
    public var message: String {
        switch self {
        case .cannotOpen(let path, let message):
            "Cannot open the database file at \(path) (\(message)). Check that the folder exists and is "
                + "writable, or choose another data directory with --data-dir."
        case .corrupt(let path):
            "The file at \(path) is not a database or is damaged. Move it away and start again."
        case .busy(let path):
            "The database at \(path) is busy: another program is writing to it. Close the other "
                + "apps-cli and try again."
        case .diskFull(let path):
            "The disk holding \(path) is full: free some space, or choose another data directory with --data-dir."
        case .constraint(let message):
            "The change was rejected because it breaks a rule of the data (\(message))."
        case .sqlite(let code, let message, let sql):
            // One line, whatever the statement looks like: a message is read on a terminal.
            "The database reported an error (\(message), code \(code))" + (sql.map { " in: \(Self.oneLine($0))" } ?? "") + "."
        case .typeMismatch(let column, let expected, let actual):
            "The column \"\(column)\" holds \(actual), not \(expected)."
        case .noSuchColumn(let name):
            "The result has no column named \"\(name)\"."
        case .misuse(let message):
            message
        }
    }

    public var description: String { message }

    /// `sql` on one line (runs of whitespace as one space), at most 80 characters.
    private static func oneLine(_ sql: String) -> String {
        let flat = sql.split(whereSeparator: { $0.isWhitespace }).joined(separator: " ")
        return flat.count > 80 ? String(flat.prefix(79)) + "…" : flat
    }

    public var errorDescription: String? { message }
}
