import FeatureKit
import Foundation
import HTTPClient
import TerminalKit
import TerminalUI
import XCTest
@testable import AppsCommandLine

final class CommandLineParserTests: XCTestCase {
    /// Features that declare options of their own, as check24 and contacts do, and one that declares none.
    private let features = [
        CommandLineFeature(name: "check24", summary: "", keys: [], texts: .german, options: [
            FeatureOption("--fail-every", "N", value: .count(words: "a whole number ≥ 0 (0 = never)", examples: ["0", "3"]), english: "fails"),
        ]),
        CommandLineFeature(name: "contacts", summary: "", keys: [], texts: .english, options: [
            FeatureOption("--import", "FILE", value: .file, english: "imports"), FeatureOption("--export", "FILE", value: .file, english: "exports"),
        ]),
        CommandLineFeature(name: "numbers", summary: "", keys: [], texts: .english),
    ]

    func testBareHelpAndVersion() throws {
        XCTAssertEqual(try CommandLineParser.parse([]), .overview)
        XCTAssertEqual(try CommandLineParser.parse(["--help"]), .overview)
        XCTAssertEqual(try CommandLineParser.parse(["-h"]), .overview)
        XCTAssertEqual(try CommandLineParser.parse(["--version"]), .version)
        XCTAssertEqual(try CommandLineParser.parse(["--man"]), .manual)
        for shell in CompletionShell.allCases {
            XCTAssertEqual(try CommandLineParser.parse(["--completion", shell.rawValue]), .completion(shell))
        }
    }

    /// Every option's value kind is declared once, in the table the help, the completions and the
    /// manual page read: an option that takes a value is never completed as a flag.
    func testEveryOptionSaysWhatItsValueIs() {
        let all = CommandLineOption.all(for: features)
        for option in all {
            XCTAssertEqual(option.values == .none, option.placeholder.isEmpty, option.term)
            XCTAssertTrue(option.name.hasPrefix("--"), option.term)
        }
        XCTAssertEqual(all.first { $0.name == "--images" }?.values, .choices(["auto"] + PictureTier.allCases.map(\.rawValue)))
        XCTAssertEqual(all.first { $0.name == "--fail-every" }?.values, .examples(["0", "3"]), "a declared option's examples complete")
        XCTAssertEqual(all.first { $0.name == "--import" }?.feature, "contacts")
        XCTAssertEqual(all.suffix(3).map(\.name), ["--fail-every", "--import", "--export"], "after the common ones, feature by feature")
    }

    func testEveryOptionInBothSpellings() throws {
        let command = try CommandLineParser.parse([
            "product-grid", "--base-url", "http://127.0.0.1:8080/api", "--data-dir=/tmp/x", "--plain",
            "--size", "120x40", "--keys", "down enter esc", "--timeout=2.5",
        ])
        guard case .launch(let feature, let options) = command else { return XCTFail("\(command)") }
        XCTAssertEqual(feature, "product-grid")
        XCTAssertEqual(options.baseURL?.absoluteString, "http://127.0.0.1:8080/api")
        XCTAssertEqual(options.dataDirectory?.path, "/tmp/x")
        XCTAssertTrue(options.plain)
        XCTAssertEqual(options.size, TerminalSize(columns: 120, rows: 40))
        XCTAssertEqual(options.keys, [[.key(.down)], [.key(.enter)], [.key(.escape)]])
        XCTAssertEqual(options.timeout, 2.5)
    }

    /// A feature's declared options: checked as their kind says, for that feature only.
    func testDeclaredOptionsAreTheirFeaturesOnly() throws {
        guard case .launch(_, let options) = try CommandLineParser.parse(["contacts", "--import", "in.vcf", "--export=out.json"], features: features)
        else { return XCTFail() }
        XCTAssertEqual(options.file(features[1].options[0])?.lastPathComponent, "in.vcf")
        XCTAssertEqual(options.file(features[1].options[1])?.lastPathComponent, "out.json")
        XCTAssertThrowsError(try CommandLineParser.parse(["contacts", "--import"], features: features))
        XCTAssertThrowsError(try CommandLineParser.parse(["contacts", "--export="], features: features)) { error in
            XCTAssertEqual((error as? UsageError)?.message, "--export needs a file path, not ''.")
        }
        guard case .launch(_, let check24) = try CommandLineParser.parse(["check24", "--fail-every", "0"], features: features) else { return XCTFail() }
        XCTAssertEqual(check24.count(features[0].options[0]), 0)
        XCTAssertThrowsError(try CommandLineParser.parse(["numbers", "--import", "in.vcf"], features: features)) { error in
            XCTAssertEqual((error as? UsageError)?.message, "--import is for contacts only; see 'apps-cli numbers --help'.")
        }
        XCTAssertThrowsError(try CommandLineParser.parse(["contacts", "--fail-every", "3"], features: features)) { error in
            XCTAssertEqual((error as? UsageError)?.message, "--fail-every is for check24 only; see 'apps-cli contacts --help'.")
        }
        XCTAssertNoThrow(try CommandLineParser.parse(["nosuch", "--fail-every", "3"], features: features), "an unknown feature is said later, first")
        XCTAssertThrowsError(try CommandLineParser.parse(["contacts", "--import", "in.vcf"]), "no feature declares it: unknown")
    }

    func testUsageErrorsNameTheProblem() {
        let cases: [([String], String)] = [
            (["--frobnicate"], "unknown option '--frobnicate'"),
            (["product-grid", "--nope"], "unknown option '--nope'"),
            (["product-grid", "--size", "80"], "--size needs COLSxROWS"),
            (["product-grid", "--size", "5x5"], "--size needs COLSxROWS"),
            (["product-grid", "--timeout", "-1"], "--timeout needs a decimal number"),
            (["product-grid", "--timeout"], "--timeout needs a value"),
            (["product-grid", "--base-url", "ftp://x"], "--base-url needs an http(s) URL"),
            (["product-grid", "--base-url", "not a url"], "--base-url needs an http(s) URL"),
            (["product-grid", "--keys", "down sideways"], "--keys:"),
            (["check24", "--fail-every", "x"], "--fail-every needs a whole number"),
            (["numbers", "--images", "retina"], "--images takes one of auto, kitty, iterm, sixel, sextant, quadrant, half, ascii, text, none, not 'retina'"),
        ]
        for (arguments, expected) in cases {
            do {
                _ = try CommandLineParser.parse(arguments, features: features)
                XCTFail("\(arguments) should fail")
            } catch {
                XCTAssertTrue(error.message.contains(expected), "\(arguments): \(error.message)")
            }
        }
    }

    func testImagesChooseHowPicturesAreDrawnAndAutoIsTheDefault() throws {
        func images(_ arguments: [String]) throws -> PictureTier?? {
            guard case .launch(_, let options) = try CommandLineParser.parse(arguments) else { return nil }
            return .some(options.images)
        }
        XCTAssertEqual(try images(["numbers", "--images", "quadrant"]), .some(.quadrants))
        XCTAssertEqual(try images(["numbers", "--images=half"]), .some(.halfBlocks))
        XCTAssertEqual(try images(["numbers", "--images", "sextant"]), .some(.sextants))
        XCTAssertEqual(try images(["numbers", "--images", "none"]), .some(PictureTier.none))
        XCTAssertEqual(try images(["numbers", "--images", "auto"]), .some(nil))
        XCTAssertEqual(try images(["numbers", "--images", "Kitty"]), .some(.kitty), "names are read without regard to case (APPS_CLI_IMAGES=Kitty too)")
        XCTAssertEqual(try images(["numbers"]), .some(nil), "auto unless asked")
    }

    func testFlagsTakeNoValueAndNumbersAreDecimal() {
        let cases: [([String], String)] = [
            (["check24", "--plain=no"], "--plain takes no value, not 'no'"),
            (["check24", "--plain=yes"], "--plain takes no value"),
            (["check24", "--help=no"], "--help takes no value"),
            (["check24", "--timeout", "0x10"], "--timeout needs a decimal number"),
            (["check24", "--timeout", "1e3"], "--timeout needs a decimal number"),
            (["check24", "--timeout", "0.0001"], "from 0.1 to 3600"),
            (["check24", "--timeout", "nan"], "--timeout needs a decimal number"),
            (["check24", "--fail-every", "+3"], "--fail-every needs a whole number"),
            (["check24", "--size", "+80x24"], "--size needs COLSxROWS"),
        ]
        for (arguments, expected) in cases {
            XCTAssertThrowsError(try CommandLineParser.parse(arguments, features: features), "\(arguments)") { error in
                XCTAssertTrue((error as? UsageError)?.message.contains(expected) == true, "\(arguments): \(error)")
            }
        }
        guard case .launch(_, let options)? = try? CommandLineParser.parse(["check24", "--timeout", ".5"]) else { return XCTFail() }
        XCTAssertEqual(options.timeout, 0.5)
    }

    func testBaseURLIsValidatedWhenParsed() throws {
        let rejected: [(String, String)] = [
            ("http://127.0.0.1:8080/hold?x=1", "without ?query or #fragment"),
            ("http://127.0.0.1:8080/#top", "without ?query or #fragment"),
            ("http://127.0.0.1:99999", "ports are 1–65535"),
            ("http://127.0.0.1:0", "ports are 1–65535"),
            ("http://[::1", "--base-url needs an http(s) URL"),
            ("http://exa mple.com", "--base-url needs an http(s) URL"),
            ("http://a_b!.com", "with a host name or address"),
            ("http://user:s3cret@[zz]/", "with a host name or"),
            ("http://user:s3cret@127.0.0.1:8080 ", "--base-url needs an http(s) URL"),
            ("http://us er:s3cret@127.0.0.1:8080/x", "--base-url needs an http(s) URL"),
            ("http://[::1::2]:1", "(with a host name or address)"),
            ("http://[localhost]:8080/", "(with a host name or address)"),
        ]
        for (text, expected) in rejected {
            XCTAssertThrowsError(try CommandLineParser.parseBaseURL(text), text) { error in
                let message = (error as? UsageError)?.message ?? ""
                XCTAssertTrue(message.contains(expected), "\(text): \(message)")
                XCTAssertFalse(message.contains("s3cret"), message)
            }
        }
        XCTAssertEqual(try CommandLineParser.parseBaseURL("HTTP://Example.COM:8080/Api").absoluteString, "http://example.com:8080/Api")
        // IPv6 literals: libcurl connects to them.
        XCTAssertEqual(try CommandLineParser.parseBaseURL("http://[::1]:8080").absoluteString, "http://[::1]:8080")
        XCTAssertEqual(try CommandLineParser.parseBaseURL("http://[FE80::1]/api").absoluteString, "http://[fe80::1]/api")
        XCTAssertEqual(URLDisplay.redacted(text: "https://a:b@h:1/p@q "), "https://…@q ", "an @ in a path may end a password")
        XCTAssertEqual(URLDisplay.redacted(text: "http://h/p"), "http://h/p")
    }

    /// A link-local IPv6 address needs its interface (RFC 6874: `%25` and the zone id inside the
    /// brackets); the request URLs built from such a base keep it, as libcurl wants it.
    func testBaseURLTakesAnIPv6ZoneID() throws {
        let url = try CommandLineParser.parseBaseURL("http://[FE80::1%25Eth0]:8080/api")
        XCTAssertEqual(url.absoluteString, "http://[fe80::1%25Eth0]:8080/api", "the address in lower case, the interface's name as it is")
        XCTAssertEqual(try URLBuilder(base: url).appending(path: "cart", "7 b", "detail").appending(query: "name", "x").url().absoluteString,
                       "http://[fe80::1%25Eth0]:8080/api/cart/7%20b/detail?name=x")
        XCTAssertEqual(try CommandLineParser.parseBaseURL("http://[fe80::1%eth0]").absoluteString, "http://[fe80::1%25eth0]",
                       "a bare % (as ip and ping write it), which RFC 6874 asks user interfaces to accept, is written %25")
        XCTAssertEqual(try CommandLineParser.parseBaseURL("https://[fe80::a:b%253]/").absoluteString, "https://[fe80::a:b%253]/", "a zone by number")
        for text in ["http://[fe80::1%25]:8080", "http://[fe80::1%]", "http://[fe80::1%25eth%200]", "http://[fe80::1%25eth0%25x]",
                     "http://[fe80::1%25eth/0]", "http://[zz%25eth0]", "http://[%25eth0]", "http://fe80::1%25eth0", "http://127.0.0.1%25eth0",
                     "http://[fe80::1%25\u{202E}x]"] {
            XCTAssertThrowsError(try CommandLineParser.parseBaseURL(text), text) { error in
                XCTAssertTrue((error as? UsageError)?.message.hasPrefix("--base-url needs an http(s) URL") == true, "\(text): \(error)")
            }
        }
    }

    /// A password is never echoed, whatever shape the URL has: one holding `/`, `?` or `#` would move
    /// into the host or path of a parsed URL, and `http:/…` has no `//` before it.
    func testBaseURLPasswordIsNeverEchoedWhateverTheURLsShape() {
        for text in ["http://me:se/cret@127.0.0.1:8080", "http://me:se?cret@127.0.0.1:8080", "http://me:se#cret@127.0.0.1:8080",
                     "http:/me:secret@127.0.0.1:8080", "http:me:secret@127.0.0.1", "HTTPS://me:secret@h/x?y", "me:secret@127.0.0.1",
                     "ftp://me:secret@127.0.0.1", "http://me:secret@@127.0.0.1/ x", "http://me:se cret@127.0.0.1"] {
            let message: String
            do {
                _ = try CommandLineParser.parseBaseURL(text)
                message = ""
            } catch {
                message = error.message
            }
            XCTAssertFalse(message.contains("secret") || message.contains("cret") || message.contains("me:"), "\(text): \(message)")
            var config = ""
            do {
                _ = try ConfigFile.parse("base-url = \(text)\n", path: "/c", features: [])
            } catch {
                config = error.message
            }
            XCTAssertFalse(config.contains("cret") || config.contains("me:"), "config: \(text): \(config)")
        }
        // A URL where no URL was asked for, or under a misspelt key, is still never echoed with its password.
        var mistakes: [String] = []
        for arguments in [["numbers", "--baseurl=http://me:secret@h"], ["numbers", "--base_url", "http://me:secret@h"],
                          ["numbers", "--plain=http://me:secret@h"], ["numbers", "http://me:secret@h"]] {
            do {
                _ = try CommandLineParser.parse(arguments)
                mistakes.append("")
            } catch {
                mistakes.append(error.message)
            }
        }
        for line in ["base-url: http://me:secret@h", "[http://me:secret@h", "[http://me:secret@h]", "base_url = http://me:secret@h"] {
            do {
                _ = try ConfigFile.parse(line + "\n", path: "/c", features: [])
                mistakes.append("")
            } catch {
                mistakes.append(error.message)
            }
        }
        for message in mistakes {
            XCTAssertFalse(message.contains("secret") || message.contains("me:"), message)
            XCTAssertFalse(message.isEmpty, "each is a mistake")
        }
    }

    func testArgumentsInMessagesAreSanitizedAndOnOneLine() {
        let cases: [[String]] = [
            ["feat\u{1B}]0;PWN\u{07}"],
            ["check24", "--size", "80\nx24"],
            ["check24", "--nope\u{1B}[2J"],
            ["check24", "--keys", "down \u{1B}[31m"],
            ["check24", "--base-url", "http://x/\u{9B}31m"],
        ]
        for arguments in cases {
            do {
                let command = try CommandLineParser.parse(arguments)
                // An unknown feature is refused when launching; its message is built the same way.
                guard case .launch(let feature, _) = command else { return XCTFail("\(arguments)") }
                let message = "unknown feature \(ArgumentText.quoted(feature))"
                XCTAssertFalse(message.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) }, message)
            } catch {
                let message = error.message
                XCTAssertFalse(message.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) },
                               "\(arguments): \(message.debugDescription)")
                XCTAssertFalse(message.contains("--keys: --keys:"), message)
            }
        }
    }
}
