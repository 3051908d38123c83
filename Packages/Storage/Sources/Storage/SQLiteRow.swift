import Foundation

/// One result row: values by column name (as SQLite reports it: the alias after `AS`, else the
/// column name) or by position.
///
/// The typed accessors return `nil` for SQL NULL and throw ``StorageError/noSuchColumn(_:)`` for
/// an unknown name or ``StorageError/typeMismatch(column:expected:actual:)`` for a value of
/// another type, so a wrong query fails loudly instead of reading as "missing". The only
/// conversions are lossless ones SQLite itself makes common: an integer reads as a `Double`, and
/// `bool` reads an integer (0 is false, anything else true).
public struct SQLiteRow: Hashable, Sendable {
    /// Column names in result order (shared by every row of one query).
    public let columns: [String]
    /// Values in result order.
    public let values: [SQLiteValue]

    public init(columns: [String], values: [SQLiteValue]) {
        precondition(columns.count == values.count, "a row needs one value per column")
        self.columns = columns
        self.values = values
    }

    /// The value at `index` (0-based, in result order).
    public subscript(index: Int) -> SQLiteValue { values[index] }

    /// The value of the column `name`, or nil when the row has no such column.
    public subscript(name: String) -> SQLiteValue? {
        columns.firstIndex(of: name).map { values[$0] }
    }

    /// The raw value of `column`; throws ``StorageError/noSuchColumn(_:)`` when there is none.
    public func value(_ column: String) throws -> SQLiteValue {
        guard let value = self[column] else { throw StorageError.noSuchColumn(column) }
        return value
    }

    /// Text, or nil for NULL.
    public func string(_ column: String) throws -> String? { try value(column).text(column: column) }

    /// An integer, or nil for NULL. Throws when it does not fit `Int` (never on 64-bit platforms).
    public func int(_ column: String) throws -> Int? { try value(column).int(column: column) }

    /// A 64-bit integer, or nil for NULL.
    public func int64(_ column: String) throws -> Int64? { try value(column).int64(column: column) }

    /// A real number (an integer converts), or nil for NULL.
    public func double(_ column: String) throws -> Double? { try value(column).double(column: column) }

    /// A flag stored as an integer (0 is false, anything else true), or nil for NULL.
    public func bool(_ column: String) throws -> Bool? { try value(column).bool(column: column) }

    /// Bytes, or nil for NULL.
    public func data(_ column: String) throws -> Data? { try value(column).data(column: column) }
}

/// The typed readings of a value, shared by ``SQLiteRow`` and ``SQLiteCursor``: nil for NULL,
/// ``StorageError/typeMismatch(column:expected:actual:)`` (naming `column`) for another type.
extension SQLiteValue {
    func text(column: @autoclosure () -> String) throws -> String? {
        switch self {
        case .null: return nil
        case .text(let text): return text
        default: throw mismatch(column(), "text")
        }
    }

    func int64(column: @autoclosure () -> String) throws -> Int64? {
        switch self {
        case .null: return nil
        case .integer(let integer): return integer
        default: throw mismatch(column(), "integer")
        }
    }

    func int(column: @autoclosure () -> String) throws -> Int? {
        guard let value = try int64(column: column()) else { return nil }
        guard let int = Int(exactly: value) else { throw mismatch(column(), "Int") }
        return int
    }

    func double(column: @autoclosure () -> String) throws -> Double? {
        switch self {
        case .null: return nil
        case .real(let real): return real
        case .integer(let integer): return Double(integer)
        default: throw mismatch(column(), "real")
        }
    }

    func bool(column: @autoclosure () -> String) throws -> Bool? {
        switch self {
        case .null: return nil
        case .integer(let integer): return integer != 0
        default: throw mismatch(column(), "integer")
        }
    }

    func data(column: @autoclosure () -> String) throws -> Data? {
        switch self {
        case .null: return nil
        case .blob(let data): return data
        default: throw mismatch(column(), "blob")
        }
    }

    private func mismatch(_ column: String, _ expected: String) -> StorageError {
        .typeMismatch(column: column, expected: expected, actual: typeName)
    }
}
