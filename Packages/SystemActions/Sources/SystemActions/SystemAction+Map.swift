import Foundation

extension SystemAction {
    /// Shows `address` on a map: `geo:0,0?q=<address>`, the search form map apps understand.
    ///
    /// Line breaks become `, ` (a postal address is often several lines), runs of spaces and tabs
    /// one space, other controls are dropped and the ends are trimmed; the rest, `&`, `#`, `?`, emoji
    /// and all, is percent-encoded. An address that is empty after that is rejected.
    public static func map(address: String) throws(SystemActionError) -> SystemAction {
        let query = oneLineAddress(address)
        guard !query.isEmpty else { throw SystemActionError(.empty, input: address) }
        return try SystemAction(kind: .map, string: "geo:0,0?q=" + percentEncoded(query), input: address)
    }

    /// Shows a point on a map: `geo:<latitude>,<longitude>` in plain decimals (at most 7 places,
    /// about a centimetre, trailing zeros dropped).
    ///
    /// - Throws: ``SystemActionError/Reason/invalidCoordinates`` for a latitude outside −90…90, a
    ///   longitude outside −180…180, or a value that is NaN or infinite.
    public static func map(latitude: Double, longitude: Double) throws(SystemActionError) -> SystemAction {
        guard latitude.isFinite, longitude.isFinite, (-90...90).contains(latitude), (-180...180).contains(longitude) else {
            throw SystemActionError(.invalidCoordinates, input: "\(latitude), \(longitude)")
        }
        let link = "geo:\(decimal(latitude)),\(decimal(longitude))"
        return try SystemAction(kind: .map, string: link, input: link)
    }

    /// The part of a `geo:` link after the colon, parsed as ``link(_:)`` describes.
    static func map(geoPayload payload: String) throws(SystemActionError) -> SystemAction {
        let coordinatePart = payload.prefix { $0 != "?" }
        let queryPart = payload.dropFirst(coordinatePart.count + 1)
        for field in queryPart.split(separator: "&") where field.lowercased().hasPrefix("q=") {
            // Map links write spaces in q as `+` (form style); a real plus sign comes as %2B.
            let query = try percentDecoded(field.dropFirst(2).replacingOccurrences(of: "+", with: " "))
            return try map(address: query)
        }
        let numbers = coordinatePart.prefix { $0 != ";" }.split(separator: ",", omittingEmptySubsequences: false)
        guard (2...3).contains(numbers.count), numbers.allSatisfy(isPlainDecimal),
              let latitude = Double(numbers[0]), let longitude = Double(numbers[1])
        else { throw SystemActionError(.malformed, input: payload) }
        return try map(latitude: latitude, longitude: longitude)
    }

    /// `-?digits(.digits)?`: no exponents, no `nan` or `inf`, nothing `Double(_:)` would also accept.
    private static func isPlainDecimal(_ text: Substring) -> Bool {
        let unsigned = text.hasPrefix("-") ? text.dropFirst() : text
        let parts = unsigned.split(separator: ".", omittingEmptySubsequences: false)
        return (1...2).contains(parts.count) && unsigned.utf8.count <= 24
            && parts.allSatisfy { !$0.isEmpty && $0.unicodeScalars.allSatisfy { ("0"..."9").contains($0) } }
    }

    private static func decimal(_ value: Double) -> String {
        var text = String(format: "%.7f", value)
        while text.hasSuffix("0") { text.removeLast() }
        if text.hasSuffix(".") { text.removeLast() }
        return text == "-0" ? "0" : text
    }

    private static func oneLineAddress(_ address: String) -> String {
        var result = ""
        var pendingSpace = false
        var previousWasCarriageReturn = false
        for scalar in address.unicodeScalars {
            defer { previousWasCarriageReturn = scalar == "\r" }
            switch scalar {
            case "\n" where previousWasCarriageReturn:
                continue
            case "\r", "\n", "\u{2028}", "\u{2029}":
                // A line break is a separator between address lines, unless one is already there.
                while result.last == " " { result.removeLast() }
                if !result.isEmpty, result.last != "," { result += "," }
                pendingSpace = true
            case "\t":
                pendingSpace = true
            case _ where TerminalSafeText.isSpace(scalar):
                pendingSpace = true
            case _ where TerminalSafeText.isControl(scalar):
                continue
            default:
                if pendingSpace, !result.isEmpty { result += " " }
                pendingSpace = false
                result.unicodeScalars.append(scalar)
            }
        }
        if result.last == "," { result.removeLast() }
        return result
    }
}
