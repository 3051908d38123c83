extension SystemAction {
    /// Composes an email to one address; see `email(to:cc:subject:body:)`.
    public static func email(
        to recipient: String, cc: [String] = [], subject: String? = nil, body: String? = nil
    ) throws(SystemActionError) -> SystemAction {
        try email(to: [recipient], cc: cc, subject: subject, body: body)
    }

    /// Composes an email: a `mailto:` link built from parsed fields.
    ///
    /// Every address must be a plain addr-spec `local@domain.tld`: a dot-atom local part (RFC 5322
    /// `atext`, or non-ASCII letters, marks and digits), at most 64 bytes, and a domain of at least
    /// two labels of letters, digits and inner hyphens; at most 254 bytes in all. Quoted local parts
    /// (`"$(reboot)"@x.y`), domain literals, comments, display names, spaces and controls are
    /// rejected. Spaces around an address are trimmed. In the link, every byte of an address but
    /// letters, digits, `-._~+` and the `@` is percent-encoded.
    ///
    /// `subject` is one line: line breaks and tabs become spaces, and the ends are trimmed. `body` keeps its line breaks (as
    /// CRLF, which RFC 6068 asks for) and tabs. Other controls and bidi controls are dropped from
    /// both; both are percent-encoded, so nothing in them can end up raw in the link. An empty
    /// subject or body is left out.
    ///
    /// - Throws: `noRecipient` without a `to` address,
    ///   `invalidEmailAddress` for a bad address,
    ///   `tooLong(limit:)` when the link exceeds ``maximumLength``.
    public static func email(
        to recipients: [String], cc: [String] = [], subject: String? = nil, body: String? = nil
    ) throws(SystemActionError) -> SystemAction {
        let to = try recipients.map { address throws(SystemActionError) in try validatedAddress(address) }
        let copies = try cc.map { address throws(SystemActionError) in try validatedAddress(address) }
        guard !to.isEmpty else { throw SystemActionError(.noRecipient, input: "") }

        var query: [String] = []
        if !copies.isEmpty {
            query.append("cc=" + copies.map(encodedAddress).joined(separator: ","))
        }
        if let subject = subject.map({ TerminalSafeText.trimmingSpaces(oneLine($0)) }), !subject.isEmpty {
            query.append("subject=" + percentEncoded(subject))
        }
        if let body = body.map(bodyText), !body.isEmpty {
            query.append("body=" + percentEncoded(body))
        }
        var link = "mailto:" + to.map(encodedAddress).joined(separator: ",")
        if !query.isEmpty { link += "?" + query.joined(separator: "&") }
        return try SystemAction(kind: .email, string: link, input: link)
    }

    /// Composes an email from a raw `mailto:` link (with or without the `mailto:` prefix).
    ///
    /// Kept: the addresses before `?`, `to=` and `cc=` (comma-separated, percent-decoded) and the
    /// first `subject=` and `body=`; header names compare case-insensitively, `+` is a plus sign
    /// (RFC 6068 is not form encoding). Dropped without a trace: `bcc=` (a recipient the person
    /// would not see), `attach=`/`attachment=` (would mail a local file), `in-reply-to=` and every
    /// other header, and any `#fragment`. The result is then built by
    /// `email(to:cc:subject:body:)`, with its checks.
    public static func email(mailto: String) throws(SystemActionError) -> SystemAction {
        let fields = try emailFields(mailto: mailto)
        do throws(SystemActionError) {
            return try email(to: fields.to, cc: fields.cc, subject: fields.subject, body: fields.body)
        } catch {
            throw SystemActionError(error.reason, input: mailto)
        }
    }

    /// The fields of an email, as a compose screen shows them.
    public struct EmailFields: Sendable, Equatable {
        public var to: [String]
        public var cc: [String]
        public var subject: String?
        public var body: String?

        public init(to: [String], cc: [String] = [], subject: String? = nil, body: String? = nil) {
            self.to = to
            self.cc = cc
            self.subject = subject
            self.body = body
        }
    }

    /// The fields of a raw `mailto:` link, kept and dropped exactly as ``email(mailto:)`` does and
    /// checked by it: for writing the email in the app instead of handing the link to the desktop.
    public static func emailFields(mailto: String) throws(SystemActionError) -> EmailFields {
        guard mailto.utf8.count <= maximumLength else {
            throw SystemActionError(.tooLong(limit: maximumLength), input: mailto)
        }
        guard !TerminalSafeText.containsControl(mailto) else {
            throw SystemActionError(.controlCharacter, input: mailto)
        }
        var payload = TerminalSafeText.trimmingSpaces(mailto)
        if scheme(of: payload) == "mailto" { payload = String(payload.dropFirst("mailto:".count)) }
        do throws(SystemActionError) {
            let fields = try emailFields(mailtoPayload: payload)
            _ = try email(to: fields.to, cc: fields.cc, subject: fields.subject, body: fields.body)
            return fields
        } catch {
            throw SystemActionError(error.reason, input: mailto)
        }
    }

    /// The part of a `mailto:` link after the colon, parsed as ``email(mailto:)`` describes.
    static func email(mailtoPayload payload: String) throws(SystemActionError) -> SystemAction {
        let fields = try emailFields(mailtoPayload: payload)
        return try email(to: fields.to, cc: fields.cc, subject: fields.subject, body: fields.body)
    }

    private static func emailFields(mailtoPayload payload: String) throws(SystemActionError) -> EmailFields {
        let withoutFragment = payload.prefix { $0 != "#" }
        let addressPart = withoutFragment.prefix { $0 != "?" }
        let queryPart = withoutFragment.dropFirst(addressPart.count + 1)

        var to = try addressList(addressPart)
        var cc: [String] = []
        var subject: String?
        var body: String?
        for field in queryPart.split(separator: "&", omittingEmptySubsequences: true) {
            let name = try percentDecoded(field.prefix { $0 != "=" }).lowercased()
            let value = field.dropFirst(field.prefix { $0 != "=" }.count + 1)
            switch name {
            case "to": to += try addressList(value)
            case "cc": cc += try addressList(value)
            case "subject": if subject == nil { subject = try percentDecoded(value) }
            case "body": if body == nil { body = try percentDecoded(value) }
            default: continue   // bcc, attach, in-reply-to, anything unknown: never passed on
            }
        }
        return EmailFields(to: to, cc: cc, subject: subject, body: body)
    }

    /// Comma-separated, percent-encoded addresses; empty entries (`a@b.c,`) are skipped.
    private static func addressList<Text: StringProtocol>(_ text: Text) throws(SystemActionError) -> [String] {
        var addresses: [String] = []
        for item in text.split(separator: ",") {
            let address = TerminalSafeText.trimmingSpaces(try percentDecoded(item))
            if !address.isEmpty { addresses.append(address) }
        }
        return addresses
    }

    // MARK: - Addresses

    /// `address` without surrounding spaces, if it is a plain addr-spec (see `email(to:cc:subject:body:)`).
    static func validatedAddress(_ address: String) throws(SystemActionError) -> String {
        guard !TerminalSafeText.containsControl(address) else {
            throw SystemActionError(.invalidEmailAddress, input: address)
        }
        let trimmed = TerminalSafeText.trimmingSpaces(address)
        let parts = trimmed.split(separator: "@", omittingEmptySubsequences: false)
        guard trimmed.utf8.count <= 254, parts.count == 2,
              isDotAtom(parts[0]), parts[0].utf8.count <= 64,
              isDomain(parts[1])
        else { throw SystemActionError(.invalidEmailAddress, input: address) }
        return trimmed
    }

    private static func isDotAtom(_ local: Substring) -> Bool {
        let atoms = local.split(separator: ".", omittingEmptySubsequences: false)
        return atoms.allSatisfy { atom in
            !atom.isEmpty && atom.unicodeScalars.allSatisfy { scalar in
                scalar.isASCII
                    ? isASCIIAlphanumeric(scalar) || "!#$%&'*+-/=?^_`{|}~".unicodeScalars.contains(scalar)
                    : isInternationalWordScalar(scalar)
            }
        }
    }

    private static func isDomain(_ domain: Substring) -> Bool {
        let labels = domain.split(separator: ".", omittingEmptySubsequences: false)
        return labels.count >= 2 && labels.allSatisfy { label in
            !label.isEmpty && label.utf8.count <= 63 && !label.hasPrefix("-") && !label.hasSuffix("-")
                && label.unicodeScalars.allSatisfy { scalar in
                    scalar.isASCII ? isASCIIAlphanumeric(scalar) || scalar == "-" : isInternationalWordScalar(scalar)
                }
        }
    }

    private static func isASCIIAlphanumeric(_ scalar: Unicode.Scalar) -> Bool {
        ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || ("0"..."9").contains(scalar)
    }

    /// Letters, marks and digits beyond ASCII, which internationalized addresses (RFC 6531) may use.
    private static func isInternationalWordScalar(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter,
             .nonspacingMark, .spacingMark, .enclosingMark, .decimalNumber:
            return true
        default:
            return false
        }
    }

    private static func encodedAddress(_ address: String) -> String {
        percentEncoded(address, keeping: "-._~+@")
    }

    // MARK: - Subject and body

    /// A subject line: line breaks and tabs become one space, other controls are dropped.
    private static func oneLine(_ text: String) -> String {
        var scalars = String.UnicodeScalarView()
        var previousWasCarriageReturn = false
        for scalar in text.unicodeScalars {
            defer { previousWasCarriageReturn = scalar == "\r" }
            switch scalar {
            case "\n" where previousWasCarriageReturn: continue
            case "\r", "\n", "\t", "\u{2028}", "\u{2029}": scalars.append(" ")
            default: if !TerminalSafeText.isControl(scalar) { scalars.append(scalar) }
            }
        }
        return String(scalars)
    }

    /// A body: line breaks become CRLF, tabs stay, other controls are dropped.
    private static func bodyText(_ text: String) -> String {
        var scalars = String.UnicodeScalarView()
        var previousWasCarriageReturn = false
        for scalar in text.unicodeScalars {
            defer { previousWasCarriageReturn = scalar == "\r" }
            switch scalar {
            case "\n" where previousWasCarriageReturn: continue
            case "\r", "\n", "\u{2028}", "\u{2029}": scalars.append(contentsOf: "\r\n".unicodeScalars)
            case "\t": scalars.append(scalar)
            default: if !TerminalSafeText.isControl(scalar) { scalars.append(scalar) }
            }
        }
        return String(scalars)
    }
}
