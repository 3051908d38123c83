import Foundation
import JSONKit

// Every field of the real files may be missing, hold the wrong type, or be empty (`[""]`, `[{}]`).
// Decoding keeps what is usable and drops the rest, field by field; only an entry without a title
// is left out of a list, and the list says so.

extension ResourceCategoryList: Decodable {
    public init(from decoder: any Decoder) throws {
        var entries = try decoder.unkeyedContainer()
        var categories: [ResourceCategory] = [], skipped: [String] = []
        while !entries.isAtEnd {
            let position = entries.currentIndex + 1
            let entry = try entries.decode(Lossy<ResourceCategory>.self)
            if let category = entry.value { categories.append(category) } else { skipped.append("#\(position): \(entry.reason ?? "not readable")") }
        }
        self.init(categories: categories, skippedReasons: skipped)
    }
}

extension ResourceCategory: Decodable {
    private enum Keys: String, CodingKey { case _id, eid, slug, title, description }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: Keys.self)
        guard let title = container.text(.title) else {
            throw DecodingProblem.error(.missing, at: container.codingPath + [Keys.title])
        }
        let slug = container.text(.slug) ?? ""
        self.init(id: container.text(.eid) ?? container.text(._id) ?? slug, slug: slug, title: title,
                  description: container.text(.description))
    }
}

extension ResourceList: Decodable {
    public init(from decoder: any Decoder) throws {
        var entries = try decoder.unkeyedContainer()
        var resources: [Resource] = [], skipped: [String] = []
        while !entries.isAtEnd {
            let position = entries.currentIndex + 1
            let entry = try entries.decode(Lossy<Resource>.self)
            if var resource = entry.value {
                if resource.id.isEmpty { resource.id = "#\(position)" }
                resources.append(resource)
            } else {
                skipped.append("#\(position): \(entry.reason ?? "not readable")")
            }
        }
        self.init(resources: resources, skippedReasons: skipped)
    }
}

extension Resource: Decodable {
    private enum Keys: String, CodingKey {
        case _id, eid, slug, title, description, photo, addresses, contactInfo, socialMedia, bizHours, freeText
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: Keys.self)
        guard let title = container.text(.title) else {
            throw DecodingProblem.error(.missing, at: container.codingPath + [Keys.title])
        }
        let photo = container.text(.photo).flatMap(URL.init(string:)).flatMap { ["http", "https"].contains($0.scheme?.lowercased()) ? $0 : nil }
        let addresses = ((try? container.decodeIfPresent([Lossy<ResourceAddress>].self, forKey: .addresses)) ?? nil)?
            .compactMap(\.value).filter { !$0.isEmpty } ?? []
        self.init(id: container.text(.eid) ?? container.text(._id) ?? container.text(.slug) ?? "",
                  title: title, descriptionHTML: container.text(.description) ?? "", photoURL: photo, addresses: addresses,
                  contact: ((try? container.decodeIfPresent(ResourceContact.self, forKey: .contactInfo)) ?? nil) ?? ResourceContact(),
                  socialMedia: ((try? container.decodeIfPresent(SocialLinks.self, forKey: .socialMedia)) ?? nil)?.links ?? [],
                  hours: ((try? container.decodeIfPresent(BusinessHours.self, forKey: .bizHours)) ?? nil) ?? BusinessHours(),
                  notes: container.texts(.freeText))
    }
}

extension ResourceAddress: Decodable {
    private enum Keys: String, CodingKey { case label, address1, address2, zipCode, city, state, country, gps }
    private enum GPSKeys: String, CodingKey { case latitude, longitude }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: Keys.self)
        var gps: Coordinate?
        if let position = try? container.nestedContainer(keyedBy: GPSKeys.self, forKey: .gps),
           let latitude = position.text(.latitude), let longitude = position.text(.longitude) {
            gps = Coordinate(latitude: latitude, longitude: longitude)
        }
        self.init(label: container.text(.label), lines: [container.text(.address1), container.text(.address2)].compactMap { $0 },
                  city: container.text(.city), state: container.text(.state), zipCode: container.text(.zipCode),
                  country: container.text(.country), gps: gps)
    }
}

extension ResourceContact: Decodable {
    private enum Keys: String, CodingKey { case website, email, phoneNumber, faxNumber, tollFree }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: Keys.self)
        self.init(phoneNumbers: container.texts(.phoneNumber), tollFreeNumbers: container.texts(.tollFree),
                  faxNumbers: container.texts(.faxNumber), emails: container.texts(.email), websites: container.texts(.website))
    }
}

/// `socialMedia`: any network's list of links, in a stable order (the well-known ones first).
private struct SocialLinks: Decodable {
    static let knownOrder = ["facebook", "twitter", "instagram", "linkedin", "youtubeChannel", "pinterest"]
    var links: [SocialLink]

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: AnyKey.self)
        let networks = container.allKeys.map(\.stringValue).sorted { first, second in
            let a = Self.knownOrder.firstIndex(of: first) ?? Int.max, b = Self.knownOrder.firstIndex(of: second) ?? Int.max
            return a != b ? a < b : first < second
        }
        links = networks.flatMap { network in
            container.texts(AnyKey(network)).map { SocialLink(network: network, url: $0) }
        }
    }
}

extension BusinessHours: Decodable {
    private enum OpeningKeys: String, CodingKey { case from, to }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: AnyKey.self)
        var openings: [Weekday: Opening] = [:]
        for day in Weekday.allCases {
            // A day without both times is closed (the mockup's CLOSED), not half open.
            guard let times = try? container.nestedContainer(keyedBy: OpeningKeys.self, forKey: AnyKey(day.rawValue)),
                  let from = times.text(.from), let to = times.text(.to) else { continue }
            openings[day] = Opening(from: from, to: to)
        }
        self.init(openings)
    }
}

/// A key named at run time (`socialMedia`'s networks, `bizHours`' days).
struct AnyKey: CodingKey {
    var stringValue: String
    var intValue: Int? { nil }
    init(_ string: String) { stringValue = string }
    init?(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
}

/// A text value as the files hold it: a string, or a number written without quotes (phone numbers).
private struct FlexibleText: Decodable {
    var text: String?

    init(from decoder: any Decoder) throws {
        let value = try decoder.singleValueContainer()
        if let string = try? value.decode(String.self) {
            text = string
        } else if let number = try? value.decode(Int64.self) {
            text = String(number)
        } else {
            text = nil
        }
    }
}

extension KeyedDecodingContainer {
    /// The trimmed text at `key`; nil when it is missing, empty or not text.
    func text(_ key: Key) -> String? {
        guard let value = ((try? decodeIfPresent(FlexibleText.self, forKey: key)) ?? nil)?.text else { return nil }
        let trimmed = value.trimmingCharacters(in: .whitespacesAndNewlines)
        return trimmed.isEmpty ? nil : trimmed
    }

    /// The non-empty texts of the list at `key` (a single text counts as a list of one).
    func texts(_ key: Key) -> [String] {
        if let list = (try? decodeIfPresent([FlexibleText].self, forKey: key)) ?? nil {
            return list.compactMap { $0.text?.trimmingCharacters(in: .whitespacesAndNewlines) }.filter { !$0.isEmpty }
        }
        return text(key).map { [$0] } ?? []
    }
}
