import Foundation
#if canImport(Glibc)
import Glibc
#endif
import HTTPClientTesting
import TestSupport
import XCTest

/// Drives `apps-cli` in a real terminal (tmux on a private socket): navigate, resize, quit,
/// and check that the terminal settings are exactly restored.
final class RealTerminalTests: XCTestCase {
    private var socket = ""
    private var workDirectory = URL(fileURLWithPath: "/")

    override func setUpWithError() throws {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/tmux") else {
            throw XCTSkip("tmux is not installed (apt-get install -y tmux)")
        }
        socket = "apps-cli-test-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        workDirectory = FileManager.default.temporaryDirectory.appendingPathComponent(socket)
        try FileManager.default.createDirectory(at: workDirectory, withIntermediateDirectories: true)
    }

    override func tearDown() {
        _ = try? tmux(["kill-server"])
        try? FileManager.default.removeItem(at: workDirectory)
    }

    /// Runs one tmux command and returns its standard output.
    ///
    /// Spawned with `posix_spawn` and reaped with `waitpid`, not with Foundation's `Process`:
    /// `Process` learns of a child's exit through a descriptor the child inherits, and the tmux
    /// server that `new-session` forks keeps that descriptor open, so `waitUntilExit` would
    /// never return. Output goes through a file for the same reason (a pipe's write end would
    /// be inherited too).
    @discardableResult
    private func tmux(_ arguments: [String]) throws -> String {
        let outputFile = workDirectory.appendingPathComponent("tmux-output")
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        let capture = arguments.first == "new-session" ? "/dev/null" : outputFile.path
        posix_spawn_file_actions_addopen(&actions, 1, capture, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        let argv = ["/usr/bin/tmux", "-L", socket, "-f", "/dev/null"] + arguments
        var cArguments: [UnsafeMutablePointer<CChar>?] = argv.map { strdup($0) } + [nil]
        defer { cArguments.forEach { free($0) } }
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, argv[0], &actions, nil, &cArguments, environ)
        guard spawned == 0 else {
            throw NSError(domain: "tmux", code: Int(spawned), userInfo: [NSLocalizedDescriptionKey: "posix_spawn tmux failed: \(spawned)"])
        }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0, errno == EINTR {}
        guard capture == outputFile.path else { return "" }
        return (try? String(contentsOf: outputFile, encoding: .utf8)) ?? ""
    }

    private func screen() throws -> String {
        try tmux(["capture-pane", "-p", "-t", "main"])
    }

    /// Polls the pane until `predicate` holds (no fixed sleeps), failing after `timeout`.
    private func waitFor(_ description: String, timeout: TimeInterval = 30, _ predicate: (String) -> Bool) throws -> String {
        let deadline = Date().addingTimeInterval(timeout)
        var last = ""
        while Date() < deadline {
            last = try screen()
            if predicate(last) { return last }
            usleep(50_000)
        }
        XCTFail("timed out waiting for \(description); the screen was:\n\(last)")
        return last
    }

    private func file(_ name: String) -> URL { workDirectory.appendingPathComponent(name) }

    /// Whether the pane shows `text` within `seconds` (polled; no failure when it does not).
    private func shows(_ text: String, within seconds: TimeInterval) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            if (try? screen())?.contains(text) == true { return true }
            usleep(50_000)
        }
        return false
    }

    func testNavigateResizeAndQuitRestoresTheTerminal() throws {
        let binary = AppsCLIProcess.executable.path
        let dir = workDirectory.path
        // The test runner may set NO_COLOR; this test wants a color terminal (half-block images).
        let script = "unset NO_COLOR; stty -g > '\(dir)/before'; '\(binary)' product-grid 2>'\(dir)/stderr'; echo $? > '\(dir)/status.tmp'; "
            + "stty -g > '\(dir)/after'; mv '\(dir)/status.tmp' '\(dir)/status'; sleep 60"
        try tmux(["new-session", "-d", "-s", "main", "-x", "100", "-y", "30",
                  "-e", "TERM=xterm-256color", "-e", "COLORTERM=truecolor", "-e", "XDG_CACHE_HOME=\(dir)/cache",
                  "sh", "-c", script])

        var shown = try waitFor("the grid") { $0.contains("Products (12)") && $0.contains("Apples") }
        XCTAssertTrue(shown.contains("╔"), "the first tile is selected:\n\(shown)")

        try tmux(["send-keys", "-t", "main", "Down"])
        try tmux(["send-keys", "-t", "main", "Enter"])
        shown = try waitFor("the Bananas detail") { $0.contains("esc back") && $0.contains("Bananas") }
        XCTAssertTrue(shown.contains("0,99 €"), shown)

        // Narrow the window: the detail re-lays out (portrait) and still shows its key bar.
        try tmux(["resize-window", "-t", "main", "-x", "70", "-y", "24"])
        shown = try waitFor("the resized detail") { screen in
            let lines = screen.split(separator: "\n", omittingEmptySubsequences: false)
            return lines.count <= 25 && screen.contains("esc back") && screen.contains("Bananas")
        }

        try tmux(["send-keys", "-t", "main", "Escape"])
        shown = try waitFor("the grid again") { $0.contains("enter open") }

        try tmux(["send-keys", "-t", "main", "q"])
        waitForTheStatus()
        let status = try String(contentsOf: file("status"), encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)
        XCTAssertEqual(status, "0")
        let before = try String(contentsOf: file("before"), encoding: .utf8)
        let after = try String(contentsOf: file("after"), encoding: .utf8)
        XCTAssertEqual(before, after, "stty -g differs after quitting")
        XCTAssertEqual(try String(contentsOf: file("stderr"), encoding: .utf8), "")
        let restored = try screen()
        XCTAssertFalse(restored.contains("enter open"), "the alternate screen was left:\n\(restored)")
    }

    /// `y` on a contact's page copies the focused value through OSC 52, written plainly: tmux's own
    /// clipboard handling (`set-clipboard on`) takes it into its buffer, no passthrough needed.
    func testYCopiesTheFocusedValueIntoTmuxsClipboard() throws {
        let binary = AppsCLIProcess.executable.path
        let dir = workDirectory.path
        try tmux(["new-session", "-d", "-s", "main", "-x", "100", "-y", "30",
                  "-e", "TERM=xterm-256color", "-e", "XDG_CACHE_HOME=\(dir)/cache",
                  "sh", "-c", "unset NO_COLOR; '\(binary)' contacts --data-dir '\(dir)/data' 2>'\(dir)/stderr'; sleep 60"])
        try tmux(["set-option", "-s", "set-clipboard", "on"])
        _ = try waitFor("the contacts") { $0.contains("Contacts (52)") }
        try tmux(["send-keys", "-t", "main", "Enter"])
        _ = try waitFor("a contact's page") { $0.contains("mobile") && $0.contains("esc back") }
        try tmux(["send-keys", "-t", "main", "y"])
        let shown = try waitFor("the copied notice") { $0.contains("Copied “") }
        let notice = try XCTUnwrap(shown.split(separator: "\n").first { $0.contains("Copied “") })
        let copied = try XCTUnwrap(notice.split(separator: "“").last?.split(separator: "”").first.map(String.init))
        XCTAssertTrue(copied.count >= 10 && copied.allSatisfy { $0.isNumber || $0 == "+" || $0 == " " },
                      "the mobile of the focused message button: \(notice)")
        XCTAssertEqual(try tmux(["show-buffer"]), copied, "tmux's buffer holds exactly what was copied")
        try tmux(["send-keys", "-t", "main", "q"])
    }

    /// The theme follows the terminal's background: tmux answers the background colour question
    /// (OSC 11) with its window style's background, else COLORFGBG says it, else it is dark; `--theme`
    /// and the config file's `theme` win over both. Seen in the price's green, as tmux keeps it.
    func testTheThemeFollowsTheTerminalsBackgroundUnlessOneIsAskedFor() throws {
        let binary = AppsCLIProcess.executable.path
        let dir = workDirectory.path
        try FileManager.default.createDirectory(atPath: "\(dir)/config/apps-cli", withIntermediateDirectories: true)
        try "theme = light\n".write(toFile: "\(dir)/config/apps-cli/config", atomically: true, encoding: .utf8)
        let dark = "38;2;95;215;95", light = "38;2;30;122;30", highContrastLight = "38;2;0;77;0"
        let cases: [(String, windowBackground: String?, environment: [String], options: String, expected: String)] = [
            ("tmux answers a light background", "#fdf6e3", [], "", light),
            ("tmux answers a dark background", "#1e1e1e", ["COLORFGBG=0;15"], "", dark),
            ("no answer, COLORFGBG light", nil, ["COLORFGBG=0;15"], "", light),
            ("no answer, nothing said", nil, [], "", dark),
            ("--theme dark on a light background", "#ffffff", [], "--theme dark", dark),
            ("--theme high-contrast on a light background", "#ffffff", [], "--theme high-contrast", highContrastLight),
            ("the config's theme on a dark background", "#000000", ["XDG_CONFIG_HOME=\(dir)/config"], "", light),
        ]
        for (index, example) in cases.enumerated() {
            let session = "theme\(index)", go = "\(dir)/go\(index)"
            // The app starts once the window's style is set: tmux answers OSC 11 from it.
            let script = "unset NO_COLOR COLORFGBG XDG_CONFIG_HOME; \(example.environment.map { "export '\($0)';" }.joined(separator: " ")) "
                + "while [ ! -e '\(go)' ]; do sleep 0.05; done; "
                + "'\(binary)' product-grid \(example.options) --data-dir '\(dir)/data' 2>'\(dir)/stderr\(index)'; sleep 60"
            try tmux(["new-session", "-d", "-s", session, "-x", "90", "-y", "30",
                      "-e", "TERM=xterm-256color", "-e", "COLORTERM=truecolor", "-e", "XDG_CACHE_HOME=\(dir)/cache", "sh", "-c", script])
            if let background = example.windowBackground {
                try tmux(["set-option", "-w", "-t", session, "window-style", "bg=\(background)"])
            }
            _ = FileManager.default.createFile(atPath: go, contents: Data())
            let deadline = Date().addingTimeInterval(30)
            var colored = ""
            while Date() < deadline {
                colored = try tmux(["capture-pane", "-p", "-e", "-t", session])
                if colored.contains("Products (12)"), colored.contains("€") { break }
                usleep(50_000)
            }
            XCTAssertTrue(colored.contains(example.expected), "\(example.0): expected \(example.expected) in\n\(colored)")
            for other in [dark, light, highContrastLight] where other != example.expected {
                XCTAssertFalse(colored.contains(other), "\(example.0): \(other) too")
            }
            XCTAssertEqual(try String(contentsOfFile: "\(dir)/stderr\(index)", encoding: .utf8), "", example.0)
            try tmux(["send-keys", "-t", session, "q"])
        }
    }

    /// `--accessible` puts the terminal's cursor on the focused element, shown, where tmux reports it
    /// (`#{cursor_x},#{cursor_y}`, `#{cursor_flag}`): on a list's selected row (its ">" marker), on
    /// after ↓, on a focused button ("[") as tab moves the focus, and hidden where nothing has focus.
    /// The screen has no box drawing and no block pictures.
    func testTheAccessibleModePutsTheCursorOnTheFocusedElement() throws {
        let binary = AppsCLIProcess.executable.path
        let dir = workDirectory.path
        try tmux(["new-session", "-d", "-s", "main", "-x", "80", "-y", "30", "-e", "TERM=xterm-256color", "-e", "XDG_CACHE_HOME=\(dir)/cache",
                  "sh", "-c", "unset NO_COLOR; '\(binary)' contacts --accessible --data-dir '\(dir)/data' 2>'\(dir)/stderr'; sleep 60"])
        func cursor() throws -> (column: Int, row: Int, shown: Bool) {
            let fields = try tmux(["display-message", "-p", "-t", "main", "#{cursor_x},#{cursor_y},#{cursor_flag}"])
                .trimmingCharacters(in: .whitespacesAndNewlines).split(separator: ",").compactMap { Int($0) }
            XCTAssertEqual(fields.count, 3)
            return (fields[0], fields[1], fields.count == 3 && fields[2] == 1)
        }
        /// The character under the cursor, once the cursor has left `previous`.
        func underCursor(_ description: String, after previous: (Int, Int)? = nil) throws -> (Character?, (column: Int, row: Int, shown: Bool)) {
            let deadline = Date().addingTimeInterval(20)
            var position = try cursor()
            while let previous, (position.column, position.row) == previous, Date() < deadline {
                usleep(50_000)
                position = try cursor()
            }
            let lines = try screen().split(separator: "\n", omittingEmptySubsequences: false)
            guard position.row < lines.count else { return (nil, position) }
            let line = Array(lines[position.row])
            return (position.column < line.count ? line[position.column] : nil, position)
        }
        let list = try waitFor("the contacts") { $0.contains("Contacts (52)") }
        XCTAssertFalse(list.unicodeScalars.contains { (0x2500...0x259F).contains($0.value) }, "no box drawing or blocks:\n\(list)")
        let (onRow, row) = try underCursor("the selected row")
        XCTAssertTrue(row.shown, "the cursor is shown")
        XCTAssertEqual(onRow, ">", "on the selected row's marker")
        try tmux(["send-keys", "-t", "main", "Down"])
        let (onNext, next) = try underCursor("the next row", after: (row.column, row.row))
        XCTAssertEqual(onNext, ">")
        XCTAssertGreaterThan(next.row, row.row, "the cursor followed the selection down")
        try tmux(["send-keys", "-t", "main", "Enter"])
        _ = try waitFor("a contact's page") { $0.contains("[ message ]") }
        /// The text from the cursor on, once the cursor has left `previous`.
        func atCursor(after previous: (Int, Int)) throws -> (String, (column: Int, row: Int, shown: Bool)) {
            let (_, position) = try underCursor("the focus", after: previous)
            let lines = try screen().split(separator: "\n", omittingEmptySubsequences: false)
            guard position.row < lines.count else { return ("", position) }
            return (String(lines[position.row].dropFirst(position.column)), position)
        }
        var (text, position) = try atCursor(after: (next.column, next.row))
        XCTAssertTrue(text.hasPrefix("[ message ]"), "the page opens with the focus on its first button: \(text) at \(position)")
        for label in ["[ call ]", "[ email ]"] {
            let before = (position.column, position.row)
            try tmux(["send-keys", "-t", "main", "Tab"])
            (text, position) = try atCursor(after: before)
            XCTAssertTrue(text.hasPrefix(label), "tab moves the cursor to \(label): \(text) at \(position)")
            XCTAssertTrue(position.shown)
        }
        try tmux(["send-keys", "-t", "main", "q"])
        XCTAssertEqual(try String(contentsOfFile: "\(dir)/stderr", encoding: .utf8), "")
    }

    /// Starts `apps-cli numbers` in a `columns` × 30 pane, recording the terminal settings before and after.
    private func startNumbers(columns: Int, environment: [String] = []) throws {
        let binary = AppsCLIProcess.executable.path
        let dir = workDirectory.path
        let script = "unset NO_COLOR; stty -g > '\(dir)/before'; '\(binary)' numbers 2>'\(dir)/stderr'; echo $? > '\(dir)/status.tmp'; "
            + "stty -g > '\(dir)/after'; mv '\(dir)/status.tmp' '\(dir)/status'; sleep 60"
        try tmux(["new-session", "-d", "-s", "main", "-x", String(columns), "-y", "30",
                  "-e", "TERM=xterm-256color", "-e", "COLORTERM=truecolor", "-e", "XDG_CACHE_HOME=\(dir)/cache"]
                 + environment.flatMap { ["-e", $0] } + ["sh", "-c", script])
    }

    /// The number whose list row is selected (▌) on `screen`.
    /// The name on the selected row (marked ▌): its first word of digits, left of the split's divider. A
    /// picture still loading is a box drawn with │ too, so the divider is not the first │ on the line.
    private func selectedNumber(_ screen: String) -> String? {
        screen.split(separator: "\n").first { $0.hasPrefix("▌") }
            .flatMap { line in line.split(whereSeparator: { $0 == " " || $0 == "│" || $0 == "▌" }).first { $0.allSatisfy(\.isNumber) } }
            .map(String.init)
    }

    /// `q`: the app exits 0 with nothing on stderr and the terminal settings as they were.
    private func quitAndAssertRestored(file: StaticString = #filePath, line: UInt = #line) throws {
        try tmux(["send-keys", "-t", "main", "q"])
        waitForTheStatus(file: file, line: line)
        XCTAssertEqual(try String(contentsOf: self.file("status"), encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines), "0",
                       file: file, line: line)
        XCTAssertEqual(try String(contentsOf: self.file("before"), encoding: .utf8), try String(contentsOf: self.file("after"), encoding: .utf8),
                       file: file, line: line)
        XCTAssertEqual(try String(contentsOf: self.file("stderr"), encoding: .utf8), "", file: file, line: line)
    }

    /// `/` in a real terminal, on the tablet layout: typing filters the list as you type (q is text
    /// then, not quit), the split's one key bar shows the typing keys, the detail follows the selected
    /// number; enter keeps the filter, esc clears it with the number still selected.
    func testNumbersSlashFiltersAsYouTypeAndTheDetailFollows() throws {
        try startNumbers(columns: 120)
        _ = try waitFor("the split with 1 shown") { $0.contains("Numbers (52)") && $0.contains("Ichi") && $0.contains("/ press / to filter") }
        try tmux(["send-keys", "-t", "main", "/"])
        _ = try waitFor("the typing key bar") { $0.contains("type to filter  enter keep  esc clear") }
        try tmux(["send-keys", "-t", "main", "-l", "100"])
        let filtered = try waitFor("the numbers containing 100") { $0.contains("Numbers (4 of 52)") }
        // The master's rows: left of the divider (its top shows ◄ while the list has the keys), under the
        // title and the filter line; a row's name is its first word of digits (and commas).
        let lines = filtered.split(separator: "\n", omittingEmptySubsequences: false).map(Array.init)
        let divider = try XCTUnwrap(lines.first?.firstIndex(of: "◄"), filtered)
        let rows = lines.dropFirst(2).compactMap { line -> String? in
            String(line.prefix(divider)).split(whereSeparator: { $0 == " " || $0 == "▌" })
                .first { $0.first?.isNumber == true && $0.allSatisfy { $0.isNumber || $0 == "," } }.map(String.init)
        }
        XCTAssertEqual(rows, ["100", "1000", "100,000", "100,000,000"], "only the matching rows:\n\(filtered)")
        XCTAssertEqual(selectedNumber(filtered), "100", filtered)
        _ = try waitFor("the detail of 100") { $0.contains("Hyaku") }
        try tmux(["send-keys", "-t", "main", "-l", "0q"])
        let narrowed = try waitFor("1000 alone: q is text while typing") { $0.contains("Numbers (0 of 52)") && $0.contains("No number matches “1000q”") }
        XCTAssertTrue(narrowed.contains("/ 1000q"), narrowed)
        try tmux(["send-keys", "-t", "main", "BSpace"])
        _ = try waitFor("1000 shown") { $0.contains("Numbers (1 of 52)") && $0.contains("Sen") }
        try tmux(["send-keys", "-t", "main", "Enter"])
        let kept = try waitFor("the filter kept, the list's keys back") { $0.contains("Numbers (1 of 52)") && $0.contains("tab switch pane") }
        XCTAssertEqual(selectedNumber(kept), "1000", kept)
        try tmux(["send-keys", "-t", "main", "Escape"])
        let cleared = try waitFor("every number again") { $0.contains("Numbers (52)") && $0.contains("/ press / to filter") }
        XCTAssertEqual(selectedNumber(cleared), "1000", "the number stays selected:\n\(cleared)")
        try quitAndAssertRestored()
    }

    /// Keys remapped in the config file, in a real terminal: ctrl-f filters, the key bar and the `?`
    /// overlay say the keys in effect, q no longer quits and x does, leaving the terminal as it was.
    func testRemappedQuitAndFilterInARealTerminal() throws {
        let config = workDirectory.appendingPathComponent("config/apps-cli")
        try FileManager.default.createDirectory(at: config, withIntermediateDirectories: true)
        try Data("[keys]\nquit = x, ctrl-c\nfilter = /, ctrl-f\n".utf8).write(to: config.appendingPathComponent("config"))
        try startNumbers(columns: 80, environment: ["XDG_CONFIG_HOME=\(workDirectory.path)/config"])
        _ = try waitFor("the list, its bar with the quit in effect") { $0.contains("Numbers (52)") && $0.contains("x/ctrl-c quit") }
        try tmux(["send-keys", "-t", "main", "C-f"])
        _ = try waitFor("ctrl-f: the typing key bar") { $0.contains("type to filter  enter keep  esc clear") }
        try tmux(["send-keys", "-t", "main", "-l", "100"])
        _ = try waitFor("the numbers containing 100") { $0.contains("Numbers (4 of 52)") }
        try tmux(["send-keys", "-t", "main", "Enter"])
        try tmux(["send-keys", "-t", "main", "?"])
        let overlay = try waitFor("the keys overlay") { $0.contains("/ ctrl-f") && $0.contains("x ctrl-c") }
        XCTAssertFalse(overlay.contains("q ctrl-c"), overlay)
        try tmux(["send-keys", "-t", "main", "Escape"])
        _ = try waitFor("the overlay closed") { !$0.contains("x ctrl-c") && $0.contains("x/ctrl-c quit") }
        try tmux(["send-keys", "-t", "main", "q", "Escape"])
        _ = try waitFor("q did not quit; esc cleared the filter") { $0.contains("Numbers (52)") }
        XCTAssertFalse(FileManager.default.fileExists(atPath: file("status").path), "still running after q")
        try tmux(["send-keys", "-t", "main", "x"])
        waitForTheStatus()
        XCTAssertEqual(try String(contentsOf: file("status"), encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines), "0")
        XCTAssertEqual(try String(contentsOf: file("before"), encoding: .utf8), try String(contentsOf: file("after"), encoding: .utf8))
        XCTAssertEqual(try String(contentsOf: file("stderr"), encoding: .utf8), "")
    }

    /// numbers' required use case in a real terminal whose window really resizes: start narrow, open
    /// 3, widen (split with 3 selected and shown), narrow (3 alone), esc (the list with 3 selected).
    func testNumbersResizingIsRotationAndKeepsTheSelection() throws {
        try startNumbers(columns: 60)
        _ = try waitFor("the list") { $0.contains("Numbers (52)") && $0.contains("enter open") }
        try tmux(["send-keys", "-t", "main", "Down"])
        try tmux(["send-keys", "-t", "main", "Down"])
        _ = try waitFor("3 selected") { selectedNumber($0) == "3" }
        try tmux(["send-keys", "-t", "main", "Enter"])
        _ = try waitFor("the detail of 3 alone") { $0.contains("San") && $0.contains("esc back") && !$0.contains("Numbers (52)") }

        try tmux(["resize-window", "-t", "main", "-x", "120", "-y", "30"])
        let wide = try waitFor("the split") { $0.contains("Numbers (52)") && $0.contains("San") }
        XCTAssertEqual(selectedNumber(wide), "3", "3 is selected in the master:\n\(wide)")

        try tmux(["resize-window", "-t", "main", "-x", "60", "-y", "30"])
        _ = try waitFor("the detail of 3 alone again") { $0.contains("San") && !$0.contains("Numbers (52)") }
        try tmux(["send-keys", "-t", "main", "Escape"])
        let list = try waitFor("the list again") { $0.contains("Numbers (52)") }
        XCTAssertEqual(selectedNumber(list), "3", list)

        try quitAndAssertRestored()
    }

    /// The Tapptic spec's tested use case, step by step, starting on the "tablet": launched wide, the
    /// first number is selected and shown; turned to portrait without opening anything, the master is
    /// shown alone (1 still selected); a cell opened in portrait shows its detail; turned to landscape,
    /// master and detail with that cell selected and shown.
    func testNumbersTabletUseCaseLaunchedInLandscape() throws {
        try startNumbers(columns: 120)
        let launched = try waitFor("the split with 1 shown") { $0.contains("Numbers (52)") && $0.contains("Ichi") }
        XCTAssertEqual(selectedNumber(launched), "1", launched)

        try tmux(["resize-window", "-t", "main", "-x", "80", "-y", "24"])
        let portrait = try waitFor("the narrow layout") { $0.contains("Numbers (52)") && !$0.contains("◄") }
        XCTAssertEqual(selectedNumber(portrait), "1", "1 is still selected:\n\(portrait)")
        XCTAssertFalse(portrait.contains("Ichi"), "the detail the user never opened is not shown:\n\(portrait)")

        try tmux(["send-keys", "-t", "main", "Down"])
        try tmux(["send-keys", "-t", "main", "Down"])
        _ = try waitFor("3 selected") { selectedNumber($0) == "3" }
        try tmux(["send-keys", "-t", "main", "Enter"])
        _ = try waitFor("the detail of 3 in portrait") { $0.contains("San") && !$0.contains("Numbers (52)") }

        try tmux(["resize-window", "-t", "main", "-x", "120", "-y", "30"])
        let landscape = try waitFor("master and detail") { $0.contains("Numbers (52)") && $0.contains("San") }
        XCTAssertEqual(selectedNumber(landscape), "3", "3 is selected and shown:\n\(landscape)")

        try quitAndAssertRestored()
    }

    /// check24 in a real terminal: favorite a product in the details, go back, and find it under Vorgemerkt.
    func testCheck24FavoriteInTheDetailsShowsUnderVorgemerkt() throws {
        let binary = AppsCLIProcess.executable.path
        let dir = workDirectory.path
        let script = "unset NO_COLOR; stty -g > '\(dir)/before'; '\(binary)' check24 --data-dir '\(dir)/data' 2>'\(dir)/stderr'; "
            + "echo $? > '\(dir)/status.tmp'; stty -g > '\(dir)/after'; mv '\(dir)/status.tmp' '\(dir)/status'; sleep 60"
        try tmux(["new-session", "-d", "-s", "main", "-x", "100", "-y", "30",
                  "-e", "TERM=xterm-256color", "-e", "COLORTERM=truecolor", "sh", "-c", script])
        _ = try waitFor("the overview") { $0.contains("Yellow Triangle") && $0.contains("[ Alle ]") }
        try tmux(["send-keys", "-t", "main", "Enter"])
        _ = try waitFor("the details") { $0.contains("[ Vormerken ]") }
        try tmux(["send-keys", "-t", "main", "f"])
        _ = try waitFor("Vergessen") { $0.contains("[ Vergessen ]") && $0.contains("Yellow Triangle ♥") }
        try tmux(["send-keys", "-t", "main", "Escape"])
        _ = try waitFor("the overview with the favorite") { $0.contains("♥ Yellow Triangle") }
        try tmux(["send-keys", "-t", "main", "Right"])
        try tmux(["send-keys", "-t", "main", "Right"])
        let favorites = try waitFor("the Vorgemerkt filter") { $0.contains("[ Vorgemerkt ]") }
        XCTAssertTrue(favorites.contains("♥ Yellow Triangle"), favorites)
        XCTAssertFalse(favorites.contains("Blue Circle"), favorites)
        let colored = try tmux(["capture-pane", "-p", "-e", "-t", "main"])
        XCTAssertTrue(colored.contains("48;2;209;196;233"), "the favorite's row has the #D1C4E9 background")

        try tmux(["send-keys", "-t", "main", "q"])
        waitForTheStatus()
        XCTAssertEqual(try String(contentsOf: file("status"), encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines), "0")
        XCTAssertEqual(try String(contentsOf: file("before"), encoding: .utf8), try String(contentsOf: file("after"), encoding: .utf8),
                       "stty -g differs after quitting")
        XCTAssertEqual(try String(contentsOf: file("stderr"), encoding: .utf8), "")
    }

    /// contacts' form in a real terminal: typed keys (q and ? are text there), tab through the fields,
    /// ctrl-s saves, esc leaves; the new contact is in the list; quitting restores the terminal.
    func testContactsAddThroughTheFormInARealTerminal() throws {
        let binary = AppsCLIProcess.executable.path
        let dir = workDirectory.path
        let photo = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../Packages/ContactsBackend/Sources/ContactsBackend/Resources/Demo/photos/ayu-lestari.png").standardizedFileURL.path
        let script = "unset NO_COLOR; stty -g > '\(dir)/before'; '\(binary)' contacts --data-dir '\(dir)/data' 2>'\(dir)/stderr'; "
            + "echo $? > '\(dir)/status.tmp'; stty -g > '\(dir)/after'; mv '\(dir)/status.tmp' '\(dir)/status'; sleep 60"
        try tmux(["new-session", "-d", "-s", "main", "-x", "80", "-y", "24",
                  "-e", "TERM=xterm-256color", "-e", "COLORTERM=truecolor", "sh", "-c", script])
        _ = try waitFor("the contacts") { $0.contains("Contacts (52)") }
        try tmux(["send-keys", "-t", "main", "a"])
        _ = try waitFor("the form") { $0.contains("New Contact") && $0.contains("ctrl-s done") }
        for (index, value) in ["Qori?", "Quinn", "+6281234567890", "qori@mail.example", photo].enumerated() {
            if index > 0 { try tmux(["send-keys", "-t", "main", "Tab"]) }
            try tmux(["send-keys", "-t", "main", "-l", value])
        }
        _ = try waitFor("the typed photo path") { $0.contains("ayu-lestari.png") && $0.contains("Qori?") }
        try tmux(["send-keys", "-t", "main", "C-s"])
        let list = try waitFor("the list with the new contact") { $0.contains("Contacts (53)") && $0.contains("Saved Qori? Quinn.") }
        XCTAssertTrue(list.contains("▌") && list.contains("Qori? Quinn"), list)

        try tmux(["send-keys", "-t", "main", "q"])
        waitForTheStatus()
        XCTAssertEqual(try String(contentsOf: file("status"), encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines), "0")
        XCTAssertEqual(try String(contentsOf: file("before"), encoding: .utf8), try String(contentsOf: file("after"), encoding: .utf8),
                       "stty -g differs after quitting")
        XCTAssertEqual(try String(contentsOf: file("stderr"), encoding: .utf8), "")
    }

    /// Another process holds the contacts store's write lock while the app saves a favourite: the
    /// screen keeps answering keys (the app's SQLite calls wait on the database's own queue, never
    /// on the main actor), the change waits, and it lands once the other process lets go.
    func testTheScreenAnswersKeysWhileAnotherProcessHoldsTheStore() async throws {
        let binary = AppsCLIProcess.executable.path
        let dir = workDirectory.path
        let script = "unset NO_COLOR; '\(binary)' contacts --data-dir '\(dir)/data' 2>'\(dir)/stderr'; echo $? > '\(dir)/status'; sleep 60"
        try tmux(["new-session", "-d", "-s", "main", "-x", "80", "-y", "24", "-e", "TERM=xterm-256color", "sh", "-c", script])
        _ = try waitFor("the contacts") { $0.contains("Contacts (52)") && $0.contains("Andi Pratama ★") }
        try tmux(["send-keys", "-t", "main", "Enter"])
        _ = try waitFor("Andi's page") { $0.contains("[ edit ]") && $0.contains("Andi Pratama ★") }
        for round in 1...2 {
            // The other process takes the write lock, says so on its stdout and keeps the lock until a line
            // comes on its stdin (python3's sqlite3): both ways a signal, no waiting by the clock.
            let locker = Process(), said = Pipe(), told = Pipe()
            locker.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            locker.arguments = ["python3", "-c", """
                import sqlite3, sys
                store = sqlite3.connect(sys.argv[1], timeout=30, isolation_level=None)
                store.execute("BEGIN IMMEDIATE")
                print("locked", flush=True)
                sys.stdin.readline()
                store.execute("COMMIT")
                """, "\(dir)/data/contacts.sqlite"]
            locker.standardOutput = said
            locker.standardInput = told
            try locker.run()
            defer { locker.terminate(); locker.waitUntilExit() }
            let heard = String(decoding: said.fileHandleForReading.availableData, as: UTF8.self)
            XCTAssertTrue(heard.hasPrefix("locked"), "the other process holds the store")
            let starred = round == 2
            try tmux(["send-keys", "-t", "main", "f"])
            // The save waits for the lock; tab moves the focus meanwhile (the focused button's look), at once.
            let styled = { try self.tmux(["capture-pane", "-p", "-e", "-t", "main"]) }
            let before = try styled()
            try tmux(["send-keys", "-t", "main", "Tab"])
            pollUntil("round \(round): the screen answers tab while the store is locked", timeout: .milliseconds(1500),
                      every: .milliseconds(20)) { try styled() != before }
            XCTAssertEqual(try screen().contains("Andi Pratama ★"), !starred, "round \(round): the favourite cannot be saved while the lock is held")
            told.fileHandleForWriting.write(Data("let go\n".utf8))
            _ = try waitFor("round \(round): the favourite saved once the lock is free") { $0.contains("Andi Pratama ★") == starred }
        }
        try tmux(["send-keys", "-t", "main", "Escape"])
        _ = try waitFor("the list") { $0.contains("Contacts (52)") }
        try tmux(["send-keys", "-t", "main", "q"])
        waitForTheStatus()
        XCTAssertEqual(try String(contentsOf: file("status"), encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines), "0")
        XCTAssertEqual(try String(contentsOf: file("stderr"), encoding: .utf8), "")
    }

    /// ctrl-z hands the terminal back to the shell; `fg` brings the app back in raw mode, repainted,
    /// and keys work again (a resume that missed SIGCONT would leave the terminal echoing keys).
    func testCtrlZSuspendsAndFgResumesWithWorkingKeys() throws {
        let dir = workDirectory.path
        try startProductGridInAShell()
        for round in 1...2 {
            try tmux(["send-keys", "-t", "main", "C-z"])
            _ = try waitFor("the shell after ctrl-z (\(round))") { $0.contains("Stopped") }
            try tmux(["send-keys", "-t", "main", "clear; fg", "Enter"])
            _ = try waitFor("the grid after fg (\(round))") { $0.contains("Products (12)") }
            try tmux(["send-keys", "-t", "main", round == 1 ? "Right" : "Left"])
            let expected = round == 1 ? "2/12" : "1/12"
            let shown = try waitFor("a key after fg (\(round))") { $0.contains(expected) }
            XCTAssertFalse(shown.contains("^[["), "keys are not echoed:\n\(shown)")
        }
        try tmux(["send-keys", "-t", "main", "q"])
        _ = try waitFor("the shell after q") { $0.contains("prompt$") && !$0.contains("Products (12)") }
        // stty first: the test reads the file as soon as the status shows.
        try tmux(["send-keys", "-t", "main", "s=$?; stty -g > '\(dir)/after'; echo status=$s", "Enter"])
        _ = try waitFor("the status") { $0.contains("status=0") }
        XCTAssertEqual(try String(contentsOf: file("before"), encoding: .utf8), try String(contentsOf: file("after"), encoding: .utf8))
    }

    /// Starts product-grid from an interactive shell in tmux and waits for the grid.
    /// product-grid in an interactive bash in tmux; `environment` is prefixed to the command, and
    /// stderr goes to the file `stderr` unless `stderrToTerminal`.
    private func startProductGridInAShell(environment: String = "", stderrToTerminal: Bool = false) throws {
        let binary = AppsCLIProcess.executable.path
        let dir = workDirectory.path
        // Once in a fresh-clone CI run the tmux server was gone before the shell's first prompt (the pane
        // empty for 30 s, no pane pid): a second server is started before the test gives up.
        for attempt in 1...2 {
            try tmux(["new-session", "-d", "-s", "main", "-x", "90", "-y", "30", "-e", "TERM=xterm-256color",
                      "-e", "PS1=prompt$ ", "bash", "--norc", "--noprofile", "-i"])
            if attempt == 2 || shows("prompt$", within: 15) { break }
            _ = try? tmux(["kill-server"])
        }
        _ = try waitFor("the shell") { $0.contains("prompt$") }
        let redirect = stderrToTerminal ? "" : " 2>'\(dir)/stderr'"
        try tmux(["send-keys", "-t", "main",
                  "stty -g > '\(dir)/before'; \(environment) XDG_CACHE_HOME='\(dir)/cache' '\(binary)' product-grid\(redirect)", "Enter"])
        _ = try waitFor("the grid") { $0.contains("Products (12)") && $0.contains("1/12") }
    }

    /// Waits (20 s at most) for the shell to write the app's exit status, as it does once the app ends.
    private func waitForTheStatus(file: StaticString = #filePath, line: UInt = #line) {
        pollUntil("the app ended and its status was written", timeout: .seconds(20), file: file, line: line) {
            FileManager.default.fileExists(atPath: self.file("status").path)
        }
    }

    /// The pid of the app: the child of the pane's shell.
    private func appPID() throws -> pid_t {
        let shell = try tmux(["display-message", "-p", "-t", "main", "#{pane_pid}"]).trimmingCharacters(in: .whitespacesAndNewlines)
        let children = try String(contentsOfFile: "/proc/\(shell)/task/\(shell)/children", encoding: .utf8)
        return try XCTUnwrap(children.split(separator: " ").first.flatMap { pid_t($0) }, "no child of the shell \(shell)")
    }

    /// What tmux knows of the pane's modes: the alternate screen, the cursor, mouse reporting.
    private func paneModes() throws -> String {
        try tmux(["display-message", "-p", "-t", "main", "alternate=#{alternate_on} cursor=#{cursor_flag} mouse=#{mouse_any_flag}"])
            .trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// SIGINT, SIGTERM and SIGHUP from outside: the terminal comes back exactly (stty, main screen,
    /// cursor shown, mouse reporting off) and the exit status is 128 + the signal.
    func testTerminationSignalsRestoreTheTerminalAndExitWithTheirStatus() throws {
        for (signalNumber, status) in [(SIGINT, 130), (SIGTERM, 143), (SIGHUP, 129)] {
            try startProductGridInAShell()
            XCTAssertEqual(try paneModes(), "alternate=1 cursor=0 mouse=1", "the app's own modes while it runs")
            XCTAssertEqual(kill(try appPID(), signalNumber), 0)
            try assertBackAtThePromptWithTheTerminalRestored(status: status)
            XCTAssertEqual(try paneModes(), "alternate=0 cursor=1 mouse=0", "signal \(signalNumber)")
            XCTAssertEqual(try String(contentsOf: file("stderr"), encoding: .utf8), "", "signal \(signalNumber): no report")
            try tmux(["kill-session", "-t", "main"])
        }
    }

    /// A crash (a deliberate trap, switched on by the environment) restores the terminal first and
    /// then shows its message on the main screen.
    func testACrashRestoresTheTerminalAndShowsItsMessageAfterwards() throws {
        // The runtime's backtracer would otherwise offer a debugger on the terminal for 30 s.
        try startProductGridInAShell(environment: "APPS_CLI_TEST_CRASH_KEY=! SWIFT_BACKTRACE=interactive=no", stderrToTerminal: true)
        try tmux(["send-keys", "-t", "main", "!"])
        // The shell's prompt after the crash report (the report may be long: the runtime adds a backtrace).
        _ = try waitFor("the shell after the crash") { screen in
            let lines = screen.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
            return !screen.contains("Products (12)") && lines.last == "prompt$" && lines.count > 2
        }
        // No `clear` here: it would wipe the history the message is read from.
        try tmux(["send-keys", "-t", "main", "s=$?; stty -g > '\(workDirectory.path)/after'; echo \"status\"=$s", "Enter"])
        let shown = try waitFor("the status") { $0.contains("status=1") }
        let history = try tmux(["capture-pane", "-p", "-S", "-", "-t", "main"])
        let message = try XCTUnwrap(history.range(of: "deliberate crash"), "the crash message is on the main screen:\n\(history)")
        let command = try XCTUnwrap(history.range(of: "product-grid"), history)
        XCTAssertLessThan(command.lowerBound, message.lowerBound, "after the command line, on the main screen")
        XCTAssertTrue(shown.contains("status=132") || shown.contains("status=133"), "SIGILL or SIGTRAP:\n\(shown)")
        XCTAssertEqual(try String(contentsOf: file("before"), encoding: .utf8), try String(contentsOf: file("after"), encoding: .utf8))
        XCTAssertEqual(try paneModes(), "alternate=0 cursor=1 mouse=0")
    }

    private func assertBackAtThePromptWithTheTerminalRestored(status: Int, file: StaticString = #filePath, line: UInt = #line) throws {
        _ = try waitFor("the shell again") { $0.contains("prompt$") && !$0.contains("Products (12)") }
        // stty first: the file is read as soon as the status shows. The quotes keep the typed command
        // line from matching before it has run (the marker appears only in its output).
        try tmux(["send-keys", "-t", "main", "s=$?; stty -g > '\(workDirectory.path)/after'; clear; echo \"status\"=$s", "Enter"])
        _ = try waitFor("the status") { $0.contains("status=") }
        let shown = try screen()
        XCTAssertTrue(shown.contains("status=\(status)"), shown, file: file, line: line)
        XCTAssertEqual(try String(contentsOf: self.file("before"), encoding: .utf8), try String(contentsOf: self.file("after"), encoding: .utf8),
                       "stty -g differs", file: file, line: line)
    }

    /// ctrl-z, `bg`, `fg`: in the background the app leaves the terminal to the shell (no alternate
    /// screen over the prompt); after `fg` it is raw again and keys work.
    func testCtrlZThenBgThenFgGivesTheTerminalBackOnlyInTheForeground() async throws {
        let log = file("terminal.log").path
        try startProductGridInAShell(environment: "APPS_CLI_LOG='\(log)'")
        try tmux(["send-keys", "-t", "main", "C-z"])
        _ = try waitFor("the shell after ctrl-z") { $0.contains("Stopped") }
        try tmux(["send-keys", "-t", "main", "clear; bg; echo back\"\"grounded", "Enter"])
        let background = try waitFor("the shell after bg") { $0.contains("backgrounded") }
        XCTAssertFalse(background.contains("Products (12)"), "the app drew over the shell while in the background:\n\(background)")
        // The app's last decision in the background (300 ms after it continued, whether it was stopped
        // at all), from its log: only then can the screen say it left the terminal alone.
        await waitUntil("the app decided after bg", every: .milliseconds(20), asking: {
            (try? String(contentsOfFile: log, encoding: .utf8))?.contains("still in the background 300 ms after ctrl-z") == true
        })
        XCTAssertFalse(try screen().contains("Products (12)"), "the app took the terminal while in the background")
        try tmux(["send-keys", "-t", "main", "clear; fg", "Enter"])
        _ = try waitFor("the grid after fg") { $0.contains("Products (12)") }
        try tmux(["send-keys", "-t", "main", "Right"])
        let shown = try waitFor("a key after fg") { $0.contains("2/12") }
        XCTAssertFalse(shown.contains("^[["), "keys are not echoed:\n\(shown)")
        try tmux(["send-keys", "-t", "main", "q"])
        try assertBackAtThePromptWithTheTerminalRestored(status: 0)
        let events = try String(contentsOfFile: log, encoding: .utf8).split(separator: "\n").map { $0.split(separator: " ", maxSplits: 2).last ?? "" }
        // The SIGCONT's event and the 300 ms check come in either order on a loaded machine; the rest is ordered.
        let named = events.map { String($0.prefix(while: { $0 != ":" })) }
        // The width model is chosen (and said) from the probe's answers, before the first frame.
        XCTAssertEqual(named.prefix(2), ["width model", "entered the terminal"], "\(events)")
        XCTAssertEqual(named.last, "left the terminal", "\(events)")
        let place = { (name: String) in named.firstIndex(of: name) ?? -1 }
        let inBackground = [place("continued in the background"), place("still in the background 300 ms after ctrl-z")]
        XCTAssertEqual(named.count, 7, "\(events)")
        XCTAssertTrue(inBackground.allSatisfy { $0 > place("suspended (ctrl-z)") && $0 < place("continued in the foreground") }, "\(events)")
    }

    /// SIGQUIT restores the terminal and exits 131, without a crash report.
    func testSIGQUITRestoresTheTerminalAndExits131() throws {
        try startProductGridInAShell()
        try tmux(["send-keys", "-t", "main", "C-z"])
        _ = try waitFor("the shell after ctrl-z") { $0.contains("Stopped") }
        try tmux(["send-keys", "-t", "main", "clear; kill -QUIT %1; fg", "Enter"])
        try assertBackAtThePromptWithTheTerminalRestored(status: 131)
        let errors = try String(contentsOf: file("stderr"), encoding: .utf8)
        XCTAssertFalse(errors.contains("Crash") || errors.contains("Thread") || errors.contains("register"), errors)
    }

    /// A flood of keys nobody handles does not delay q: one frame for the burst, not one per key.
    func testQuitActsPromptlyAfterAFloodOfUnboundKeys() throws {
        try startProductGridInAShell()
        // One write of 20,000 bytes to the pane (send-keys refuses arguments that long; paste-buffer
        // without -p sends no bracketed-paste markers, so these arrive as keys).
        try Data((String(repeating: "x", count: 20_000) + "q").utf8).write(to: file("flood"))
        try tmux(["load-buffer", file("flood").path])
        let started = Date()
        try tmux(["paste-buffer", "-d", "-t", "main"])
        _ = try waitFor("the shell after q", timeout: 60) { $0.contains("prompt$") && !$0.contains("Products (12)") }
        // Before the fix a burst of 5,000 keys delayed q by 4.5 s and more: here 20,000 must not take 4 s.
        XCTAssertLessThan(Date().timeIntervalSince(started), 4, "q waited for the whole key burst to be drawn")
        try assertBackAtThePromptWithTheTerminalRestored(status: 0)
    }

    /// After ctrl-z and `bg` the app runs on in the background; `kill %1` then ends it like any job.
    func testKillingABackgroundedAppEndsIt() throws {
        let log = file("terminal.log").path
        try startProductGridInAShell(environment: "APPS_CLI_LOG='\(log)'")
        try tmux(["send-keys", "-t", "main", "C-z"])
        _ = try waitFor("the shell after ctrl-z") { $0.contains("Stopped") }
        // Killed once it runs on in the background (its log says so), and waited for by the shell.
        let inBackground = "until grep -q 'still in the background' '\(log)'; do sleep 0.05; done"
        try tmux(["send-keys", "-t", "main", "clear; bg; \(inBackground); kill %1; wait -f %1; stty -g > '\(workDirectory.path)/after'; clear; jobs; echo jobs\"\"-done",
                  "Enter"])
        let shown = try waitFor("the job list") { $0.contains("jobs-done") }
        XCTAssertFalse(shown.contains("Stopped") || shown.contains("Running") || shown.contains("product-grid"), "the app is still a job:\n\(shown)")
        XCTAssertEqual(try String(contentsOf: file("before"), encoding: .utf8), try String(contentsOf: file("after"), encoding: .utf8))
    }

    /// `kill %1` on a suspended app (SIGTERM, then SIGCONT from bash) ends it, instead of leaving it
    /// stopped again with the termination unhandled; the terminal is as it was.
    func testKillingASuspendedAppEndsItAndLeavesTheTerminalAsItWas() throws {
        try startProductGridInAShell()
        try tmux(["send-keys", "-t", "main", "C-z"])
        _ = try waitFor("the shell after ctrl-z") { $0.contains("Stopped") }
        // `wait -f`: with job control, a plain `wait` returns as soon as the job changes state (the
        // SIGCONT that follows kill's SIGTERM), which raced the app's own ending.
        try tmux(["send-keys", "-t", "main", "clear; kill %1; wait -f %1; stty -g > '\(workDirectory.path)/after'; clear; jobs; echo jobs\"\"-done",
                  "Enter"])
        let shown = try waitFor("the job list") { $0.contains("jobs-done") }
        XCTAssertFalse(shown.contains("Stopped") || shown.contains("product-grid"), "the app is gone, not stopped:\n\(shown)")
        XCTAssertEqual(try String(contentsOf: file("before"), encoding: .utf8), try String(contentsOf: file("after"), encoding: .utf8))
    }

    // MARK: Requests never wait behind pictures

    /// A numbers server whose 45 pictures are at `pictures` (a base URL), which writes when each
    /// request arrived (CLOCK_MONOTONIC, the clock this process reads too) to the file `arrivals`.
    /// Pictures under its own `/pictures/` accept the request and never answer.
    private func numbersServer(pictures: String?) throws -> ScriptedServer {
        try ScriptedServer(handler: #"""
                def do_HEAD(self):
                    self.answer(b"")
                def do_GET(self):
                    with lock:
                        log.write("%.4f %s\n" % (time.monotonic(), self.path))
                        log.flush()
                    base = pictures or "http://127.0.0.1:%d" % self.server.server_address[1]
                    if self.path.startswith("/pictures/"):
                        threading.Event().wait(60)
                        return
                    if self.path == "/json.php":
                        body = json.dumps([{"name": str(n), "image": "%s/pictures/%d.png" % (base, n)} for n in range(1, 46)]).encode()
                    else:
                        name = self.path.split("name=")[-1]
                        body = json.dumps({"name": name, "text": "Detail of number " + name, "image": "%s/pictures/d%s.png" % (base, name)}).encode()
                    self.answer(body)
                def answer(self, body):
                    self.send_response(200)
                    self.send_header("Content-Type", "application/json")
                    self.send_header("Content-Length", str(len(body)))
                    self.end_headers()
                    if self.command != "HEAD":
                        self.wfile.write(body)
            """#, prelude: """
            import json, time
            lock = threading.Lock()
            log = open(sys.argv[1], "a")
            pictures = sys.argv[2] if len(sys.argv) > 2 else None
            """, arguments: [file("arrivals").path] + (pictures.map { [$0] } ?? []))
    }

    /// When each request arrived at the numbers server, by path (the first arrival).
    private func arrivals() throws -> [String: Double] {
        let log = try String(contentsOf: file("arrivals"), encoding: .utf8)
        var arrived: [String: Double] = [:]
        for line in log.split(separator: "\n") {
            let fields = line.split(separator: " ", maxSplits: 1)
            guard fields.count == 2, let time = Double(fields[0]) else { continue }
            if arrived[String(fields[1])] == nil { arrived[String(fields[1])] = time }
        }
        return arrived
    }

    private static func monotonicSeconds() -> Double {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
    }

    /// Opens number 3 on the phone layout and returns how long after enter its request reached the
    /// server; fails when its text does not come.
    private func secondsFromEnterToTheDetailRequest(server: ScriptedServer, prefix: String = "") throws -> Double {
        let binary = AppsCLIProcess.executable.path
        let dir = workDirectory.path
        let command = "\(prefix)'\(binary)' numbers --base-url http://127.0.0.1:\(server.port) --timeout 30 --data-dir '\(dir)/data' 2>'\(dir)/stderr'"
        try tmux(["new-session", "-d", "-s", "main", "-x", "60", "-y", "24", "-e", "TERM=xterm-256color", "-e", "XDG_CACHE_HOME=\(dir)/cache",
                  "sh", "-c", command + "; sleep 60"])
        _ = try waitFor("the list of 45") { $0.contains("Numbers (45)") }
        try tmux(["send-keys", "-t", "main", "Down", "Down"])
        _ = try waitFor("3 selected") { self.selectedNumber($0) == "3" }
        let enter = Self.monotonicSeconds()
        try tmux(["send-keys", "-t", "main", "Enter"])
        _ = try waitFor("the detail of 3", timeout: 25) { $0.contains("Detail of number 3") }
        let arrived = try XCTUnwrap(try arrivals()["/json.php?name=3"], "the detail was asked for")
        return arrived - enter
    }

    /// Pictures that the server accepts and never answers (45, all of one host: more than its
    /// connection limit) never hold up the detail the user opened: it is asked for at once.
    /// Scripts/bench times the same against its goal of 0.5 s; here the bound only tells "at once"
    /// from "behind the pictures" (seconds to minutes) on a busy machine.
    func testADetailIsAskedForAtOnceWhileItsHostsPicturesNeverAnswer() throws {
        let server = try numbersServer(pictures: nil)
        // The tmux server holds the script's standard input too (it inherits every descriptor): it goes first.
        defer { _ = try? tmux(["kill-server"]); server.stop() }
        let waited = try secondsFromEnterToTheDetailRequest(server: server)
        XCTAssertLessThan(waited, 1.5, "the detail's request waited \(waited) s behind the pictures")
        XCTAssertNotNil(try arrivals()["/pictures/1.png"], "the pictures were asked for too (the case is real)")
    }

    /// Pictures on a host whose name server never answers (each lookup takes libcurl's resolver
    /// thread 20 s here) never hold up the detail: a transfer dropped mid-lookup is not waited for on
    /// the session's thread. The app runs in a mount namespace of its own whose resolv.conf names a
    /// silent name server on loopback; it needs root (CI has it).
    func testADetailIsAskedForAtOnceWhilePictureHostsDoNotResolve() throws {
        guard getuid() == 0, FileManager.default.isExecutableFile(atPath: "/usr/bin/unshare") else {
            throw XCTSkip("a resolv.conf of the app's own needs root and unshare")
        }
        let address = "127.0.\(UInt8.random(in: 1...250)).\(UInt8.random(in: 1...250))"
        let silent = try ScriptedServer(script: """
            import socket, sys
            listener = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
            listener.bind(("\(address)", 53))
            print(53, flush=True)
            sys.stdin.read()
            """)
        defer { _ = try? tmux(["kill-server"]); silent.stop() }
        let resolver = file("resolv.conf")
        try "nameserver \(address)\noptions timeout:5 attempts:2\n".write(to: resolver, atomically: true, encoding: .utf8)
        let server = try numbersServer(pictures: "http://pictures.apps-cli-bench.example")
        defer { _ = try? tmux(["kill-server"]); server.stop() }
        let waited = try secondsFromEnterToTheDetailRequest(
            server: server, prefix: "unshare -m sh -c 'mount --bind \(resolver.path) /etc/resolv.conf && exec \"$0\" \"$@\"' ")
        XCTAssertLessThan(waited, 1.5, "the detail's request waited \(waited) s behind the pictures' lookups")
    }
}
