import CSQLite
import Foundation

/// A result row while its statement is stepped (see ``SQLiteDatabase/forEachRow(_:_:_:)``): values
/// read by position straight from SQLite, with the typed readings of ``SQLiteRow``.
///
/// For reading thousands of rows into the caller's own values: no ``SQLiteRow`` (an array of
/// values) per row and no lookup by name. It points into the statement, so it is valid only inside
/// the call that hands it over; a cursor kept past it (to a later row, or after the statement)
/// throws ``StorageError/misuse(_:)``.
public struct SQLiteCursor {
    let statement: OpaquePointer
    let scope: HandleScope
    /// The scope's row this cursor reads.
    let row: Int
    /// How many columns each row has.
    public let columnCount: Int

    init(statement: OpaquePointer, scope: HandleScope) {
        self.statement = statement
        self.scope = scope
        row = scope.row
        columnCount = Int(sqlite3_column_count(statement))
    }

    /// The name of column `index` (as ``SQLiteRow/columns`` reports it).
    public func name(at index: Int) throws -> String {
        try check(index)
        return Connection.columnName(at: Int32(index), of: statement)
    }

    /// The value of column `index` (0-based, in result order); ``StorageError/noSuchColumn(_:)``
    /// (`#index`) past the last column.
    public func value(at index: Int) throws -> SQLiteValue {
        try check(index)
        return Connection.value(at: Int32(index), of: statement)
    }

    /// Text, or nil for NULL.
    public func string(at index: Int) throws -> String? { try value(at: index).text(column: name(index)) }

    /// An integer, or nil for NULL.
    public func int(at index: Int) throws -> Int? { try value(at: index).int(column: name(index)) }

    /// A 64-bit integer, or nil for NULL.
    public func int64(at index: Int) throws -> Int64? { try value(at: index).int64(column: name(index)) }

    /// A real number (an integer converts), or nil for NULL.
    public func double(at index: Int) throws -> Double? { try value(at: index).double(column: name(index)) }

    /// A flag stored as an integer (0 is false, anything else true), or nil for NULL.
    public func bool(at index: Int) throws -> Bool? { try value(at: index).bool(column: name(index)) }

    /// Bytes, or nil for NULL.
    public func data(at index: Int) throws -> Data? { try value(at: index).data(column: name(index)) }

    /// The column's name for an error message (the index is checked by then).
    private func name(_ index: Int) -> String {
        Connection.columnName(at: Int32(index), of: statement)
    }

    private func check(_ index: Int) throws {
        guard scope.isOpen, scope.row == row else {
            throw StorageError.misuse("A cursor was used past its row or its call; read every value of a row while the body has it.")
        }
        guard (0..<columnCount).contains(index) else { throw StorageError.noSuchColumn("#\(index)") }
    }
}
