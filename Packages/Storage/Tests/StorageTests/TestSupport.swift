import Foundation
import Storage
import XCTest

/// The StorageError `body` throws, or nil (and a test failure) when it throws nothing or something else.
func storageError<T>(_ body: () throws -> T, file: StaticString = #filePath, line: UInt = #line) -> StorageError? {
    do {
        let value = try body()
        XCTFail("expected a StorageError, got \(value)", file: file, line: line)
    } catch let error as StorageError {
        return error
    } catch {
        XCTFail("expected a StorageError, got \(error)", file: file, line: line)
    }
    return nil
}

/// Asserts that `body` throws exactly `expected`.
func assertThrows<T>(_ expected: StorageError, _ body: () throws -> T, file: StaticString = #filePath, line: UInt = #line) {
    XCTAssertEqual(storageError(body, file: file, line: line), expected, file: file, line: line)
}

/// An error of the tests' own, to make a transaction body fail.
struct Abort: Error, Equatable {}

extension SQLiteDatabase {
    /// The single value of a one-row, one-column query.
    func scalar(_ sql: String, _ bindings: [SQLiteValue] = []) throws -> SQLiteValue {
        let rows = try query(sql, bindings)
        XCTAssertEqual(rows.count, 1, sql)
        XCTAssertEqual(rows.first?.values.count, 1, sql)
        return rows.first?.values.first ?? .null
    }

    /// `SELECT count(*) FROM table`.
    func count(_ table: String) throws -> Int64 {
        guard case .integer(let count) = try scalar("SELECT count(*) FROM \(table)") else { return -1 }
        return count
    }
}
