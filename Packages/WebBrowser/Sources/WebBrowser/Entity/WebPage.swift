import Foundation

/// A fetched web page: its HTML and the URL it was finally served from (links resolve against it).
public struct WebPage: Sendable, Equatable {
    /// Where the page was finally served from, after redirects.
    public var url: URL
    /// The page's text, HTML or plain.
    public var html: String

    public init(url: URL, html: String) {
        self.url = url
        self.html = html
    }
}
