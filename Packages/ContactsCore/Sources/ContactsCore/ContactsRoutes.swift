import Foundation
import HTTPClient

/// The contacts server's REST contract as route values: the feature's `HTTPContactsService` builds its
/// URLs from them and the embedded `LocalContactsBackend` matches requests with them, so the two
/// cannot disagree.
public enum ContactsRoutes {
    /// Where the original app's server answered: the embedded backend answers under it.
    public static let originalBaseURL = URL(string: "http://gojek-contacts-app.herokuapp.com")!

    public static let list = HTTPRoute(.get, "/contacts.json")
    public static let show = HTTPRoute(.get, "/contacts/{id}.json")
    public static let create = HTTPRoute(.post, "/contacts.json")
    public static let update = HTTPRoute(.put, "/contacts/{id}.json")
    /// Rails routes PATCH to the same update.
    public static let patch = HTTPRoute(.patch, "/contacts/{id}.json")
    public static let destroy = HTTPRoute(.delete, "/contacts/{id}.json")
    /// The default picture's file (the server's `public/images/missing.png`).
    public static let missingPicture = HTTPRoute(.get, "/images/missing.png")
    /// An uploaded picture, at Paperclip's path: the id in three groups of three digits.
    public static let picture = HTTPRoute(.get, "/system/contacts/profile_pics/{a}/{b}/{c}/original/{file}")

    /// The server's 422 message for a broken rule, exactly as Rails words it (part of the contract:
    /// the embedded backend answers with it, and the form shows it for a value it checks itself).
    public static func message(for violation: ContactRules.Violation) -> String {
        let attribute = violation.field.humanized
        switch violation.problem {
        case .blank: return "\(attribute) can't be blank"
        case .tooShort(let minimum): return "\(attribute) is too short (minimum is \(minimum) characters)"
        case .invalid: return "\(attribute) is invalid"
        case .contentTypeInvalid: return "\(attribute) content type is invalid"
        }
    }
}
