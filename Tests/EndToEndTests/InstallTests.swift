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
        if let head = AppsCLIProcess.headCommit(of: repository) {
            XCTAssertTrue(version.out.contains("(commit \(head), Swift "), "the commit it was built from: \(version.out)")
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

    /// A list that names more than install wrote: a line with `..`, a line through a linked folder,
    /// a file install does not write and a folder. Each is refused by name (status 65) and nothing is
    /// removed, least of all outside the prefix. Once they are gone from the list, the rest is removed:
    /// `bin/apps-cli` as the link it is (not what it points to), then the folders left empty.
    func testUninstallRefusesWhatResolvesOutsideThePrefix() throws {
        let manager = FileManager.default
        let prefix = folder.appendingPathComponent("prefix")
        let lib = prefix.appendingPathComponent("lib/apps-cli")
        let resources = lib.appendingPathComponent("Demo.resources")
        let outside = folder.appendingPathComponent("outside")
        let victim = outside.appendingPathComponent("victims/victim")
        let linked = outside.appendingPathComponent("linked")
        let target = outside.appendingPathComponent("target")
        try manager.createDirectory(at: resources.appendingPathComponent("sub dir"), withIntermediateDirectories: true)
        try manager.createDirectory(at: prefix.appendingPathComponent("bin"), withIntermediateDirectories: true)
        try manager.createDirectory(at: victim.deletingLastPathComponent(), withIntermediateDirectories: true)
        try manager.createDirectory(at: linked, withIntermediateDirectories: true)
        let legitimate = [lib.appendingPathComponent("apps-cli"), resources.appendingPathComponent("sub dir/a file.json")]
        let mine = prefix.appendingPathComponent("bin/mine")
        for file in legitimate + [mine, victim, linked.appendingPathComponent("file"), target] {
            try Data("something\n".utf8).write(to: file)
        }
        let link = prefix.appendingPathComponent("bin/apps-cli")
        try manager.createSymbolicLink(atPath: link.path, withDestinationPath: target.path)
        let evil = lib.appendingPathComponent("evil")
        try manager.createSymbolicLink(atPath: evil.path, withDestinationPath: linked.path)

        let manifest = lib.appendingPathComponent("installed-files")
        let hostile = [prefix.path + "/lib/apps-cli/../../../outside/victims/victim", evil.path + "/file", mine.path, resources.path]
        let listed = legitimate.map(\.path) + [link.path, manifest.path]
        try ((hostile + listed).joined(separator: "\n") + "\n").write(to: manifest, atomically: true, encoding: .utf8)
        let uninstall = repository.appendingPathComponent("Scripts/uninstall").path

        let refused = try run(uninstall, ["--prefix", prefix.path])
        XCTAssertEqual(refused.status, 65, refused.err + refused.out)
        for line in hostile {
            XCTAssertTrue(refused.err.contains("refused \(line): "), "names \(line): \(refused.err)")
        }
        for file in legitimate + [mine, manifest, victim, linked.appendingPathComponent("file"), target] {
            XCTAssertTrue(manager.fileExists(atPath: file.path), "nothing is removed while the list has a refused line: \(file.path)")
        }
        XCTAssertEqual(try? manager.destinationOfSymbolicLink(atPath: link.path), target.path)

        try (listed.joined(separator: "\n") + "\n").write(to: manifest, atomically: true, encoding: .utf8)
        let removed = try run(uninstall, ["--prefix", prefix.path])
        XCTAssertEqual(removed.status, 0, removed.err)
        XCTAssertTrue(removed.out.contains("Removed 4 files of apps-cli from "), removed.out)
        for file in legitimate + [manifest] {
            XCTAssertFalse(manager.fileExists(atPath: file.path), file.path)
        }
        XCTAssertNil(try? manager.destinationOfSymbolicLink(atPath: link.path), "the link is removed")
        XCTAssertFalse(manager.fileExists(atPath: resources.path), "a folder left empty is removed")
        XCTAssertEqual(try? manager.destinationOfSymbolicLink(atPath: evil.path), linked.path, "what the list does not name stays")
        XCTAssertTrue(manager.fileExists(atPath: mine.path))
        for file in [victim, linked.appendingPathComponent("file"), target] {
            XCTAssertTrue(manager.fileExists(atPath: file.path), "outside the prefix: \(file.path)")
        }
        let again = try run(uninstall, ["--prefix", prefix.path])
        XCTAssertEqual(again.status, 66, "nothing installed any more")
    }
}
