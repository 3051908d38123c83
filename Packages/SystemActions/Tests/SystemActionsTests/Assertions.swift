import SystemActions
import XCTest

/// The promise every accepted action keeps: its text can be passed as one argument and shown on a
/// terminal as is — printable ASCII without spaces, not an option, an allowlisted scheme.
func assertSafe(_ action: SystemAction, file: StaticString = #filePath, line: UInt = #line) {
    let text = action.url.absoluteString
    XCTAssertFalse(text.isEmpty, file: file, line: line)
    XCTAssertTrue(text.utf8.allSatisfy { (0x21...0x7E).contains($0) }, "not printable ASCII: \(text.debugDescription)", file: file, line: line)
    XCTAssertFalse(text.hasPrefix("-"), text, file: file, line: line)
    XCTAssertLessThanOrEqual(text.utf8.count, SystemAction.maximumLength, file: file, line: line)
    let scheme = text.prefix { $0 != ":" }
    XCTAssertTrue(SystemAction.allowedSchemes.contains(String(scheme)), "scheme \(scheme)", file: file, line: line)
}

/// Asserts that `make` throws a ``SystemActionError`` with `reason` and returns it.
@discardableResult
func assertRejects(
    _ reason: SystemActionError.Reason, _ label: String = "",
    file: StaticString = #filePath, line: UInt = #line,
    _ make: () throws -> SystemAction
) -> SystemActionError? {
    do {
        let action = try make()
        XCTFail("\(label): accepted as \(action), expected \(reason)", file: file, line: line)
        return nil
    } catch let error as SystemActionError {
        XCTAssertEqual(error.reason, reason, label, file: file, line: line)
        return error
    } catch {
        XCTFail("\(label): threw \(error), not a SystemActionError", file: file, line: line)
        return nil
    }
}

/// Asserts that `make` succeeds with the link `expected` (and the promise of ``assertSafe(_:file:line:)``).
@discardableResult
func assertLink(
    _ expected: String, _ label: String = "",
    file: StaticString = #filePath, line: UInt = #line,
    _ make: () throws -> SystemAction
) -> SystemAction? {
    do {
        let action = try make()
        XCTAssertEqual(action.url.absoluteString, expected, label, file: file, line: line)
        assertSafe(action, file: file, line: line)
        return action
    } catch {
        XCTFail("\(label): rejected: \(error)", file: file, line: line)
        return nil
    }
}
