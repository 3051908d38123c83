import Foundation
import XCTest
@testable import AppsCLIKit

/// `Scripts/install` into a temporary prefix (from this test run's build, not a second build), then
/// the installed `apps-cli` run as a user would: from another folder, through its link and through a
/// link of the user's own; `Scripts/uninstall` removes exactly what was installed.
final class InstallTests: XCTestCase {
    private var folder: URL!

    override func setUpWithError() throws {
        folder = try TestProgram.makeFolder("apps-cli-install")
    }

    override func tearDown() {
        try? FileManager.default.removeItem(at: folder)
    }

    private var repository: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    }

    /// Runs `executable` from `directory` (default /), with the test's own data and cache folders.
    @discardableResult
    private func run(_ executable: String, _ arguments: [String], in directory: URL? = nil) throws -> TestProgram.Result {
        try TestProgram.run(executable, arguments, environment: ["XDG_DATA_HOME": folder.appendingPathComponent("data").path,
                                                                 "XDG_CACHE_HOME": folder.appendingPathComponent("cache").path],
                            in: directory ?? URL(fileURLWithPath: "/"))
    }

    private func files(under url: URL) -> Set<String> {
        var found = Set<String>()
        if let walker = FileManager.default.enumerator(at: url, includingPropertiesForKeys: [.isDirectoryKey], options: []) {
            for case let file as URL in walker {
                let isDirectory = (try? file.resourceValues(forKeys: [.isDirectoryKey]).isDirectory) ?? false
                if !isDirectory || (try? FileManager.default.destinationOfSymbolicLink(atPath: file.path)) != nil { found.insert(file.path) }
            }
        }
        return found
    }

    func testInstallRunsEveryFeatureFromAnywhereAndUninstallRemovesExactlyThat() throws {
        let prefix = folder.appendingPathComponent("prefix")
        // Something of the user's in the prefix before: it must survive both scripts.
        try FileManager.default.createDirectory(at: prefix.appendingPathComponent("bin"), withIntermediateDirectories: true)
        try Data("#!/bin/sh\n".utf8).write(to: prefix.appendingPathComponent("bin/mine"))
        let build = AppsCLIProcess.executable.deletingLastPathComponent().path
        let installed = try run(repository.appendingPathComponent("Scripts/install").path, ["--prefix", prefix.path, "--from", build], in: repository)
        XCTAssertEqual(installed.status, 0, installed.err + installed.out)
        XCTAssertTrue(installed.out.contains("Installed apps-cli 0.1.0 (commit "), installed.out)

        let link = prefix.appendingPathComponent("bin/apps-cli").path
        XCTAssertEqual(try FileManager.default.destinationOfSymbolicLink(atPath: link), "../lib/apps-cli/apps-cli")
        let version = try run(link, ["--version"])
        XCTAssertEqual(version.status, 0)
        if let head = BuildInfo.gitCommit(repository: repository) {
            XCTAssertTrue(version.out.contains("(commit \(head), Swift "), "the installed build-info's commit: \(version.out)")
        }
        for name in try FileManager.default.contentsOfDirectory(atPath: build) where name.hasSuffix(".resources") {
            XCTAssertTrue(FileManager.default.fileExists(atPath: prefix.appendingPathComponent("lib/apps-cli/\(name)").path), name)
        }
        // Every feature, from another folder, through the installed link and through a link of the user's.
        let mine = folder.appendingPathComponent("elsewhere/ac")
        try FileManager.default.createDirectory(at: mine.deletingLastPathComponent(), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: mine.path, withDestinationPath: link)
        for executable in [link, mine.path] {
            for feature in FeatureCatalog.all.map(\.name) {
                let started = try run(executable, [feature, "--plain", "--size", "80x24", "--data-dir", folder.appendingPathComponent("data-\(feature)").path])
                XCTAssertEqual(started.status, 0, "\(executable) \(feature): \(started.err)")
                XCTAssertFalse(started.out.isEmpty, feature)
                XCTAssertEqual(started.err, "", feature)
            }
        }
        for file in ["share/man/man1/apps-cli.1", "share/bash-completion/completions/apps-cli", "share/zsh/site-functions/_apps-cli",
                     "share/fish/vendor_completions.d/apps-cli.fish"] {
            let text = try String(contentsOf: prefix.appendingPathComponent(file), encoding: .utf8)
            XCTAssertFalse(text.isEmpty, file)
        }
        let manual = try run("/usr/bin/env", ["MANPATH=\(prefix.appendingPathComponent("share/man").path)", "MANWIDTH=80", "man", "-P", "cat", "apps-cli"])
        if manual.status == 0 { XCTAssertTrue(manual.out.contains("EXIT STATUS"), manual.out) }

        let listed = Set(try String(contentsOf: prefix.appendingPathComponent("lib/apps-cli/installed-files"), encoding: .utf8)
            .split(separator: "\n").map(String.init))
        XCTAssertEqual(files(under: prefix).subtracting([prefix.appendingPathComponent("bin/mine").path]), listed, "the list is what was written")

        let removed = try run(repository.appendingPathComponent("Scripts/uninstall").path, ["--prefix", prefix.path], in: repository)
        XCTAssertEqual(removed.status, 0, removed.err)
        XCTAssertEqual(files(under: prefix), [prefix.appendingPathComponent("bin/mine").path], "only the user's own file is left")
        let again = try run(repository.appendingPathComponent("Scripts/uninstall").path, ["--prefix", prefix.path], in: repository)
        XCTAssertEqual(again.status, 66, "nothing installed any more")
    }
}
