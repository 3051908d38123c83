/// The contacts server's validations, exactly (its `app/models/contact.rb`): the embedded backend
/// enforces them, and the form checks them before sending so the messages are the server's own.
///
/// - first and last name: present (not only whitespace), then at least 2 characters;
/// - email, when not blank: `\A([^@\s]+)@((?:[-a-z0-9]+\.)+[a-z]{2,})\Z`, case-insensitive;
/// - phone number, when not blank: contains 10 consecutive ASCII digits (the regex is unanchored);
/// - picture: `image/jpg`, `image/jpeg`, `image/png` or `image/gif`.
public enum ContactRules {
    /// A form field, and the attribute the server names in its messages.
    public enum Field: String, Sendable, CaseIterable {
        case firstName = "first_name"
        case lastName = "last_name"
        case phoneNumber = "phone_number"
        case email
        case photo = "profile_pic"

        /// How the server's messages start for this attribute ("Phone number is invalid").
        public var humanized: String {
            switch self {
            case .firstName: "First name"
            case .lastName: "Last name"
            case .phoneNumber: "Phone number"
            case .email: "Email"
            case .photo: "Profile pic"
            }
        }
    }

    public static let pictureContentTypes = ["image/jpg", "image/jpeg", "image/png", "image/gif"]
    /// The names' minimum length, in characters (code points, as Ruby counts).
    public static let minimumNameLength = 2

    /// A rule a value breaks: which field, and how. Words are not the rules' business: the server's
    /// messages for them are the contract's (``ContactsRoutes/message(for:)``), the screen's (the feature's `ContactsTexts`).
    public struct Violation: Sendable, Hashable {
        public enum Problem: Sendable, Hashable {
            case blank
            case tooShort(minimum: Int)
            case invalid
            /// A picture's content type that is not an image's (the server reports it, then `invalid`).
            case contentTypeInvalid
        }

        public var field: Field
        public var problem: Problem

        public init(_ field: Field, _ problem: Problem) {
            self.field = field
            self.problem = problem
        }
    }

    /// What a record with these values breaks, in the server's order (picture, first name, last name,
    /// email, phone number). `pictureContentType` is the type of a new picture, if any.
    public static func violations(firstName: String?, lastName: String?, email: String?, phoneNumber: String?,
                                  pictureContentType: String? = nil) -> [Violation] {
        var violations: [Violation] = []
        if let type = pictureContentType, !pictureContentTypes.contains(type.lowercased()) {
            violations += [Violation(.photo, .contentTypeInvalid), Violation(.photo, .invalid)]
        }
        violations += nameViolations(firstName, .firstName) + nameViolations(lastName, .lastName)
        if !isBlank(email), let email, !isValidEmail(email) { violations.append(Violation(.email, .invalid)) }
        if !isBlank(phoneNumber), let phoneNumber, !hasTenConsecutiveDigits(phoneNumber) { violations.append(Violation(.phoneNumber, .invalid)) }
        return violations
    }

    private static func nameViolations(_ name: String?, _ field: Field) -> [Violation] {
        guard let name, !isBlank(name) else { return [Violation(field, .blank)] }
        // Ruby counts characters (code points), not grapheme clusters.
        return name.unicodeScalars.count < minimumNameLength ? [Violation(field, .tooShort(minimum: minimumNameLength))] : []
    }

    /// Rails' `blank?`: nil, empty, or only (Unicode) whitespace.
    public static func isBlank(_ text: String?) -> Bool {
        guard let text else { return true }
        return text.allSatisfy(\.isWhitespace)
    }

    /// The server's email pattern: one `@`; before it anything but whitespace; after it labels of
    /// ASCII letters, digits and `-` each followed by `.`, then at least two letters. Ruby's `\Z` also
    /// takes one final line break.
    public static func isValidEmail(_ email: String) -> Bool {
        var text = Substring(email)
        if text.hasSuffix("\n") { text = text.dropLast() }
        let pieces = text.split(separator: "@", omittingEmptySubsequences: false)
        guard pieces.count == 2, let local = pieces.first, let domain = pieces.last, !local.isEmpty,
              !local.unicodeScalars.contains(where: { " \t\r\n\u{0C}\u{0B}".unicodeScalars.contains($0) })
        else { return false }
        let labels = domain.split(separator: ".", omittingEmptySubsequences: false)
        guard labels.count >= 2, let tld = labels.last, tld.count >= 2,
              tld.unicodeScalars.allSatisfy({ $0.isASCII && $0.properties.isAlphabetic })
        else { return false }
        return labels.dropLast().allSatisfy { label in
            !label.isEmpty && label.unicodeScalars.allSatisfy { $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "-") }
        }
    }

    /// The server's phone pattern `\+?\d{10,12}`, unanchored: somewhere 10 ASCII digits in a row.
    public static func hasTenConsecutiveDigits(_ phone: String) -> Bool {
        var run = 0
        for byte in phone.utf8 {
            run = (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) ? run + 1 : 0
            if run >= 10 { return true }
        }
        return false
    }

    /// The field a server's own message is about ("Phone number is invalid" → `.phoneNumber`), if any:
    /// a 422 from a remote server is text from outside, placed under its field by its attribute's name.
    public static func field(of message: String) -> Field? {
        // "Profile pic content type …" starts like "Profile pic"; longest names first would not matter here.
        Field.allCases.first { message.hasPrefix($0.humanized + " ") }
    }
}
