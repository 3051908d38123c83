@testable import TerminalKit
import XCTest

/// ctrl-z, `bg`, `fg`: the reader reports a resume the host can act on, whatever the order in which
/// the SIGCONT of `bg`, the host's own check and `fg` come.
final class TerminalOwnershipTests: XCTestCase {
    /// `bg; fg` in one line (or a busy machine): the terminal is ours again at the reader's first look
    /// after the SIGCONT, before the host, which found it the shell's, could retry. That look must
    /// report a resume: without it the app stayed suspended in cooked mode and the next ctrl-z stopped it (148).
    func testTheFirstLookAfterAContinueThatFindsTheTerminalOursIsAResume() {
        var ownership = TerminalOwnership()
        XCTAssertFalse(ownership.observe(ownsTerminal: true), "running in the foreground: nothing to report")
        ownership.continued() // SIGCONT of bg (reported as .resumed; the host finds the terminal the shell's)
        XCTAssertTrue(ownership.observe(ownsTerminal: true), "fg came before the reader looked again")
        XCTAssertFalse(ownership.observe(ownsTerminal: true), "once")
    }

    /// The usual order: `bg`, the reader sees the shell own the terminal, then `fg` hands it back.
    func testFgAfterBgIsAResumeOnce() {
        var ownership = TerminalOwnership()
        ownership.continued()
        XCTAssertFalse(ownership.observe(ownsTerminal: false))
        XCTAssertFalse(ownership.observe(ownsTerminal: false))
        XCTAssertTrue(ownership.observe(ownsTerminal: true))
        XCTAssertFalse(ownership.observe(ownsTerminal: true))
    }
}
