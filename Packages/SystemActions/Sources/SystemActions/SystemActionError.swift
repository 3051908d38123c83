/// Why a string or value cannot become a ``SystemAction``.
///
/// ``description`` is one English sentence that is safe to print on a terminal: the rejected input is
/// shown with every control, bidi control and line separator replaced by U+FFFD and cut to
/// ``shownInputLimit`` characters, so a hostile link can neither drive the terminal nor flood the screen.
public struct SystemActionError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What is wrong with the input.
    public enum Reason: Sendable, Hashable {
        /// Nothing (or only spaces) was given.
        case empty
        /// The input or the link built from it is longer than `limit` bytes of UTF-8.
        case tooLong(limit: Int)
        /// A control character (C0, DEL, C1), a line or paragraph separator or a bidi control.
        case controlCharacter
        /// The link starts with `-`, so `xdg-open` would read it as an option.
        case startsWithDash
        /// The text does not start with a URL scheme (`www.example.com`).
        case missingScheme
        /// A scheme outside the allowlist; the associated value is the scheme, lowercased.
        case unsupportedScheme(String)
        /// The text does not parse as a URL of its scheme (bad percent-encoding, bad port …).
        case malformed
        /// An `http` or `https` link without a host name.
        case missingHost
        /// An `http` or `https` link with a user name or password (`https://bank.example@evil.example`).
        case userInfo
        /// An email address that is not a plain `local@domain.tld` address.
        case invalidEmailAddress
        /// No email recipient was given.
        case noRecipient
        /// A phone number with characters other than digits, a leading `+`, `*`, `#` and visual separators.
        case invalidPhoneNumber
        /// A latitude outside −90…90, a longitude outside −180…180, or a number that is not finite.
        case invalidCoordinates
    }

    /// How many characters of the rejected input ``shownInput`` keeps.
    public static let shownInputLimit = 80

    /// What is wrong.
    public let reason: Reason
    /// The rejected input as it may be shown: controls replaced, at most ``shownInputLimit`` characters.
    public let shownInput: String

    /// An error for `input`, which is made terminal-safe here; the raw input is not kept.
    init(_ reason: Reason, input: String) {
        self.reason = reason
        self.shownInput = TerminalSafeText.shown(input, limit: Self.shownInputLimit)
    }

    /// One sentence: what cannot be opened and why.
    public var description: String {
        let subject = shownInput.isEmpty ? "This link" : "“\(shownInput)”"
        return "\(subject) cannot be opened: \(explanation)."
    }

    private var explanation: String {
        switch reason {
        case .empty: return "it is empty"
        case .tooLong(let limit): return "it is longer than \(limit) bytes"
        case .controlCharacter: return "it contains control characters"
        case .startsWithDash: return "it starts with “-”"
        case .missingScheme: return "it is not a link (no scheme such as https:)"
        case .unsupportedScheme(let scheme):
            let shownScheme = TerminalSafeText.shown(scheme, limit: 20)
            return "“\(shownScheme):” links are not allowed (only \(SystemAction.allowedSchemes.joined(separator: ", ")))"
        case .malformed: return "it is not a valid link"
        case .missingHost: return "it has no host name"
        case .userInfo: return "it carries a user name or password"
        case .invalidEmailAddress: return "it is not a valid email address"
        case .noRecipient: return "there is no recipient"
        case .invalidPhoneNumber: return "it is not a valid phone number"
        case .invalidCoordinates: return "the coordinates are out of range"
        }
    }
}
