import Foundation

/// One SQLite value: a statement binding or a column of a result row.
///
/// Literals work as bindings: `["Anna", 42, 1.5, true]` are `.text`, `.integer`, `.real`, `.integer(1)`.
public enum SQLiteValue: Hashable, Sendable {
    case null
    case integer(Int64)
    case real(Double)
    /// UTF-8 text; bound and read by byte count, so embedded NUL characters survive.
    case text(String)
    /// Bytes; an empty blob stays an empty blob (not NULL).
    case blob(Data)

    /// An integer value.
    public init(_ value: Int) { self = .integer(Int64(value)) }

    /// SQLite has no boolean type: `true` is stored as 1, `false` as 0.
    public init(_ value: Bool) { self = .integer(value ? 1 : 0) }

    /// The storage class name SQLite uses for this value ("null", "integer", "real", "text", "blob").
    public var typeName: String {
        switch self {
        case .null: "null"
        case .integer: "integer"
        case .real: "real"
        case .text: "text"
        case .blob: "blob"
        }
    }
}

extension SQLiteValue: ExpressibleByStringLiteral {
    public init(stringLiteral value: String) { self = .text(value) }
}

extension SQLiteValue: ExpressibleByIntegerLiteral {
    public init(integerLiteral value: Int64) { self = .integer(value) }
}

extension SQLiteValue: ExpressibleByFloatLiteral {
    public init(floatLiteral value: Double) { self = .real(value) }
}

extension SQLiteValue: ExpressibleByBooleanLiteral {
    public init(booleanLiteral value: Bool) { self.init(value) }
}
