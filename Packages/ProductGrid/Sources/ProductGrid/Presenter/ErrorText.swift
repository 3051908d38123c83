import HTTPClient

/// Turns errors into the short texts the screens show.
enum ErrorText {
    static func message(for error: any Error) -> String {
        if let error = error as? HTTPError { return error.userMessage }
        return "Something went wrong: \(error)"
    }
}
