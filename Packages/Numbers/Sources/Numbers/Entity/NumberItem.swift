import Foundation
import JSONKit

/// One entry of the master list (`GET /json.php`): a number's name ("10,000") and its picture.
public struct NumberItem: Sendable, Hashable, Decodable {
    public var name: String
    public var imageURL: URL?

    public init(name: String, imageURL: URL?) {
        self.name = name
        self.imageURL = imageURL
    }

    private enum CodingKeys: String, CodingKey { case name, image }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        name = try container.decodeNumberName(forKey: .name)
        imageURL = container.decodeImageURL(forKey: .image)
    }
}

/// A number's detail (`GET /json.php?name=…`): its reading ("Ichi") and a larger picture. Real answers
/// may carry `name` as a number, and `text` or `image` may be missing.
public struct NumberDetail: Sendable, Hashable, Decodable {
    public var name: String
    public var text: String?
    public var imageURL: URL?

    public init(name: String, text: String?, imageURL: URL?) {
        self.name = name
        self.text = text
        self.imageURL = imageURL
    }

    private enum CodingKeys: String, CodingKey { case name, text, image }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        name = try container.decodeNumberName(forKey: .name)
        text = (try? container.decodeIfPresent(String.self, forKey: .text)).flatMap { $0 }
        imageURL = container.decodeImageURL(forKey: .image)
    }
}

/// The master list. One malformed entry does not sink the list: it is skipped and counted.
public struct NumbersCatalog: Sendable, Hashable, Decodable {
    public var items: [NumberItem]
    /// Why each entry that could not be read was skipped ("#3: name is missing").
    public var skippedReasons: [String]

    public init(items: [NumberItem], skippedReasons: [String] = []) {
        self.items = items
        self.skippedReasons = skippedReasons
    }

    public init(from decoder: any Decoder) throws {
        var container = try decoder.unkeyedContainer()
        var items: [NumberItem] = []
        var reasons: [String] = []
        var index = 0
        while !container.isAtEnd {
            index += 1
            let entry = try container.decode(Lossy<NumberItem>.self)
            if let item = entry.value { items.append(item) } else { reasons.append("#\(index): \(entry.reason ?? "unreadable")") }
        }
        self.items = items
        self.skippedReasons = reasons
    }
}

extension KeyedDecodingContainer {
    /// A name given as a string ("10,000") or as a number (7, 42.0 → "42"); never empty.
    func decodeNumberName(forKey key: Key) throws -> String {
        if let text = try? decode(String.self, forKey: key) {
            let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
            guard !trimmed.isEmpty else { throw DecodingProblem.error("is empty", at: codingPath + [key]) }
            return trimmed
        }
        if let whole = try? decode(Int.self, forKey: key) { return String(whole) }
        if let number = try? decode(Double.self, forKey: key), number.isFinite {
            return number == number.rounded() && abs(number) < 1e15 ? String(Int(number)) : String(number)
        }
        // The readable error: missing, null, or of another type.
        _ = try decodeReadable(String.self, forKey: key)
        throw DecodingProblem.error("is not a name", at: codingPath + [key])
    }

    /// An absolute http(s) picture address, or nil when missing, empty or unusable.
    func decodeImageURL(forKey key: Key) -> URL? {
        guard let text = (try? decodeIfPresent(String.self, forKey: key)).flatMap({ $0 }),
              let url = URL(string: text.trimmingCharacters(in: .whitespaces)),
              let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https", url.host != nil
        else { return nil }
        return url
    }
}
