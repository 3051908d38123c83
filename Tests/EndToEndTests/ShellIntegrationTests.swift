import Foundation
import XCTest
@testable import AppsCLIKit
@testable import AppsCommandLine

/// What a shell user gets besides the screens: completion scripts loaded into real bash, zsh and
/// fish and asked for completions, the manual page checked by groff, and `--version`.
final class ShellIntegrationTests: XCTestCase {
    private var folder: URL!

    override func setUpWithError() throws {
        folder = try TestProgram.makeFolder("apps-cli-shell")
    }

    override func tearDown() {
        try? FileManager.default.removeItem(at: folder)
    }

    /// Writes `apps-cli arguments`' output to a file in the test folder.
    private func output(_ arguments: [String], to name: String) throws -> URL {
        let result = try AppsCLIProcess.run(arguments)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(result.stderr, "")
        let file = folder.appendingPathComponent(name)
        try Data(result.stdout.utf8).write(to: file)
        return file
    }

    /// Runs `program arguments` from /usr/bin or /bin, at home in the test folder; nil when it is not installed.
    private func shell(_ program: String, _ arguments: [String]) throws -> TestProgram.Result? {
        guard let path = ["/usr/bin/\(program)", "/bin/\(program)"].first(where: { FileManager.default.isExecutableFile(atPath: $0) }) else {
            return nil
        }
        return try TestProgram.run(path, arguments, environment: [
            "HOME": folder.path, "XDG_CONFIG_HOME": folder.appendingPathComponent("config").path,
            "XDG_DATA_HOME": folder.appendingPathComponent("data").path,
        ])
    }

    private var features: [String] { FeatureCatalog.all.map(\.name) }

    func testBashCompletesFeaturesOptionsAndValues() throws {
        let script = try output(["--completion", "bash"], to: "apps-cli.bash")
        func complete(_ words: [String]) throws -> [String] {
            let array = words.map { "'\($0)'" }.joined(separator: " ")
            let program = "source '\(script.path)'; COMP_WORDS=(\(array)); COMP_CWORD=\(words.count - 1); _apps_cli; printf '%s\\n' \"${COMPREPLY[@]}\""
            let result = try XCTUnwrap(try shell("bash", ["--norc", "--noprofile", "-c", program]))
            XCTAssertEqual(result.err, "", program)
            return result.out.split(separator: "\n").map(String.init)
        }
        XCTAssertEqual(Set(try complete(["apps-cli", ""])), Set(features + ["--help", "--version", "--completion", "--man", "--print-config"]))
        XCTAssertEqual(try complete(["apps-cli", "con"]), ["contacts"])
        XCTAssertEqual(try complete(["apps-cli", "--completion", ""]), ["bash", "zsh", "fish"])
        XCTAssertEqual(Set(try complete(["apps-cli", "contacts", "--i"])), ["--images", "--import"], "contacts' own options too")
        XCTAssertEqual(try complete(["apps-cli", "numbers", "--i"]), ["--images"], "not another feature's")
        XCTAssertEqual(try complete(["apps-cli", "check24", "--f"]), ["--fail-every"])
        XCTAssertEqual(Set(try complete(["apps-cli", "check24", "--images", ""])),
                       Set(["auto", "kitty", "iterm", "sixel", "half", "quadrant", "sextant", "ascii", "text", "none"]))
        XCTAssertEqual(try complete(["apps-cli", "check24", "--size", "12"]), ["120x40"])
        let registered = try XCTUnwrap(try shell("bash", ["--norc", "--noprofile", "-c", "source '\(script.path)'; complete -p apps-cli"]))
        XCTAssertEqual(registered.out, "complete -F _apps_cli apps-cli\n")
    }

    func testFishCompletesFeaturesOptionsAndValues() throws {
        let script = try output(["--completion", "fish"], to: "apps-cli.fish")
        func complete(_ line: String) throws -> [String]? {
            guard let result = try shell("fish", ["--no-config", "-c", "source '\(script.path)'; complete -C '\(line)'"]) else { return nil }
            XCTAssertEqual(result.err, "", line)
            return result.out.split(separator: "\n").map { String($0.split(separator: "\t").first ?? "") }
        }
        guard let first = try complete("apps-cli ") else { throw XCTSkip("fish is not installed (Debian: apt-get install fish)") }
        XCTAssertTrue(Set(features).isSubset(of: Set(first)), "\(first)")
        XCTAssertEqual(Set(try complete("apps-cli contacts --i") ?? []), ["--images", "--import"])
        XCTAssertEqual(try complete("apps-cli numbers --i"), ["--images"])
        XCTAssertTrue(try complete("apps-cli check24 --images ")?.contains("sextant") == true)
        XCTAssertEqual(try complete("apps-cli --completion "), ["bash", "fish", "zsh"].sorted())
    }

    /// zsh: the script loads through compinit as an autoloaded function and as a sourced file, and a
    /// real completion (through zpty, as a person's TAB) offers the features and an option's values.
    func testZshLoadsTheScriptAndCompletes() throws {
        let script = try output(["--completion", "zsh"], to: "_apps-cli")
        guard let syntax = try shell("zsh", ["-n", script.path]) else { throw XCTSkip("zsh is not installed (Debian: apt-get install zsh)") }
        XCTAssertEqual(syntax.status, 0, syntax.err)
        // A person's TAB in an interactive zsh (zpty), after compinit, with the script on $fpath.
        let program = #"""
            zmodload zsh/zpty
            zpty z zsh -f -i
            zpty -w z 'PS1=""; autoload -Uz compinit; compinit -u -d \#(folder.path)/zcompdump; fpath=(\#(folder.path) $fpath); autoload -Uz _apps-cli; compdef _apps-cli apps-cli'
            zpty -w z 'setopt nolistbeep; LISTMAX=1000; zstyle ":completion:*" menu no'
            out=""
            # Each read waits for the last word the completion lists (features and tiers in
            # alphabetical order), not for a while: zsh answers the keys in the order they come.
            zpty -w -n z $'apps-cli \t'
            zpty -r z line '*resource-directory*' && out+="$line"
            zpty -w -n z $'\C-u'
            zpty -w -n z $'apps-cli check24 --images \t'
            zpty -r z line '*text*' && out+="$line"
            print -r -- "$out"
            zpty -d z
            """#
        // `timeout`: a completion that never comes fails the test instead of hanging it.
        let result = try XCTUnwrap(try shell("timeout", ["30", "zsh", "-f", "-c", program]))
        for feature in features { XCTAssertTrue(result.out.contains(feature), "\(feature) offered: \(result.out)") }
        XCTAssertTrue(result.out.contains("sextant") && result.out.contains("quadrant"), "--images' values: \(result.out)")
    }

    /// The manual page passes groff's checks with every warning on, and names every feature, option,
    /// environment variable and exit status.
    func testTheManualPagePassesGroffAndCoversTheCatalog() throws {
        let page = try output(["--man"], to: "apps-cli.1")
        guard let checked = try shell("groff", ["-man", "-ww", "-z", page.path]) else { throw XCTSkip("groff is not installed") }
        XCTAssertEqual(checked.status, 0)
        XCTAssertEqual(checked.err, "", "groff -man -ww -z warns")
        let text = try XCTUnwrap(try shell("groff", ["-man", "-Tutf8", "-P", "-cbou", page.path])).out
        for feature in features { XCTAssertTrue(text.contains(feature), feature) }
        for option in CommandLineOption.all(for: FeatureCatalog.commandLine) { XCTAssertTrue(text.contains(option.name), option.name) }
        for (name, _) in ManualPage.environment { XCTAssertTrue(text.contains(name), name) }
        for section in ["NAME", "SYNOPSIS", "FEATURES", "OPTIONS", "KEYS", "ENVIRONMENT", "FILES", "EXIT STATUS"] {
            XCTAssertTrue(text.contains(section), section)
        }
        XCTAssertTrue(text.contains("ctrl-s"), "the keys of the screens")
        XCTAssertTrue(text.contains("CHECK24") || text.contains("check24"))
    }

    /// In a terminal (a pty through `script`), a contact's mobile and email are OSC 8 links to
    /// `tel:` and `mailto:`; with NO_COLOR the same screen is plain text, without a link.
    func testLinksReachTheTerminalAndNoColorStaysPlain() throws {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/script") else { throw XCTSkip("script (util-linux) is not installed") }
        func session(noColor: Bool) throws -> String {
            let output = folder.appendingPathComponent("raw-\(noColor)")
            let command = "'\(AppsCLIProcess.executable.path)' contacts --data-dir '\(folder.path)/data'"
            // Enter opens the first contact once the list shows, q quits once its page does (each waits
            // for the screen in the typescript, which script writes as it comes); `timeout` ends a
            // session that would not.
            // Each wait gives up after 30 s (600 looks), as `timeout` ends the session: nothing here can hang.
            let shows = { (text: String) in "for i in $(seq 600); do grep -qa '\(text)' '\(output.path)' 2>/dev/null && break; sleep 0.05; done" }
            let program = "\(noColor ? "export NO_COLOR=1" : "unset NO_COLOR"); rm -f '\(output.path)'; "
                + "(\(shows("Andi Pratama")); printf '\\r'; \(shows("mobile")); printf q) | "
                + "TERM=xterm-256color timeout 30 script -qfec \"\(command)\" '\(output.path)' >/dev/null 2>&1"
            _ = try XCTUnwrap(try shell("bash", ["--norc", "-c", program]))
            return String(decoding: try Data(contentsOf: output), as: UTF8.self)
        }
        let raw = try session(noColor: false)
        XCTAssertNotNil(raw.range(of: #"\x{1B}\]8;id=[0-9a-z]+;tel:[0-9+]+\x{1B}\\"#, options: .regularExpression), "a tel: link")
        XCTAssertNotNil(raw.range(of: #"\x{1B}\]8;id=[0-9a-z]+;mailto:[^\x{1B}]+\x{1B}\\"#, options: .regularExpression), "a mailto: link")
        XCTAssertEqual(raw.components(separatedBy: "\u{1B}]8;id=").count, raw.components(separatedBy: "\u{1B}]8;;\u{1B}\\").count,
                       "every link is closed")
        let plain = try session(noColor: true)
        XCTAssertTrue(plain.contains("mobile"), "the page was shown")
        XCTAssertFalse(plain.contains("\u{1B}]8;"), "NO_COLOR: no links")
    }

    func testVersionSaysTheCommitAndTheSwiftVersion() throws {
        let result = try AppsCLIProcess.run(["--version"])
        XCTAssertEqual(result.status, 0)
        let pattern = #"^apps-cli \d+\.\d+\.\d+ \(commit ([0-9a-f]{12}|unknown), Swift \d+\.\d+[^)]*\)\n$"#
        XCTAssertNotNil(result.stdout.range(of: pattern, options: .regularExpression), result.stdout)
        let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        if let head = AppsCLIProcess.headCommit(of: repository) {
            XCTAssertTrue(result.stdout.contains("commit \(head)"), "the source tree's HEAD: \(result.stdout)")
        }
    }

    func testABadCompletionShellIsAUsageError() throws {
        for arguments in [["--completion"], ["--completion", "tcsh"], ["--completion", "bash", "zsh"]] {
            let result = try AppsCLIProcess.run(arguments)
            XCTAssertEqual(result.status, 64, "\(arguments)")
            XCTAssertEqual(result.stdout, "")
            XCTAssertTrue(result.stderr.hasPrefix("apps-cli: --completion "), result.stderr)
        }
    }
}
