extension SystemAction {
    /// The most characters a dial string may keep after its separators are dropped: E.164 numbers
    /// have at most 15 digits, so twice that leaves room for prefixes and `*`/`#` service codes.
    public static let maximumDialStringLength = 32

    /// Calls `number`: a `tel:` link.
    ///
    /// Visual separators are dropped: spaces (any space separator), `-` and Unicode dashes, `.`,
    /// `(`, `)` and `/` (as in `030/123 45`). What remains may only be ASCII digits, `*`, `#` and one
    /// `+` at the very start, with at least one digit and at most ``maximumDialStringLength``
    /// characters; anything else (letters, `;`, `$`, `,` …) rejects the number rather than being
    /// dropped, so `123;rm` never dials `123`. `#` is written as `%23` in the link.
    ///
    ///     try SystemAction.phone("+49 (30) 123-45").url   // tel:+493012345
    public static func phone(_ number: String) throws(SystemActionError) -> SystemAction {
        let dialString = try dialString(number)
        return try SystemAction(kind: .phone, string: "tel:" + percentEncoded(dialString, keeping: "+*"), input: number)
    }

    /// Writes a text message to `number`: an `sms:` link, with the rules of ``phone(_:)``.
    public static func message(_ number: String) throws(SystemActionError) -> SystemAction {
        let dialString = try dialString(number)
        return try SystemAction(kind: .message, string: "sms:" + percentEncoded(dialString, keeping: "+*"), input: number)
    }

    /// `number` without separators, if only dial characters remain.
    static func dialString(_ number: String) throws(SystemActionError) -> String {
        var kept = String.UnicodeScalarView()
        for scalar in number.unicodeScalars {
            switch scalar {
            case "0"..."9", "*", "#":
                kept.append(scalar)
            case "+" where kept.isEmpty:
                kept.append(scalar)
            case "-", ".", "(", ")", "/", "\u{2010}"..."\u{2015}", "\u{2212}":
                continue
            default:
                guard TerminalSafeText.isSpace(scalar) else {
                    throw SystemActionError(.invalidPhoneNumber, input: number)
                }
            }
        }
        guard kept.contains(where: { ("0"..."9").contains($0) }), kept.count <= maximumDialStringLength else {
            let blank = TerminalSafeText.trimmingSpaces(number).isEmpty
            throw SystemActionError(blank ? .empty : .invalidPhoneNumber, input: number)
        }
        return String(kept)
    }
}
