import Foundation
import Glibc
import SystemActions
import TestSupport
import XCTest

final class XDGOpenerTests: XCTestCase {
    func testTheLinkIsExactlyOneArgumentWhateverItContains() async throws {
        let stub = try StubOpener()
        let opener = XDGOpener(environment: stub.environment())
        let actions = try [
            SystemAction.link("https://example.com/it's/$HOME;id/`x`/a b/\"q\"?x=$(reboot)&y=1|2#frag"),
            SystemAction.email(to: "o'brien@x.example", subject: "hi'; rm -rf ~ $(reboot)", body: "a\nb `id`"),
            SystemAction.map(address: "Main St & 5th #2?\nNew York 🗽"),
            SystemAction.phone("+49 (30) 123-45"),
            SystemAction.message("*31#12"),
            SystemAction.map(latitude: -33.8688, longitude: 151.2093),
        ]
        for action in actions {
            stub.clearLog()
            let result = await opener.open(action)
            XCTAssertEqual(result, .opened, "\(action)")
            let call = try stub.onlyCall()
            XCTAssertEqual(call.argumentCount, 1, "\(action)")
            XCTAssertEqual(call.arguments, [action.url.absoluteString])
        }
        XCTAssertEqual(actions[0].url.absoluteString, "https://example.com/it's/$HOME;id/%60x%60/a%20b/%22q%22?x=$(reboot)&y=1%7C2#frag")
    }

    func testTheChildGetsDevNullItsOwnProcessGroupAndTheInjectedEnvironment() async throws {
        let stub = try StubOpener()
        let result = await XDGOpener(environment: stub.environment(display: ":7")).open(try .link("https://example.com"))
        XCTAssertEqual(result, .opened)
        let call = try stub.onlyCall()
        XCTAssertEqual(call.fields["stdin"], "/dev/null")
        XCTAssertEqual(call.fields["stdout"], "/dev/null")
        XCTAssertEqual(call.fields["stderr"], "/dev/null")
        let pid = try XCTUnwrap(call.fields["pid"].flatMap { Int32($0) })
        XCTAssertEqual(call.fields["pgid"], String(pid), "a process group of its own: ctrl-c in the terminal does not reach it")
        XCTAssertNotEqual(pid, getpgrp())
        XCTAssertEqual(call.fields["display"], ":7")
        XCTAssertEqual(call.fields["marker"], "from-the-injected-environment")
        XCTAssertFalse(FileManager.default.fileExists(atPath: "/proc/\(pid)"), "reaped: no zombie left")
    }

    func testTheChildInheritsNoStrayFileDescriptor() async throws {
        try XCTSkipIf(dlsym(nil, "posix_spawn_file_actions_addclosefrom_np") == nil, "glibc before 2.34 cannot close them")
        let stub = try StubOpener()
        // dup2 clears FD_CLOEXEC: without the close-from action the child would inherit fd 200.
        let fd = Glibc.open("/dev/null", O_RDONLY)
        XCTAssertGreaterThanOrEqual(fd, 0)
        XCTAssertEqual(dup2(fd, 200), 200)
        close(fd)
        defer { close(200) }
        _ = await XDGOpener(environment: stub.environment()).open(try .link("https://example.com"))
        XCTAssertEqual(try stub.onlyCall().fields["fd200"], "closed")
    }

    func testWithoutADisplayNothingIsStarted() async throws {
        let stub = try StubOpener()
        let action = try SystemAction.phone("+49 30 12345")
        for environment in [stub.environment(display: nil), stub.environment(display: ""), stub.environment(display: "", wayland: "")] {
            let result = await XDGOpener(environment: environment).open(action)
            XCTAssertEqual(result, .unavailable(message: "No desktop opener (no DISPLAY or WAYLAND_DISPLAY); the link is: tel:+493012345"))
        }
        XCTAssertNil(try stub.calls(), "the stub must not have run")
    }

    func testWaylandAloneIsADisplay() async throws {
        let stub = try StubOpener()
        let result = await XDGOpener(environment: stub.environment(display: nil, wayland: "wayland-0")).open(try .link("https://example.com"))
        XCTAssertEqual(result, .opened)
        XCTAssertEqual(try stub.onlyCall().arguments, ["https://example.com"])
    }

    func testAFailingOpenerIsReported() async throws {
        let stub = try StubOpener(tail: "exit 3")
        let result = await XDGOpener(environment: stub.environment()).open(try .link("https://example.com/x"))
        XCTAssertEqual(result, .unavailable(message: "No desktop opener (xdg-open exited with status 3); the link is: https://example.com/x"))
        XCTAssertEqual(try stub.onlyCall().arguments, ["https://example.com/x"], "it did run")

        let killed = try StubOpener(tail: "kill -9 $$")
        let killedResult = await XDGOpener(environment: killed.environment()).open(try .link("https://example.com/x"))
        XCTAssertEqual(killedResult, .unavailable(message: "No desktop opener (xdg-open was ended by signal 9); the link is: https://example.com/x"))
    }

    func testAMissingOrUnusableOpenerIsReported() async throws {
        let action = try SystemAction.link("https://example.com")
        let notOnPath = "No desktop opener (xdg-open is not on PATH); the link is: https://example.com"
        let stub = try StubOpener()
        let empty = try StubOpener()
        try FileManager.default.removeItem(at: empty.program)

        var environment = stub.environment()
        environment["PATH"] = empty.directory.path
        var result = await XDGOpener(environment: environment).open(action)
        XCTAssertEqual(result, .unavailable(message: notOnPath), "PATH without xdg-open")

        environment["PATH"] = nil
        result = await XDGOpener(environment: environment).open(action)
        XCTAssertEqual(result, .unavailable(message: notOnPath), "no PATH at all")

        environment["PATH"] = ":."
        result = await XDGOpener(environment: environment).open(action)
        XCTAssertEqual(result, .unavailable(message: notOnPath), "empty and relative entries are not searched")

        try FileManager.default.createDirectory(at: empty.program, withIntermediateDirectories: false)
        result = await XDGOpener(environment: empty.environment()).open(action)
        XCTAssertEqual(result, .unavailable(message: notOnPath), "a directory named xdg-open")

        try stub.write(try String(contentsOf: stub.program, encoding: .utf8), mode: 0o644)
        result = await XDGOpener(environment: stub.environment()).open(action)
        XCTAssertEqual(result, .unavailable(message: notOnPath), "not executable")
        XCTAssertNil(try stub.calls())

        // The search goes on past an unusable candidate.
        let usable = try StubOpener()
        environment["PATH"] = "\(stub.directory.path):\(empty.directory.path)/:\(usable.directory.path)/"
        result = await XDGOpener(environment: environment).open(action)
        XCTAssertEqual(result, .opened)
        XCTAssertEqual(try usable.onlyCall().arguments, ["https://example.com"])
        XCTAssertNil(try stub.calls())
    }

    func testASpawnFailureIsReported() async throws {
        let stub = try StubOpener()
        // Executable, but neither a binary nor a script with #!: execve fails with ENOEXEC.
        try stub.write("\u{7F}ELF-not-really", mode: 0o755)
        let result = await XDGOpener(environment: stub.environment()).open(try .link("https://example.com"))
        guard case .unavailable(let message) = result else { return XCTFail("opened a broken program") }
        XCTAssertTrue(message.hasPrefix("No desktop opener (xdg-open could not be started: "), message)
        XCTAssertTrue(message.hasSuffix("); the link is: https://example.com"), message)
    }

    func testReturnsPromptlyAndReapsAnOpenerThatKeepsRunning() async throws {
        let stub = try StubOpener(tail: "exec sleep 30")
        let opener = XDGOpener(environment: stub.environment(), exitWait: .milliseconds(300))
        let started = ContinuousClock.now
        let result = await opener.open(try .link("https://example.com"))
        let elapsed = ContinuousClock.now - started
        XCTAssertEqual(result, .opened, "still running after the wait counts as opened")
        XCTAssertLessThan(elapsed, .seconds(5), "returns after about exitWait, not after the child")
        XCTAssertGreaterThanOrEqual(elapsed, .milliseconds(250), "it did wait for a failure to show")

        let hasLog = await stub.waitForLog()
        XCTAssertTrue(hasLog)
        let pid = try XCTUnwrap(stub.onlyCall().fields["pid"].flatMap { pid_t($0) })
        XCTAssertEqual(kill(pid, 0), 0, "still running when open returned")
        // Its own process group: signalling the group by the child's pid reaches it.
        XCTAssertEqual(kill(-pid, SIGTERM), 0)
        // The reaper thread collects it; without one it would stay a zombie of this process.
        await waitUntil("pid \(pid) is reaped", every: .milliseconds(20)) { !FileManager.default.fileExists(atPath: "/proc/\(pid)") }
    }

    func testCancellingTheCallerEndsTheWait() async throws {
        let stub = try StubOpener(tail: "exec sleep 30")
        let opener = XDGOpener(environment: stub.environment(), exitWait: .seconds(60))
        let action = try SystemAction.link("https://example.com")
        let task = Task { await opener.open(action) }
        let hasLog = await stub.waitForLog()
        XCTAssertTrue(hasLog)
        let started = ContinuousClock.now
        task.cancel()
        let result = await task.value
        XCTAssertEqual(result, .opened)
        XCTAssertLessThan(ContinuousClock.now - started, .seconds(5))
        if let pid = try stub.onlyCall().fields["pid"].flatMap({ pid_t($0) }) { kill(-pid, SIGTERM) }
    }
}
