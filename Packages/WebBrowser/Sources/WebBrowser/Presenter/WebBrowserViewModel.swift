import HTMLText

/// The browser's state as plain values; the view lays the document out for its width.
struct WebBrowserViewModel: Equatable, Sendable {
    enum Content: Equatable, Sendable {
        case loading
        case failed(message: String)
        case loaded(HTMLDocument)
    }
    /// The address shown in the title bar (never with a user name or password).
    var address: String
    var title: String?
    var content: Content
    /// The link with keyboard focus (tab / shift-tab), followed with enter.
    var selectedLink: Int?
    var scrollOffset: Int
    /// A short note, e.g. that a mail link opens outside the browser.
    var notice: String?
    /// Whether back and forward lead anywhere (the key bar names only the keys that do something).
    var canGoBack: Bool
    var canGoForward: Bool
    /// Where each of the document's links leads, absolute (OSC 8 makes them clickable); nil for a link
    /// without a valid address or of a scheme outside the allowlist.
    var linkTargets: [String?] = []
    /// The browser's words, in the language of the feature that opened it.
    var texts: WebBrowserModule.Texts = .english
}
