import ContactsCore
import XCTest

/// The server's validations, as tables (from its `contact.rb` and the spec's examples).
final class ContactRulesTests: XCTestCase {
    /// The rules' violations in the server's words, as its 422 answer lists them.
    private func serverMessages(firstName: String?, lastName: String?, email: String?, phoneNumber: String?,
                                pictureContentType: String? = nil) -> [String] {
        ContactRules.violations(firstName: firstName, lastName: lastName, email: email, phoneNumber: phoneNumber,
                                pictureContentType: pictureContentType).map(ContactsRoutes.message(for:))
    }

    func testNamesArePresentThenAtLeastTwoCharacters() {
        let table: [(String?, [String])] = [
            (nil, ["First name can't be blank"]),
            ("", ["First name can't be blank"]),
            ("   ", ["First name can't be blank"]),
            ("\u{3000}\u{A0}", ["First name can't be blank"]),   // Unicode whitespace is blank too
            ("A", ["First name is too short (minimum is 2 characters)"]),
            ("É", ["First name is too short (minimum is 2 characters)"]),
            (" a", []),                                          // no trimming: two characters
            ("12345", []),
            ("Zoë", []),
        ]
        for (name, expected) in table {
            XCTAssertEqual(serverMessages(firstName: name, lastName: "Ok", email: nil, phoneNumber: nil), expected, "\(String(describing: name))")
        }
        XCTAssertEqual(serverMessages(firstName: "Ok", lastName: "B", email: nil, phoneNumber: nil),
                       ["Last name is too short (minimum is 2 characters)"])
    }

    func testTheEmailPattern() {
        for valid in ["a@b.co", "x.y+z@sub.example.com", "MIXED@Case.ORG", "ünï@b.co", "a@b.co\n", "a@1-2.example"] {
            XCTAssertTrue(ContactRules.isValidEmail(valid), valid)
        }
        for invalid in ["a@b.c", "a@localhost", "a@b_c.com", "a@b..com", "MyString", "a b@c.co", "@b.co", "a@@b.co", "a@b.co\n\n",
                        "a@.b.co", "a@b.c0m", "a@bé.com", "a@b.co "] {
            XCTAssertFalse(ContactRules.isValidEmail(invalid), invalid)
        }
        XCTAssertEqual(serverMessages(firstName: "Ab", lastName: "Cd", email: "x", phoneNumber: nil), ["Email is invalid"])
        XCTAssertEqual(serverMessages(firstName: "Ab", lastName: "Cd", email: "  ", phoneNumber: nil), [], "a blank email is not checked")
    }

    func testThePhoneNeedsTenConsecutiveDigitsAnywhere() {
        for valid in ["+919980123412", "9876543210", "00923112824994", "abc1234567890xyz"] {
            XCTAssertTrue(ContactRules.hasTenConsecutiveDigits(valid), valid)
        }
        for invalid in ["+91 99801 23412", "123-456-7890", "123456789", "１２３４５６７８９０"] {
            XCTAssertFalse(ContactRules.hasTenConsecutiveDigits(invalid), invalid)
        }
        XCTAssertEqual(serverMessages(firstName: "Ab", lastName: "Cd", email: nil, phoneNumber: "123"), ["Phone number is invalid"])
    }

    /// The server's example: several messages, in its order.
    func testMessagesComeInTheServersOrder() {
        XCTAssertEqual(serverMessages(firstName: "A", lastName: nil, email: "x", phoneNumber: "1", pictureContentType: "text/html"),
                       ["Profile pic content type is invalid", "Profile pic is invalid", "First name is too short (minimum is 2 characters)",
                        "Last name can't be blank", "Email is invalid", "Phone number is invalid"])
        XCTAssertEqual(serverMessages(firstName: "Ab", lastName: "Cd", email: nil, phoneNumber: nil, pictureContentType: "IMAGE/JPG"), [])
    }

    func testAServerMessageNamesItsField() {
        XCTAssertEqual(ContactRules.field(of: "Phone number is invalid"), .phoneNumber)
        XCTAssertEqual(ContactRules.field(of: "Profile pic content type is invalid"), .photo)
        XCTAssertEqual(ContactRules.field(of: "First name can't be blank"), .firstName)
        XCTAssertNil(ContactRules.field(of: "Something else went wrong"))
    }
}
