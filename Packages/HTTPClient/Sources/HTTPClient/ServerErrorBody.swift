import Foundation

/// What a JSON API says about an error in its body: Rails' validation list
/// (`422 {"errors": ["First name is too short …"]}`) or a status object
/// (`{"status": "404", "error": "Not Found"}`; `status` may also be a number).
public struct ServerErrorBody: Sendable, Equatable {
    /// The server's messages, in order (validation errors, or the one `error`); never empty.
    public var messages: [String]
    /// The status the body names, when it names one.
    public var status: Int?

    public init(messages: [String], status: Int? = nil) {
        self.messages = messages
        self.status = status
    }

    /// Reads `data`; nil when it is not one of the two shapes (or has no message).
    public static func decode(_ data: Data) -> ServerErrorBody? {
        guard let object = try? JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed]) as? [String: Any] else { return nil }
        let status: Int? = switch object["status"] {
        case let number as NSNumber: number.intValue
        case let text as String: Int(text)
        default: nil
        }
        if let errors = object["errors"] as? [Any] {
            let messages = errors.compactMap { $0 as? String }.filter { !$0.isEmpty }
            if !messages.isEmpty { return ServerErrorBody(messages: messages, status: status) }
        }
        if let error = object["error"] as? String, !error.isEmpty {
            return ServerErrorBody(messages: [error], status: status)
        }
        return nil
    }
}

extension HTTPError {
    /// The server's own messages for an error status whose body is a ``ServerErrorBody``
    /// (validation errors to show beside a form); empty otherwise.
    public var serverMessages: [String] {
        guard case .status(_, let body?) = self else { return [] }
        return ServerErrorBody.decode(Data(body.utf8))?.messages ?? []
    }
}
