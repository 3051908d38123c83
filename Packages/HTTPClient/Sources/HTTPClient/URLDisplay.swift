import Foundation

/// How a URL is shown to a person: never with the user name or password it may carry.
public enum URLDisplay {
    /// `url` as text with any `user:password@` removed (`http://user:s3cret@host/x` → `http://host/x`).
    public static func redacted(_ url: URL) -> String {
        guard url.user != nil || url.password != nil,
              var components = URLComponents(url: url, resolvingAgainstBaseURL: false)
        else { return url.absoluteString }
        components.user = nil
        components.password = nil
        return components.string ?? url.absoluteString
    }
}
