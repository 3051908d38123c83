import SystemActions
import XCTest

/// Every factory against a list of hostile strings: each input is either rejected with a terminal-safe
/// message or becomes a link that keeps the promise of `assertSafe`; the accepted ones then go through
/// a real spawn and must arrive as exactly one argument, unchanged.
final class HostileInputTests: XCTestCase {
    static let inputs = [
        "a@b.c; rm -rf ~", "\"$(reboot)\"@x.y", "`reboot`@x.y", "a@b.c`id`", "x\ny", "x\r\ny", "-x", "--help", " -x",
        "javascript:alert(1)", "JAVASCRIPT:", "file:///etc/passwd", "data:text/html,<script>alert(1)</script>",
        " https://x.example", "https://x.example/'$;\" `id` $(reboot) a b", "+49 (30) 123-45", "$(reboot)", "123;rm",
        "Main St & 5th #2?", "Line 1\nLine 2", "🗽 Liberty Island", "\u{1B}]52;c;Y3VybA==\u{7}", "\u{202E}evil", "%0A", "%00",
        "mailto:a@b.example?body=%0A%00%1B&attach=/etc/passwd", "tel:%0A", "geo:0,0?q=%1B%5B2J", "a\u{0}b",
        String(repeating: "A", count: 5000), "", " ", "'", "\"", "\\", ";", "|", "&", "*", "#", "?", "~",
        "sms:+1?body=$(reboot)", "geo:0,0?q=$(reboot)", "https://x.example/%0A", "https://x.example/%2D", "mailto:-x@y.example",
        "tel:-1", "https://x.example\u{2028}", "\u{85}https://x.example", "https://-x.example",
    ]

    /// Each factory that takes text, by name.
    static let factories: [(String, @Sendable (String) throws -> SystemAction)] = [
        ("link", { try .link($0) }),
        ("phone", { try .phone($0) }),
        ("message", { try .message($0) }),
        ("map(address:)", { try .map(address: $0) }),
        ("email(to:)", { try .email(to: $0) }),
        ("email(subject:body:)", { try .email(to: "a@b.example", subject: $0, body: $0) }),
        ("email(mailto:)", { try .email(mailto: $0) }),
    ]

    func acceptedActions() -> [SystemAction] {
        var accepted: [SystemAction] = []
        for input in Self.inputs {
            for (name, factory) in Self.factories {
                do {
                    let action = try factory(input)
                    assertSafe(action)
                    accepted.append(action)
                } catch let error as SystemActionError {
                    let message = error.description
                    XCTAssertFalse(message.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) || (0x2028...0x202E).contains($0.value) },
                                   "\(name)(\(input.debugDescription)): \(message.debugDescription)")
                    XCTAssertLessThan(message.count, 300, "\(name): the message stays short")
                } catch {
                    XCTFail("\(name)(\(input.debugDescription)) threw \(error)")
                }
            }
        }
        return accepted
    }

    func testEveryInputIsRejectedOrSafe() {
        let accepted = acceptedActions()
        // The list is hostile, but some inputs are legitimate for some factories (an address with & for a map).
        XCTAssertGreaterThan(accepted.count, 20)
        XCTAssertLessThan(accepted.count, Self.inputs.count * Self.factories.count)
    }

    func testEveryAcceptedLinkReachesTheOpenerAsOneUnchangedArgument() async throws {
        let stub = try StubOpener()
        let opener = XDGOpener(environment: stub.environment())
        let accepted = Set(acceptedActions())
        for action in accepted {
            stub.clearLog()
            let result = await opener.open(action)
            XCTAssertEqual(result, .opened, "\(action)")
            let call = try stub.onlyCall()
            XCTAssertEqual(call.argumentCount, 1, "\(action)")
            XCTAssertEqual(call.arguments, [action.url.absoluteString])
        }
    }
}
