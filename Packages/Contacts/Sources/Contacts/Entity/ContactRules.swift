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

    /// The server's messages for a record with these values, in the server's order (picture, first
    /// name, last name, email, phone number). `pictureContentType` is the type of a new picture, if any.
    public static func errors(firstName: String?, lastName: String?, email: String?, phoneNumber: String?,
                              pictureContentType: String? = nil) -> [String] {
        var errors: [String] = []
        if let type = pictureContentType, !pictureContentTypes.contains(type.lowercased()) {
            errors += ["Profile pic content type is invalid", "Profile pic is invalid"]
        }
        errors += nameErrors(firstName, .firstName) + nameErrors(lastName, .lastName)
        if !isBlank(email), let email, !isValidEmail(email) { errors.append("Email is invalid") }
        if !isBlank(phoneNumber), let phoneNumber, !hasTenConsecutiveDigits(phoneNumber) { errors.append("Phone number is invalid") }
        return errors
    }

    private static func nameErrors(_ name: String?, _ field: Field) -> [String] {
        guard let name, !isBlank(name) else { return ["\(field.humanized) can't be blank"] }
        // Ruby counts characters (code points), not grapheme clusters.
        return name.unicodeScalars.count < 2 ? ["\(field.humanized) is too short (minimum is 2 characters)"] : []
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

    /// The field a server message is about ("Phone number is invalid" → `.phoneNumber`), if any.
    public static func field(of message: String) -> Field? {
        // "Profile pic content type …" starts like "Profile pic"; longest names first would not matter here.
        Field.allCases.first { message.hasPrefix($0.humanized + " ") }
    }
}
