import Foundation
import HTTPClient

// The transport failures' words, in one place outside the transport: features word a
// ``RequestFailure`` here (in their screens' language), never in an interactor or a service.
extension RequestFailure {
    /// The language a ``message(_:)`` is written in.
    public enum Language: Sendable, Equatable {
        case english
        case german
    }

    /// A sentence for the screen: what happened and, where possible, what to do. The German one leaves
    /// out the English technical details (a decoding path, a transport's words).
    public func message(_ language: Language) -> String {
        switch language {
        case .english: english
        case .german: german
        }
    }

    private var english: String {
        switch self {
        case .noConnection(let endpoint):
            if endpoint.isEmpty { return "No network connection — check that you are online." }
            return "No connection to \(endpoint) — is the server running?"
        case .timeout(let seconds):
            guard let duration = Self.format(seconds: seconds) else { return "The server took too long to answer." }
            return "The server took longer than \(duration) s to answer."
        case .status(507):
            return "No room left to save: the disk is full (507 Insufficient Storage)."
        case .status(let code):
            if let reason = HTTPError.reasonPhrase(for: code) { return "The server answered \(code) \(reason)." }
            return "The server answered with status \(code)."
        case .unreadable(let detail):
            return Self.unreadableSentence(detail)
        case .invalidAddress(let address):
            return "The address “\(address)” is not a valid web address."
        case .tooLarge(let limit):
            return "The server's answer is larger than \(Self.format(bytes: limit)), so it was not loaded."
        case .unexpectedContent(let type):
            return "The server answered with \(Self.printable(type).map { "“\($0)”" } ?? "an unknown kind of content"), which cannot be shown here."
        case .connectionLost(let endpoint):
            if endpoint.isEmpty { return "The connection was closed before the answer was complete — try again." }
            return "The connection to \(endpoint) was closed before the answer was complete — try again."
        case .cancelled:
            return "The request was cancelled."
        case .other(let detail):
            return "The request failed: \(Self.sentence(detail))"
        case .unknown:
            return "Something went wrong."
        }
    }

    private var german: String {
        switch self {
        case .noConnection(let endpoint):
            if endpoint.isEmpty { return "Keine Netzwerkverbindung – bist du online?" }
            return "Keine Verbindung zu \(endpoint) – läuft der Server?"
        case .timeout(let seconds):
            guard let duration = Self.format(seconds: seconds) else { return "Der Server hat zu lange nicht geantwortet." }
            return "Der Server hat nicht innerhalb von \(duration.replacingOccurrences(of: ".", with: ",")) s geantwortet."
        case .status(507):
            return "Kein Platz zum Speichern: der Datenträger ist voll (507)."
        case .status(let code):
            return "Der Server antwortete mit Status \(code)."
        case .unreadable:
            return "Die Antwort des Servers ist nicht lesbar."
        case .invalidAddress(let address):
            return "Die Adresse „\(address)“ ist keine gültige Webadresse."
        case .tooLarge(let limit):
            let size = Self.format(bytes: limit).replacingOccurrences(of: "byte", with: "Byte")
            return "Die Antwort des Servers ist größer als \(size) und wurde nicht geladen."
        case .unexpectedContent(let type):
            return "Der Server antwortete mit \(Self.printable(type).map { "„\($0)“" } ?? "unbekanntem Inhalt"), der hier nicht angezeigt werden kann."
        case .connectionLost(let endpoint):
            if endpoint.isEmpty { return "Die Verbindung brach ab, bevor die Antwort vollständig war – bitte erneut versuchen." }
            return "Die Verbindung zu \(endpoint) brach ab, bevor die Antwort vollständig war – bitte erneut versuchen."
        case .cancelled:
            return "Die Anfrage wurde abgebrochen."
        case .other:
            return "Die Anfrage ist fehlgeschlagen."
        case .unknown:
            return "Unbekannter Fehler."
        }
    }

    /// "15" for whole seconds, "1.5" otherwise; no locale, so the UI text is predictable.
    private static func format(seconds: TimeInterval) -> String? {
        guard seconds.isFinite, seconds >= 0, seconds < 1e9 else { return nil }
        let tenths = Int((seconds * 10).rounded())
        return tenths % 10 == 0 ? "\(tenths / 10)" : "\(tenths / 10).\(tenths % 10)"
    }

    /// A media type for a sentence: at most 60 characters of printable ASCII; nil when none is left.
    private static func printable(_ text: String) -> String? {
        let printable = text.unicodeScalars.filter { $0.isASCII && $0.value >= 0x20 && $0.value < 0x7F }
        let cut = String(String.UnicodeScalarView(printable.prefix(60)))
        return cut.isEmpty ? nil : cut
    }

    /// Ends a detail with exactly one full stop.
    /// A decoding detail as a person reads it: about the whole answer in plain words ("The server sent
    /// a list where an object was expected."), about a field with its path (for the developers who
    /// run this against their own server).
    private static func unreadableSentence(_ detail: String) -> String {
        let trimmed = detail.trimmingCharacters(in: .whitespacesAndNewlines)
        if trimmed == "the answer is not valid JSON" { return "The server's answer is not valid JSON." }
        if trimmed.hasPrefix("the answer: expected ") {
            let rest = trimmed.dropFirst("the answer: expected ".count)
            let parts = rest.components(separatedBy: ", found ")
            if parts.count == 2 { return "The server sent \(parts[1]) where \(parts[0]) was expected." }
            return "The server's answer is not \(rest)."
        }
        return "The data from the server could not be read: \(sentence(trimmed))"
    }

    private static func sentence(_ detail: String) -> String {
        let trimmed = detail.trimmingCharacters(in: .whitespacesAndNewlines)
        if trimmed.isEmpty { return "no details." }
        return trimmed.hasSuffix(".") ? trimmed : trimmed + "."
    }

    /// "2 MB", "512 KB", "300 bytes" (binary units, no locale).
    private static func format(bytes: Int) -> String {
        if bytes >= 1024 * 1024, bytes % (1024 * 1024) == 0 { return "\(bytes / (1024 * 1024)) MB" }
        if bytes >= 1024, bytes % 1024 == 0 { return "\(bytes / 1024) KB" }
        return bytes == 1 ? "1 byte" : "\(bytes) bytes"
    }
}

extension HTTPError {
    /// A short English sentence for the UI: what happened and, where possible, what to do.
    public var userMessage: String {
        RequestFailure(self).message(.english)
    }

    /// The UI sentence for any error a request or its decoding threw: ``userMessage`` for an
    /// ``HTTPError``, else a generic sentence (never an internal error's name or fields).
    public static func userMessage(for error: any Error) -> String {
        RequestFailure(error).message(.english)
    }
}
