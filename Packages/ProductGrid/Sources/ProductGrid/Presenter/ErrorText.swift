import HTTPClient
import ImageKit

/// Turns errors into the short texts the screens show.
enum ErrorText {
    static func message(for error: any Error) -> String {
        if let error = error as? HTTPError { return error.userMessage }
        return "Something went wrong: \(error)"
    }

    static func imageReason(for error: any Error) -> String {
        if let error = error as? ImageError { return error.reason }
        return "image unavailable"
    }
}
