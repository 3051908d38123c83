import Foundation

/// One resource of a category (a restaurant, a vacation spot), with only the values that mean
/// something: empty strings, empty objects and unusable values of the payload are dropped when it
/// is decoded, so no screen ever shows an empty row for them.
public struct Resource: Sendable, Equatable, Identifiable {
    /// The resource's `eid`, else its `_id`, else its slug, else its position.
    public var id: String
    public var title: String
    /// The description as the API sends it: HTML.
    public var descriptionHTML: String
    public var photoURL: URL?
    public var addresses: [ResourceAddress]
    public var contact: ResourceContact
    public var socialMedia: [SocialLink]
    public var hours: BusinessHours
    /// `freeText`: notes, each a paragraph.
    public var notes: [String]

    public init(id: String, title: String, descriptionHTML: String = "", photoURL: URL? = nil, addresses: [ResourceAddress] = [],
                contact: ResourceContact = ResourceContact(), socialMedia: [SocialLink] = [], hours: BusinessHours = BusinessHours(),
                notes: [String] = []) {
        self.id = id
        self.title = title
        self.descriptionHTML = descriptionHTML
        self.photoURL = photoURL
        self.addresses = addresses
        self.contact = contact
        self.socialMedia = socialMedia
        self.hours = hours
        self.notes = notes
    }
}

/// A postal address; `gps` when both of its strings parse as a position on Earth.
public struct ResourceAddress: Sendable, Equatable {
    public var label: String?
    public var lines: [String]
    public var city: String?
    public var state: String?
    public var zipCode: String?
    public var country: String?
    public var gps: Coordinate?

    public init(label: String? = nil, lines: [String], city: String? = nil, state: String? = nil, zipCode: String? = nil,
                country: String? = nil, gps: Coordinate? = nil) {
        self.label = label
        self.lines = lines
        self.city = city
        self.state = state
        self.zipCode = zipCode
        self.country = country
        self.gps = gps
    }

    /// Street lines, then `City, ST ZIP`, then the country: the mockup's three lines, without empty ones.
    public var formattedLines: [String] {
        let cityLine = [[city, state].compactMap { $0 }.joined(separator: ", "), zipCode ?? ""]
            .filter { !$0.isEmpty }.joined(separator: " ")
        return (lines + [cityLine, country ?? ""]).filter { !$0.isEmpty }
    }

    /// Nothing to show (the payload's `{}`).
    public var isEmpty: Bool { formattedLines.isEmpty }
}

/// A position: latitude −90…90 and longitude −180…180 degrees.
public struct Coordinate: Sendable, Equatable {
    public var latitude: Double
    public var longitude: Double

    /// Parses the payload's strings ("45.490834", "-73.777091"); nil for anything that is not a position.
    public init?(latitude: String, longitude: String) {
        guard let lat = Double(latitude.trimmingCharacters(in: .whitespaces)),
              let lon = Double(longitude.trimmingCharacters(in: .whitespaces)) else { return nil }
        self.init(latitude: lat, longitude: lon)
    }

    public init?(latitude: Double, longitude: Double) {
        guard latitude.isFinite, longitude.isFinite, (-90...90).contains(latitude), (-180...180).contains(longitude) else { return nil }
        self.latitude = latitude
        self.longitude = longitude
    }
}

/// `contactInfo`: each list holds only non-empty values.
public struct ResourceContact: Sendable, Equatable {
    public var phoneNumbers: [String]
    public var tollFreeNumbers: [String]
    public var faxNumbers: [String]
    public var emails: [String]
    public var websites: [String]

    public init(phoneNumbers: [String] = [], tollFreeNumbers: [String] = [], faxNumbers: [String] = [], emails: [String] = [],
                websites: [String] = []) {
        self.phoneNumbers = phoneNumbers
        self.tollFreeNumbers = tollFreeNumbers
        self.faxNumbers = faxNumbers
        self.emails = emails
        self.websites = websites
    }

    public var isEmpty: Bool {
        phoneNumbers.isEmpty && tollFreeNumbers.isEmpty && faxNumbers.isEmpty && emails.isEmpty && websites.isEmpty
    }
}

/// One link of `socialMedia` (`facebook`, `twitter`, `youtubeChannel`, …), in the payload's order.
public struct SocialLink: Sendable, Equatable {
    /// The payload's key, e.g. `youtubeChannel`.
    public var network: String
    public var url: String

    public init(network: String, url: String) {
        self.network = network
        self.url = url
    }
}

/// The days of `bizHours`, Sunday first as the payload and the mockup list them.
public enum Weekday: String, Sendable, CaseIterable {
    case sunday, monday, tuesday, wednesday, thursday, friday, saturday
}

/// `bizHours`: the opening time of each day that has one; a day without one is closed.
public struct BusinessHours: Sendable, Equatable {
    public struct Opening: Sendable, Equatable {
        public var from: String
        public var to: String
        public init(from: String, to: String) {
            self.from = from
            self.to = to
        }
    }

    public var openings: [Weekday: Opening]

    public init(_ openings: [Weekday: Opening] = [:]) {
        self.openings = openings
    }

    /// No day has hours: the section is not shown at all.
    public var isEmpty: Bool { openings.isEmpty }
}

/// A category's resources and the entries that could not be read.
public struct ResourceList: Sendable, Equatable {
    public var resources: [Resource]
    /// Why entries were left out ("#3: title is missing").
    public var skippedReasons: [String]

    public init(resources: [Resource], skippedReasons: [String] = []) {
        self.resources = resources
        self.skippedReasons = skippedReasons
    }
}
