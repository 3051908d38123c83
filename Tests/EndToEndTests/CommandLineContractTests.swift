import Foundation
import HTTPClientTesting
import TerminalUITesting
import XCTest
@testable import AppsCLIKit

/// The command-line contract of DESIGN.md, checked on the real binary: stdout, stderr, exit status.
final class CommandLineContractTests: XCTestCase {
    func testBareCommandAndHelpListEveryFeature() throws {
        for arguments in [[], ["--help"], ["-h"]] {
            let result = try AppsCLIProcess.run(arguments)
            XCTAssertEqual(result.status, 0, "\(arguments)")
            XCTAssertEqual(result.stderr, "")
            for feature in FeatureCatalog.all.map(\.name) {
                XCTAssertTrue(result.stdout.contains("  \(feature) "), "\(arguments) lists \(feature)")
            }
            XCTAssertTrue(result.stdout.contains("Usage: apps-cli <feature> [options]"))
        }
    }

    /// The help is compared whole, not by a few `contains` (off a terminal it is laid out for 80 columns).
    func testHelpTextsAreWholeSnapshots() throws {
        for (arguments, name) in [([String](), "help-overview"), (["check24", "--help"], "help-check24"), (["numbers", "--help"], "help-numbers")] {
            let result = try AppsCLIProcess.run(arguments)
            XCTAssertEqual(result.status, 0, "\(arguments)")
            assertTextSnapshot(result.stdout, named: name)
        }
    }

    /// `--accessible` (and `APPS_CLI_ACCESSIBLE=1`) in every feature: no box drawing and no block
    /// pictures anywhere on the screen, pictures said in words, and the same screen either way.
    func testTheAccessibleModeDrawsNoBoxesAndSaysPicturesInWords() throws {
        let data = FileManager.default.temporaryDirectory.appendingPathComponent("apps-cli-accessible-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: data) }
        let screens: [(arguments: [String], words: String)] = [
            (["product-grid", "--size", "80x24"], "[picture]"),
            (["product-grid", "--size", "80x24", "--keys", "enter"], "[picture: Apples]"),
            (["numbers", "--size", "120x30"], "[picture: 1]"),
            (["check24", "--size", "100x30", "--keys", "enter"], "[Bild: "),  // German, as the screen
            (["resource-directory", "--size", "80x24", "--keys", "enter enter"], "[picture"),
            (["contacts", "--size", "80x24", "--keys", "enter"], "[pic"),
        ]
        for screen in screens {
            let arguments = screen.arguments + ["--plain", "--data-dir", data.path]
            let result = try AppsCLIProcess.run(arguments + ["--accessible"])
            XCTAssertEqual(result.status, 0, "\(arguments): \(result.stderr)")
            XCTAssertFalse(result.stdout.unicodeScalars.contains { (0x2500...0x259F).contains($0.value) },
                           "\(arguments): box drawing or blocks in\n\(result.stdout)")
            XCTAssertTrue(result.stdout.contains(screen.words), "\(arguments): \(screen.words) in\n\(result.stdout)")
            let fromEnvironment = try AppsCLIProcess.run(arguments, environment: ["APPS_CLI_ACCESSIBLE": "1"])
            XCTAssertEqual(fromEnvironment.stdout, result.stdout, "APPS_CLI_ACCESSIBLE=1 is --accessible")
        }
        // Off, the same screens have their borders and pictures.
        let boxed = try AppsCLIProcess.run(["product-grid", "--plain", "--data-dir", data.path], environment: ["APPS_CLI_ACCESSIBLE": "0"])
        XCTAssertTrue(boxed.stdout.contains("╔"), boxed.stdout)
    }

    /// The live transport is libcurl, linked directly: Foundation's networking (which burned a core
    /// while a request waited and reused no connection) is not in the binary at all.
    func testTheBinaryDoesNotLinkFoundationNetworking() throws {
        let linked = try TestProgram.run("/usr/bin/ldd", [AppsCLIProcess.executable.path])
        XCTAssertEqual(linked.status, 0, linked.err)
        XCTAssertFalse(linked.out.contains("FoundationNetworking"), linked.out)
        XCTAssertTrue(linked.out.contains("libcurl"), "libcurl itself is: \(linked.out)")
    }

    func testVersion() throws {
        let result = try AppsCLIProcess.run(["--version"])
        XCTAssertEqual(result.status, 0)
        XCTAssertTrue(result.stdout.hasPrefix("apps-cli 0.1.0 (commit "), result.stdout)
    }

    func testFeatureHelpListsOptionsAndKeys() throws {
        let result = try AppsCLIProcess.run(["product-grid", "--help"])
        XCTAssertEqual(result.status, 0)
        XCTAssertTrue(result.stdout.contains("--base-url URL"))
        XCTAssertTrue(result.stdout.contains("Keys:"))
        XCTAssertTrue(result.stdout.contains("open product"))
        // One source with the screens' ? overlays: the grid's paging keys are listed (they once drifted away).
        XCTAssertTrue(result.stdout.contains("pgup/pgdn home/end"), result.stdout)
        XCTAssertTrue(result.stdout.contains("Detail:\n"), result.stdout)
    }

    func testUsageErrorsExit64WithAMessageOnStderrOnly() throws {
        let cases: [([String], String)] = [
            (["nope"], "unknown feature 'nope'"),
            (["--bogus"], "unknown option '--bogus'"),
            (["product-grid", "--bogus"], "unknown option '--bogus'"),
            (["product-grid", "--size", "huge"], "--size"),
            (["product-grid", "--keys", "left teleport"], "teleport"),
            (["product-grid", "--fail-every", "2"], "check24 only"),
        ]
        for (arguments, expected) in cases {
            let result = try AppsCLIProcess.run(arguments)
            XCTAssertEqual(result.status, 64, "\(arguments)")
            XCTAssertEqual(result.stdout, "", "\(arguments)")
            XCTAssertTrue(result.stderr.hasPrefix("apps-cli: "), "\(arguments): \(result.stderr)")
            XCTAssertTrue(result.stderr.contains(expected), "\(arguments): \(result.stderr)")
            XCTAssertEqual(result.stderr.split(separator: "\n").count, 1, "one line, no stack trace")
        }
    }

    func testBadValuesOfEveryOptionExit64WithOneLine() throws {
        let cases: [[String]] = [
            ["--size", "0x0"], ["--size", "-1x5"], ["--size", "80x"], ["--size", "x24"], ["--size", "99999999999x99999999999"],
            ["--size", "1001x24"], ["--timeout", "0"], ["--timeout", "-1"], ["--timeout", "nan"], ["--timeout", "inf"],
            ["--timeout", "1e300"], ["--timeout", "3601"], ["--timeout", ""], ["--base-url", "ftp://x"], ["--base-url", "http://"],
            ["--base-url", "notaurl"], ["--base-url", "http://[::1"], ["--base-url", "javascript:alert(1)"], ["--base-url", "file:///etc"],
            ["--keys"], ["--data-dir"], ["--data-dir", ""], ["--fail-every", "-1"], ["--fail-every", "x"], ["--plain=yes"],
        ]
        for feature in ["check24", "contacts"] {
            for arguments in cases {
                let result = try AppsCLIProcess.run([feature] + arguments)
                let label = "\(feature) \(arguments)"
                XCTAssertEqual(result.status, 64, label)
                XCTAssertEqual(result.stdout, "", label)
                XCTAssertTrue(result.stderr.hasPrefix("apps-cli: "), "\(label): \(result.stderr)")
                XCTAssertEqual(result.stderr.split(separator: "\n").count, 1, "\(label): one line, no trace: \(result.stderr)")
            }
        }
    }

    func testADataDirectoryThatCannotBeUsedExits73Or74WithOneLine() throws {
        let root = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("apps-cli-bad-data-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        defer {
            try? FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: root.appendingPathComponent("locked").path)
            try? FileManager.default.removeItem(at: root)
        }
        let file = root.appendingPathComponent("a-file")
        try Data("x".utf8).write(to: file)
        for feature in FeatureCatalog.all.map(\.name) {
            for directory in [file, file.appendingPathComponent("inside")] {
                let result = try AppsCLIProcess.run([feature, "--plain", "--data-dir", directory.path])
                XCTAssertEqual(result.status, 73, "\(feature) \(directory.path): \(result.stderr)")
                XCTAssertTrue(result.stderr.contains("not a folder"), result.stderr)
                XCTAssertEqual(result.stderr.split(separator: "\n").count, 1, result.stderr)
            }
        }
        // Read-only and unreadable folders, as a user without root's override (CI runs as root).
        guard getuid() == 0, FileManager.default.isExecutableFile(atPath: "/usr/bin/setpriv") else {
            throw XCTSkip("needs root to run the app as nobody")
        }
        let readOnly = root.appendingPathComponent("read-only"), locked = root.appendingPathComponent("locked")
        for (folder, mode) in [(readOnly, 0o555), (locked, 0o000)] {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try FileManager.default.setAttributes([.posixPermissions: mode], ofItemAtPath: folder.path)
        }
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: root.path)
        let binary = root.appendingPathComponent("apps-cli")
        try FileManager.default.copyItem(at: AppsCLIProcess.executable, to: binary)
        for folder in [readOnly, locked] {
            // The features that keep data there say so; the others only cache there, and start without it.
            for feature in ["check24", "contacts"] {
                let result = try runAsNobody(binary, [feature, "--plain", "--data-dir", folder.path])
                XCTAssertEqual(result.status, 74, "\(feature) \(folder.lastPathComponent): \(result.stderr)")
                XCTAssertTrue(result.stderr.contains("--data-dir"), result.stderr)
                XCTAssertEqual(result.stderr.split(separator: "\n").count, 1, result.stderr)
            }
            let cached = try runAsNobody(binary, ["product-grid", "--plain", "--data-dir", folder.path])
            XCTAssertEqual(cached.status, 0, cached.stderr)
        }
    }

    private func runAsNobody(_ binary: URL, _ arguments: [String]) throws -> AppsCLIProcess.Result {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/setpriv")
        process.arguments = ["--reuid=nobody", "--regid=nogroup", "--clear-groups", binary.path] + arguments
        process.environment = ["PATH": "/usr/bin:/bin", "HOME": "/nonexistent"]
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let outData = out.fileHandleForReading.readDataToEndOfFile()
        let errData = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return AppsCLIProcess.Result(status: process.terminationStatus, stdout: String(decoding: outData, as: UTF8.self),
                                     stderr: String(decoding: errData, as: UTF8.self))
    }

    /// Runs a shell command line (for redirections such as `2>/dev/full`) and returns its stdout.
    private func shell(_ command: String) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", command]
        let out = Pipe()
        process.standardOutput = out
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self)
    }

    func testAClosedOrFullStderrOrStdoutIsAnExitStatusNotACrash() throws {
        let binary = "'\(AppsCLIProcess.executable.path)'"
        let data = "--data-dir '\(NSTemporaryDirectory())apps-cli-e2e-full'"
        XCTAssertEqual(try shell("\(binary) check24 --bogus 2>/dev/full; echo status=$?"), "status=64\n")
        XCTAssertEqual(try shell("\(binary) check24 --bogus 2>&-; echo status=$?"), "status=64\n")
        XCTAssertEqual(try shell("\(binary) product-grid --plain \(data) >/dev/full 2>/dev/null; echo status=$?"), "status=74\n")
        XCTAssertEqual(try shell("\(binary) product-grid --plain \(data) >&- 2>/dev/null; echo status=$?"), "status=74\n")
        XCTAssertEqual(try shell("\(binary) --version >/dev/full 2>&1; echo status=$?"), "status=74\n")
        let message = try shell("\(binary) product-grid --plain \(data) 2>&1 >/dev/full; true")
        XCTAssertTrue(message.hasPrefix("apps-cli: the output could not be written"), message)
    }

    func testHostileArgumentsAreEchoedSanitizedOnOneLine() throws {
        for arguments in [["feat\u{1B}]0;PWN\u{07}"], ["check24", "--size", "80\nx24"], ["check24", "--keys", "bogus"]] {
            let result = try AppsCLIProcess.run(arguments)
            XCTAssertEqual(result.status, 64, "\(arguments)")
            XCTAssertFalse(result.stderr.contains("\u{1B}") || result.stderr.contains("\u{07}"), result.stderr.debugDescription)
            XCTAssertEqual(result.stderr.split(separator: "\n").count, 1, result.stderr)
            XCTAssertFalse(result.stderr.contains("--keys: --keys:"), result.stderr)
        }
    }

    func testCredentialsInTheBaseURLAreNeverShown() throws {
        let result = try AppsCLIProcess.run(["check24", "--plain", "--fail-every", "0", "--timeout", "2",
                                             "--base-url", "http://user:s3cret@127.0.0.1:1/api"])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(result.stdout.contains("127.0.0.1:1"), result.stdout)
        XCTAssertFalse(result.stdout.contains("s3cret") || result.stderr.contains("s3cret"), result.stdout)
    }

    func testAnEndlessAnswerEndsAtItsCapWithAClearMessage() throws {
        let server = try LocalHTTPServer(routes: [.init(path: "/products-test.json", body: Data("[".utf8), fault: .endlessBody)])
        defer { server.stop() }
        let result = try AppsCLIProcess.run(["check24", "--fail-every", "0", "--timeout", "10", "--base-url", server.baseURL.absoluteString],
                                            timeout: 30)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(result.stdout.contains("größer als 64 MB"), result.stdout)
    }

    func testEveryFeatureStartsOnItsDemoData() throws {
        let dataDirectory = NSTemporaryDirectory() + "apps-cli-every-feature-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: dataDirectory) }
        for feature in FeatureCatalog.all.map(\.name) {
            let result = try AppsCLIProcess.run([feature, "--plain", "--data-dir", dataDirectory])
            XCTAssertEqual(result.status, 0, "\(feature): \(result.stderr)")
            XCTAssertEqual(result.stderr, "", feature)
        }
    }
}

/// `apps-cli product-grid` in `--plain`, on the bundled demo catalog and against a live server.
final class ProductGridPlainTests: XCTestCase {
    func testPlainAt80x24() throws {
        let result = try AppsCLIProcess.run(["product-grid", "--plain"])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(result.stderr, "")
        XCTAssertFalse(result.stdout.contains("\u{1b}"), "no ANSI in --plain")
        assertTextSnapshot(result.stdout, named: "product-grid-80x24")
    }

    /// `/` filters the tiles by name as you type; hjkl are text then, not moves.
    func testSlashFiltersTheTilesByName() throws {
        let result = try AppsCLIProcess.run(["product-grid", "--keys", "/ b a", "--size", "80x24"])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(result.stdout.hasPrefix("Products (2 of 12)"), result.stdout)
        XCTAssertTrue(result.stdout.contains("Bananas"), result.stdout)
        XCTAssertFalse(result.stdout.contains("Apples"), "only the names with “ba”:\n\(result.stdout)")
        let typed = try AppsCLIProcess.run(["product-grid", "--keys", "/ h j k l", "--size", "80x24"])
        XCTAssertTrue(typed.stdout.contains("/ hjkl") && typed.stdout.contains("No product matches “hjkl”."), typed.stdout)
    }

    func testPlainAt120x40() throws {
        let result = try AppsCLIProcess.run(["product-grid", "--plain", "--size", "120x40"])
        XCTAssertEqual(result.status, 0, result.stderr)
        assertTextSnapshot(result.stdout, named: "product-grid-120x40")
    }

    func testStdoutThatIsNotATerminalMeansPlain() throws {
        let implicit = try AppsCLIProcess.run(["product-grid"])
        let explicit = try AppsCLIProcess.run(["product-grid", "--plain"])
        XCTAssertEqual(implicit.status, 0)
        XCTAssertEqual(implicit.stdout, explicit.stdout)
    }

    func testKeysWalkIntoADetailAndBack() throws {
        let detail = try AppsCLIProcess.run(["product-grid", "--keys", "down enter"])
        XCTAssertEqual(detail.status, 0, detail.stderr)
        XCTAssertTrue(detail.stdout.contains("Bananas"), detail.stdout)
        XCTAssertTrue(detail.stdout.contains("0,99 €"), detail.stdout)
        XCTAssertTrue(detail.stdout.contains("esc back"), detail.stdout)
        assertTextSnapshot(detail.stdout, named: "product-grid-detail-bananas")

        let back = try AppsCLIProcess.run(["product-grid", "--keys", "right enter esc"])
        XCTAssertEqual(back.status, 0, back.stderr)
        XCTAssertTrue(back.stdout.contains("Products (12)"), back.stdout)
        XCTAssertTrue(back.stdout.contains("enter open"), back.stdout)

        let clicked = try AppsCLIProcess.run(["product-grid", "--keys", "click:60,6"])
        XCTAssertTrue(clicked.stdout.contains("Oranges") && clicked.stdout.contains("esc back"), clicked.stdout)
    }

    func testLiveServerErrorIsShownWithRetryNotACrash() throws {
        let server = try LocalHTTPServer(routes: [
            .init(method: "GET", path: "/cart/list", status: 500, body: Data("boom".utf8)),
        ])
        defer { server.stop() }
        let result = try AppsCLIProcess.run(["product-grid", "--base-url", server.baseURL.absoluteString])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(result.stdout.contains("500"), result.stdout)
        XCTAssertTrue(result.stdout.contains("Retry"), result.stdout)
    }

    func testTimeoutIsAnErrorNotAHang() throws {
        let server = try LocalHTTPServer(routes: [
            .init(method: "GET", path: "/cart/list", status: 200, body: Data(#"{"products":[]}"#.utf8), delay: 5),
        ])
        defer { server.stop() }
        let result = try AppsCLIProcess.run(["product-grid", "--base-url", server.baseURL.absoluteString, "--timeout", "1"], timeout: 30)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(result.stdout.lowercased().contains("longer than"), result.stdout)
    }

    func testMaliciousDataCannotReachTheTerminal() throws {
        let evil = #"{"products":[{"product_id":"1","name":"Evil\u001b]0;pwned\u0007\u001b[2J","price":100,"image":"http://127.0.0.1:1/x.jpg"}]}"#
        let server = try LocalHTTPServer(routes: [.init(method: "GET", path: "/cart/list", status: 200, body: Data(evil.utf8))])
        defer { server.stop() }
        let result = try AppsCLIProcess.run(["product-grid", "--base-url", server.baseURL.absoluteString])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(result.stdout.contains("Evil"), result.stdout)
        XCTAssertFalse(result.stdout.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" }, "no control characters in the output")
    }
}
