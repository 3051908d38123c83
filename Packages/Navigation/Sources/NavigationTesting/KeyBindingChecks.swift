import Navigation
import TerminalKit
import TerminalUI
import XCTest

/// Every key a test presses to see what a screen does with it: the printable ASCII characters, the
/// named keys, ctrl with a letter, F1–F12.
public let everyKey: [Key] = (0x20...0x7E).map { Key.character(Character(Unicode.Scalar($0)!)) }
    + [.enter, .tab, .backtab, .backspace, .escape, .delete, .insert, .up, .down, .left, .right, .home, .end, .pageUp, .pageDown]
    + (UInt8(ascii: "a")...UInt8(ascii: "z")).map { Key.ctrl(Character(Unicode.Scalar($0))) }
    + (1...12).map { Key.function($0) }

/// A screen's keys are its bindings, and its help says them (issue 37): every key a binding matches is
/// named in that binding's help, no two bindings share a key, and the screen, pressed every key of
/// ``everyKey`` on a fresh copy (`makeScreen`), takes exactly the keys its bindings name.
/// - Parameter alsoTaken: keys the screen takes that belong to no binding of its own (the shared `esc`
///   of a kept filter, say), each with why.
@MainActor
public func assertKeysAreTheBindings(_ bindings: [KeyBinding], of name: String, context: RenderContext,
                                     alsoTaken: [Key: String] = [:], makeScreen: () -> any Screen,
                                     file: StaticString = #filePath, line: UInt = #line) {
    for binding in bindings where !binding.unnamedKeys.isEmpty {
        XCTFail("\(name): “\(binding.help.keys)” does not name \(binding.unnamedKeys.map(KeyBinding.name(of:)))", file: file, line: line)
    }
    XCTAssertEqual(bindings.sharedKeys.map(KeyBinding.name(of:)), [], "\(name): keys two bindings share", file: file, line: line)
    for key in everyKey {
        let taken = makeScreen().handle(.key(key), in: context)
        let isBound = bindings.match(key)
        if taken, !isBound, alsoTaken[key] == nil {
            XCTFail("\(name) takes \(KeyBinding.name(of: key)), which no binding names (its help does not say it)", file: file, line: line)
        }
        if !taken, isBound {
            XCTFail("\(name)'s help says \(KeyBinding.name(of: key)), which the screen does not take", file: file, line: line)
        }
    }
}
