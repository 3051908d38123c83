/// What a row of a resource's details does when activated.
public enum ResourceAction: Sendable, Equatable {
    /// Call a phone or toll-free number (`tel:`).
    case call(String)
    /// Write a text message to a number (`sms:`).
    case message(String)
    /// Write an email to the address, in the app's compose screen.
    case email(String)
    /// Show the address in the maps app (`geo:`).
    case map(ResourceAddress)
    /// Open a website or a social media page, in the in-app browser (`o`: the desktop's browser).
    case website(String)
}

/// An email being written on the compose screen.
public struct EmailDraft: Sendable, Equatable {
    public var to: String
    public var subject: String
    public var body: String

    public init(to: String, subject: String = "", body: String = "") {
        self.to = to
        self.subject = subject
        self.body = body
    }
}
