// The words of a picture box, and of a picture in the text tier, in a screen's language.

/// The words a picture box says when it shows no picture (loading, none, why it failed), and its
/// words in the accessible text tier, in a screen's language.
public struct PictureWords: Sendable, Equatable {
    /// What a box says while its picture loads ("loading image"), and shorter for a narrow box ("loading").
    public var loading: String
    public var shortLoading: String
    /// What a box without a picture says ("no image").
    public var none: String
    /// The text tier's word for a picture ("picture", "pic") and for none ("no picture", "none").
    public var picture: String
    public var shortPicture: String
    public var noPicture: String
    public var shortNoPicture: String
    /// ``ImageError/reason`` in this language, by the English reason; a reason missing here is shown as it is.
    public var reasons: [String: String]

    public init(loading: String, shortLoading: String, none: String, picture: String, shortPicture: String, noPicture: String,
                shortNoPicture: String, reasons: [String: String]) {
        self.loading = loading
        self.shortLoading = shortLoading
        self.none = none
        self.picture = picture
        self.shortPicture = shortPicture
        self.noPicture = noPicture
        self.shortNoPicture = shortNoPicture
        self.reasons = reasons
    }

    public static let english = PictureWords(loading: "loading image", shortLoading: "loading", none: "no image", picture: "picture",
                                             shortPicture: "pic", noPicture: "no picture", shortNoPicture: "none", reasons: [:])
    public static let german = PictureWords(loading: "Bild lädt", shortLoading: "lädt", none: "kein Bild", picture: "Bild",
                                            shortPicture: "Bild", noPicture: "kein Bild", shortNoPicture: "keins",
                                            reasons: ["not an image": "kein Bildformat", "broken image": "Bild defekt",
                                                      "too large": "zu groß", "image unavailable": "Bild nicht verfügbar"])

    /// `reason` (an ``ImageError/reason``, or a feature's own words) in this language.
    public func reason(_ reason: String) -> String {
        reasons[reason] ?? reason
    }
}
